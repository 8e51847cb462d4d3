import type { AxiosInstance } from 'axios';
import type { ConfigResponse } from '@staff/console-contract';

export type ConfigValue = string | number | null;

const NUMERIC = /^\s*-?(?:\d+\.?\d*|\.\d+)\s*$/;

/** Numeric strings become numbers (spec section 3); anything else stays as it is. */
export function parseConfigValue(value: string | null | undefined): ConfigValue {
  if (value === null || value === undefined) return null;
  return NUMERIC.test(value) ? Number(value) : value;
}

/**
 * Reads one config (`GET /api/configs/`): its `config_value`, else the default (the server's, else the one
 * asked with). Errors are rethrown to the caller, who decides how to show them (spec section 8).
 *
 * @example
 * const days = await readConfig(api, 'logistics_window_days', '30'); // 30
 */
export async function readConfig(
  client: AxiosInstance,
  configName: string,
  defaultValue?: string,
): Promise<ConfigValue> {
  const response = await client.get<ConfigResponse>('/api/configs/', {
    params: {
      config_name: configName,
      ...(defaultValue !== undefined ? { default_value: defaultValue } : {}),
    },
  });
  const body = response.data;
  const raw = body?.config_value ?? body?.default_value ?? defaultValue ?? null;
  return parseConfigValue(raw);
}
