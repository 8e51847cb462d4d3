// Test fixture: one shipped package and the answers a packages list page asks for before it shows it.
import {
  configEndpoints,
  resourcesEndpoints,
  savedViewsEndpoints,
  type AnyEndpoint,
} from '@staff/console-contract';
import { requestOf } from '../../api/call.js';
import type { FakeAnswer } from '../../api/testAdapter.js';
import type { FakeRequest } from '../../api/testAdapter.js';

/** A package on its way with a courier receipt. */
export const shippingPackage = {
  id: 1,
  order_ref: 'INV-1',
  recipient_name: 'Ayu',
  phone: '0812',
  qty: 1,
  status: 'Shipping',
  courier: 'jne',
  receipt: 'JNE0012345678',
  date_sent: '2026-11-20',
  cust_notified: false,
  version: 1,
};

/** Whether the fake server's request is `endpoint`'s with these path parameters (the URL as `call()` builds it). */
export function isRequestOf(
  config: FakeRequest,
  endpoint: AnyEndpoint,
  input?: { params: Record<string, string | number> },
): boolean {
  const expected = requestOf(endpoint, input);
  return config.method === expected.method.toLowerCase() && config.url === expected.url;
}

/**
 * The list's own requests: the `logistics_filter_days` config (`days`, absent: none set), no saved views, and
 * `shippingPackage` as the only row. Undefined for any other request.
 */
export function answerPackageList(config: FakeRequest, days: string | null = null): FakeAnswer | undefined {
  const url = config.url ?? '';
  if (url.startsWith(configEndpoints.read.path))
    return {
      status: 200,
      // As the server answers: the caller's default echoed, the value null when none is set.
      data: {
        config_name: 'logistics_filter_days',
        default_value: (config.params as { default_value?: string } | undefined)?.default_value ?? null,
        config_value: days,
      },
    };
  if (isRequestOf(config, savedViewsEndpoints.list)) return { status: 200, data: { views: [] } };
  if (isRequestOf(config, resourcesEndpoints.list, { params: { entity: 'packages' } }))
    return { status: 200, data: { rows: [shippingPackage], total: 1, labels: {} } };
  return undefined;
}
