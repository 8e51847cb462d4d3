import { accountEndpoints } from '@staff/console-contract';
import { createCall } from '../../api/call.js';
import { toAdminError } from '../admin/adminApi.js';
import type { ApiClient } from '../../api/client.js';

/** A call whose failure is an AdminError (an ApiError with the pages' words when the server sent none). */
const admin = async <T>(answer: Promise<T>): Promise<T> => {
  try {
    return await answer;
  } catch (error) {
    throw toAdminError(error);
  }
};

/**
 * The signed-in user's own two-step sign-in (the contract's `accountEndpoints`): its state and a new setup.
 * Failures are AdminErrors. Turning it on and off are forms (useEndpointForm in TwoFactorDialog).
 */
export function createTwoFactorApi(api: ApiClient) {
  const call = createCall(api);
  return {
    status: () => admin(call(accountEndpoints.twoFactorStatus)),
    setup: () => admin(call(accountEndpoints.twoFactorSetup)),
  };
}

export type TwoFactorApi = ReturnType<typeof createTwoFactorApi>;

/** An SVG data URL of the otpauth URI; qrcode loads only when a setup starts. */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
