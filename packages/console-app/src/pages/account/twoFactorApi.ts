import type { AxiosInstance } from 'axios';
import type {
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
  TwoFactorStatus,
} from '@staff/console-contract';
import { toAdminError } from '../admin/adminApi.js';

const call = async <T>(request: Promise<{ data: T }>): Promise<T> => {
  try {
    return (await request).data;
  } catch (error) {
    throw toAdminError(error);
  }
};

/** The signed-in user's own two-step sign-in (console-server src/admin/twoFactorRoutes.ts). Failures are AdminErrors. */
export function createTwoFactorApi(api: AxiosInstance) {
  return {
    status: () => call<TwoFactorStatus>(api.get('/api/auth/2fa')),
    setup: () => call<TwoFactorSetupResponse>(api.post('/api/auth/2fa/setup')),
    enable: (code: string) => call<TwoFactorEnableResponse>(api.post('/api/auth/2fa/enable', { code })),
    disable: (password: string) => call<{ ok: true }>(api.post('/api/auth/2fa/disable', { password })),
  };
}

export type TwoFactorApi = ReturnType<typeof createTwoFactorApi>;

/** An SVG data URL of the otpauth URI; qrcode loads only when a setup starts. */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
