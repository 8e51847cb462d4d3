import { z } from './zod.js';

/** Bot Login (`/crm/bot-login/`): a WA Registries number connected to the WhatsApp Cloud API as a bot. */
export const BOT_LOGIN_STATUSES = ['pending', 'connected', 'failed', 'disconnected'] as const;
export type BotLoginStatus = (typeof BOT_LOGIN_STATUSES)[number];
/** Where a pending registration stands: the code was asked for, or verified and the PIN is next. */
export const BOT_LOGIN_STEPS = ['idle', 'code_requested', 'code_verified'] as const;
export type BotLoginStep = (typeof BOT_LOGIN_STEPS)[number];
export const BOT_CODE_METHODS = ['SMS', 'VOICE'] as const;
export type BotCodeMethod = (typeof BOT_CODE_METHODS)[number];

/** Socket `resource:changed` entity of a number's bot login (readers of ad_daily_tracker). */
export const BOT_LOGIN_CHANGED_ENTITY = 'bot_logins';

export const BOT_LOGIN_STATUS_LABELS: Record<BotLoginStatus, string> = {
  pending: 'Menunggu verifikasi',
  connected: 'Terhubung',
  failed: 'Gagal',
  disconnected: 'Terputus',
};

export const botLoginSchema = z.object({
  registry_id: z.number(),
  name: z.string(),
  phone: z.string(),
  /** The number's id at Meta (Cloud API phone-number-id); null until a code is first requested. */
  phone_number_id: z.nullable(z.string()),
  status: z.enum(BOT_LOGIN_STATUSES),
  step: z.enum(BOT_LOGIN_STEPS),
  code_method: z.nullable(z.enum(BOT_CODE_METHODS)),
  /** The provider's last refusal, in words. */
  last_error: z.nullable(z.string()),
  connected_at: z.nullable(z.string()),
  version: z.number(),
});
export type BotLogin = z.infer<typeof botLoginSchema>;
export const botLoginResponseSchema = z.object({ data: botLoginSchema });

const sixDigits = (what: string) => z.string().check(z.regex(/^\d{6}$/, `${what} harus 6 angka`));

export const botRequestCodeBodySchema = z.object({
  code_method: z.enum(BOT_CODE_METHODS),
  /** Language of the SMS or call (Meta's locale code). */
  language: z._default(
    z.string().check(z.regex(/^[a-z]{2}(_[A-Z]{2})?$/, 'Kode bahasa, mis. id atau en_US')),
    'id',
  ),
  /** The Cloud API phone-number-id; default the one stored, else the registry's digits. */
  phone_number_id: z.optional(
    z.string().check(z.regex(/^\d{5,20}$/, 'Phone number ID dari Meta: 5–20 angka')),
  ),
});
export const botVerifyCodeBodySchema = z.object({ code: sixDigits('Kode verifikasi') });
export const botRegisterBodySchema = z.object({ pin: sixDigits('PIN') });
