import { z } from './zod.js';

export const BOT_MATCH_TYPES = [
  'exact',
  'contains',
  'starts_with',
  'any_keywords',
  'all_keywords',
  'regex',
  'any',
] as const;
export type BotMatchType = (typeof BOT_MATCH_TYPES)[number];
export const BOT_MATCH_LABELS: Record<BotMatchType, string> = {
  exact: 'Sama persis',
  contains: 'Mengandung',
  starts_with: 'Diawali',
  any_keywords: 'Salah satu kata kunci',
  all_keywords: 'Semua kata kunci',
  regex: 'Ekspresi reguler',
  any: 'Pesan apa saja',
};
export const BOT_HOURS = ['always', 'business', 'away'] as const;
export const BOT_HOURS_LABELS: Record<(typeof BOT_HOURS)[number], string> = {
  always: 'Kapan saja',
  business: 'Jam kerja',
  away: 'Di luar jam kerja (away)',
};
export const BOT_FREQUENCIES = ['every_time', 'once_per_conversation', 'once_per_contact'] as const;
export const BOT_FREQUENCY_LABELS: Record<(typeof BOT_FREQUENCIES)[number], string> = {
  every_time: 'Setiap kali',
  once_per_conversation: 'Sekali per percakapan',
  once_per_contact: 'Sekali per kontak',
};
export const BOT_ACTIONS = ['reply', 'handover'] as const;
/** Placeholders a reply may use. */
export const BOT_PLACEHOLDERS = ['{name}', '{order}', '{resi}'] as const;
export const BOT_REGEX_MAX = 200;

const hhmm = z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM, e.g. 08:00'));

export const botRuleBodySchema = z
  .object({
    name: z.string().check(z.trim(), z.minLength(1, 'Isi nama aturan'), z.maxLength(120)),
    priority: z._default(z.number().check(z.int(), z.gte(0), z.lte(100000)), 100),
    match_type: z.enum(BOT_MATCH_TYPES),
    pattern: z._default(z.string().check(z.maxLength(500)), ''),
    action: z._default(z.enum(BOT_ACTIONS), 'reply'),
    reply_text: z._default(z.string().check(z.maxLength(4096)), ''),
    hours: z._default(z.enum(BOT_HOURS), 'always'),
    frequency: z._default(z.enum(BOT_FREQUENCIES), 'every_time'),
    cooldown_minutes: z._default(z.number().check(z.int(), z.gte(0), z.lte(10080)), 0),
    active: z._default(z.boolean(), true),
  })
  .check(
    z.superRefine((rule, ctx) => {
      if (rule.match_type !== 'any' && rule.pattern.trim() === '')
        ctx.addIssue({ code: 'custom', path: ['pattern'], message: 'Isi pola atau kata kunci' });
      if (rule.action === 'reply' && rule.reply_text.trim() === '')
        ctx.addIssue({ code: 'custom', path: ['reply_text'], message: 'Isi balasan' });
      if (rule.match_type === 'regex' && rule.pattern.length > BOT_REGEX_MAX)
        ctx.addIssue({
          code: 'custom',
          path: ['pattern'],
          message: `Paling panjang ${BOT_REGEX_MAX} karakter`,
        });
    }),
  );
export type BotRuleBody = z.infer<typeof botRuleBodySchema>;

export const botRuleSchema = z.object({
  id: z.number(),
  wa_registry_id: z.number(),
  name: z.string(),
  priority: z.number(),
  match_type: z.enum(BOT_MATCH_TYPES),
  pattern: z.string(),
  action: z.enum(BOT_ACTIONS),
  reply_text: z.string(),
  hours: z.enum(BOT_HOURS),
  frequency: z.enum(BOT_FREQUENCIES),
  cooldown_minutes: z.number(),
  active: z.boolean(),
  version: z.number(),
});
export type BotRule = z.infer<typeof botRuleSchema>;

export const botSettingsSchema = z.object({
  enabled: z.boolean(),
  /** ISO weekdays, 1 = Monday … 7 = Sunday. */
  business_days: z.array(z.number().check(z.int(), z.gte(1), z.lte(7))).check(z.maxLength(7)),
  opens_at: hhmm,
  closes_at: hhmm,
  lowercase: z.boolean(),
  collapse_spaces: z.boolean(),
  strip_punctuation: z.boolean(),
  strip_accents: z.boolean(),
});
export type BotSettings = z.infer<typeof botSettingsSchema>;

export const botNumberSchema = z.object({
  id: z.number(),
  name: z.string(),
  phone: z.string(),
  purpose: z.string(),
  active_rules: z.number(),
  bot_status: z.enum(['pending', 'connected', 'failed', 'disconnected']),
});

export const botNumbersResponseSchema = z.object({ data: z.array(botNumberSchema) });
export const botRulesResponseSchema = z.object({
  data: z.object({ rules: z.array(botRuleSchema), settings: botSettingsSchema }),
});

export const botTestBodySchema = z.object({
  text: z.string().check(z.maxLength(4096)),
  name: z.optional(z.string().check(z.maxLength(120))),
  /** When the message arrives (ISO); default now. Business hours are judged in Asia/Jakarta. */
  at: z.optional(z.string().check(z.iso.datetime({ offset: true }))),
});
export const botTestResponseSchema = z.object({
  data: z.object({
    normalised: z.string(),
    within_business_hours: z.boolean(),
    rule: z.nullable(botRuleSchema),
    /** The rule's keyword that matched, as written (null for "any", regular expressions, or no rule). */
    keyword: z.nullable(z.string()),
    action: z.enum(['reply', 'handover', 'none']),
    reply: z.nullable(z.string()),
  }),
});

export const botAnswerSchema = z.object({
  id: z.number(),
  at: z.string(),
  rule_id: z.nullable(z.number()),
  rule_name: z.string(),
  action: z.enum(BOT_ACTIONS),
  customer_wa_id: z.string(),
  conversation_id: z.number(),
  inbound: z.nullable(z.string()),
  reply: z.nullable(z.string()),
});
export const botAnswersResponseSchema = z.object({ data: z.array(botAnswerSchema) });
