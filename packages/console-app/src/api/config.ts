import type { ApiClient } from './client.js';
import { configEndpoints } from '@staff/console-contract';
import { createCall } from './call.js';

export type ConfigValue = string | number | null;

const NUMERIC = /^\s*-?(?:\d+\.?\d*|\.\d+)\s*$/;

/** Numeric strings become numbers (spec section 3); anything else stays as it is. */
export function parseConfigValue(value: string | null | undefined): ConfigValue {
  if (value === null || value === undefined) return null;
  return NUMERIC.test(value) ? Number(value) : value;
}

/**
 * Reads one config (the contract's `configEndpoints.read`): its `config_value`, else the default (the server's,
 * else the one asked with). Failures, an answer of the wrong shape included, are ApiErrors rethrown to the caller,
 * who decides how to show them (spec section 8).
 *
 * @example
 * const days = await readConfig(api, 'logistics_window_days', '30'); // 30
 */
export async function readConfig(
  client: ApiClient,
  configName: string,
  defaultValue?: string,
): Promise<ConfigValue> {
  const body = await createCall(client)(configEndpoints.read, {
    query: {
      config_name: configName,
      ...(defaultValue !== undefined ? { default_value: defaultValue } : {}),
    },
  });
  return parseConfigValue(body.config_value ?? body.default_value ?? defaultValue ?? null);
}
