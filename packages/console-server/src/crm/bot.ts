/**
 * The auto-response bot: for each new customer message (inside the webhook's transaction) the number's active
 * rules are tried by priority; the first that matches the text, fits the hours, and is allowed by its frequency
 * and cooldown answers — its reply queued in the WhatsApp outbox, or the conversation handed to a person — and
 * the answer is logged with the rule. A conversation a person has taken (assigned or handed over) is left alone.
 */
import { type Kysely, sql } from 'kysely';
import type { BotRule, BotSettings } from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import type { OnInbound } from '../whatsapp/inbound.js';
import { queueOutgoing } from '../whatsapp/outbox.js';
import { phoneForms } from '../whatsapp/service.js';
import {
  DEFAULT_BOT_SETTINGS,
  type ReplyValues,
  normaliseText,
  renderReply,
  ruleMatch,
  withinBusinessHours,
} from './match.js';

interface RuleRow {
  id: string;
  wa_registry_id: string;
  name: string;
  priority: number;
  match_type: BotRule['match_type'];
  pattern: string;
  action: BotRule['action'];
  reply_text: string;
  hours: BotRule['hours'];
  frequency: BotRule['frequency'];
  cooldown_minutes: number;
  active: boolean;
  version: number;
}

export const ruleOut = (row: RuleRow): BotRule => ({
  id: Number(row.id),
  wa_registry_id: Number(row.wa_registry_id),
  name: row.name,
  priority: row.priority,
  match_type: row.match_type,
  pattern: row.pattern,
  action: row.action,
  reply_text: row.reply_text,
  hours: row.hours,
  frequency: row.frequency,
  cooldown_minutes: row.cooldown_minutes,
  active: row.active,
  version: row.version,
});

export async function botSettings(db: Kysely<Database>, registryId: number | string): Promise<BotSettings> {
  const row = (
    await sql<{
      enabled: boolean;
      business_days: string;
      opens_at: string;
      closes_at: string;
      lowercase: boolean;
      collapse_spaces: boolean;
      strip_punctuation: boolean;
      strip_accents: boolean;
    }>`select * from bot_settings where wa_registry_id = ${registryId}`.execute(db)
  ).rows[0];
  if (!row) return DEFAULT_BOT_SETTINGS;
  return {
    enabled: row.enabled,
    business_days: row.business_days ? row.business_days.split(',').map(Number) : [],
    opens_at: row.opens_at,
    closes_at: row.closes_at,
    lowercase: row.lowercase,
    collapse_spaces: row.collapse_spaces,
    strip_punctuation: row.strip_punctuation,
    strip_accents: row.strip_accents,
  };
}

/** Rules of a number, in the order they are tried (priority, then age). */
export async function botRules(
  db: Kysely<Database>,
  registryId: number | string,
  { activeOnly = false } = {},
): Promise<BotRule[]> {
  const rows = await sql<RuleRow>`
    select id, wa_registry_id, name, priority, match_type, pattern, action, reply_text, hours, frequency,
      cooldown_minutes, active, version
    from bot_rules where wa_registry_id = ${registryId} ${activeOnly ? sql`and active` : sql``}
    order by priority, id`.execute(db);
  return rows.rows.map(ruleOut);
}

/** {name}, {order}, {resi} for a customer: the newest purchase and the newest package with a resi. */
export async function replyValues(
  db: Kysely<Database>,
  customerWaId: string,
  name: string | null,
): Promise<ReplyValues> {
  const [a, b] = phoneForms(customerWaId);
  const purchase = (
    await sql<{ label: string }>`
      select coalesce(product_name || ' (' || mayar_id || ')', mayar_id) as label from purchases
      where regexp_replace(coalesce(customer_mobile, ''), '\\D', '', 'g') in (${a}, ${b})
      order by mayar_created_at desc limit 1`.execute(db)
  ).rows[0];
  const pkg = (
    await sql<{ receipt: string }>`
      select receipt from packages
      where deleted_at is null and receipt is not null and receipt <> ''
        and regexp_replace(coalesce(phone, ''), '\\D', '', 'g') in (${a}, ${b})
      order by id desc limit 1`.execute(db)
  ).rows[0];
  return { name, order: purchase?.label ?? null, resi: pkg?.receipt ?? null };
}

export interface Decision {
  normalised: string;
  withinBusinessHours: boolean;
  rule: BotRule | null;
  /** The rule's keyword that matched, as written (null for "any" and regular expressions). */
  keyword: string | null;
}

/**
 * The first rule that matches, fits the hours and is `allowed` (frequency and cooldown; the tester allows all).
 * A rule held back by its frequency or cooldown lets the next one answer: a once-per-contact greeting does not
 * silence the keyword rules after it.
 */
export async function decide(
  rules: readonly BotRule[],
  settings: BotSettings,
  text: string,
  at: Date,
  allowed: (rule: BotRule) => Promise<boolean> = async () => true,
): Promise<Decision> {
  const normalised = normaliseText(text, settings);
  const open = withinBusinessHours(at, settings);
  for (const rule of rules) {
    if (!rule.active) continue;
    if (rule.hours === 'business' && !open) continue;
    if (rule.hours === 'away' && open) continue;
    const match = ruleMatch(rule, text, normalised, settings);
    if (!match.matched) continue;
    if (!(await allowed(rule))) continue;
    return { normalised, withinBusinessHours: open, rule, keyword: match.keyword };
  }
  return { normalised, withinBusinessHours: open, rule: null, keyword: null };
}

/** Whether frequency and cooldown let the rule answer this conversation now. */
async function allowedNow(
  db: Kysely<Database>,
  rule: BotRule,
  conversationId: string,
  customerWaId: string,
  now: Date,
): Promise<boolean> {
  if (rule.frequency === 'once_per_conversation') {
    const seen =
      await sql`select 1 from bot_answers where rule_id = ${rule.id} and conversation_id = ${conversationId} limit 1`.execute(
        db,
      );
    if (seen.rows.length > 0) return false;
  }
  if (rule.frequency === 'once_per_contact') {
    const seen =
      await sql`select 1 from bot_answers where rule_id = ${rule.id} and customer_wa_id = ${customerWaId} limit 1`.execute(
        db,
      );
    if (seen.rows.length > 0) return false;
  }
  if (rule.cooldown_minutes > 0) {
    const since = new Date(now.getTime() - rule.cooldown_minutes * 60_000);
    const recent = await sql`
      select 1 from bot_answers where rule_id = ${rule.id} and conversation_id = ${conversationId} and at > ${since}
      limit 1`.execute(db);
    if (recent.rows.length > 0) return false;
  }
  return true;
}

/** The live bot, plugged into the WhatsApp intake (runs in its transaction). */
export const botOnInbound: OnInbound = async (trx, conversation, message, now) => {
  if (conversation.handed_over || conversation.assigned_to !== null) return;
  // An inactive number cannot send: the bot stays silent rather than queue answers that can only fail (the
  // Chat List says why its composer is closed).
  const number = await sql<{ active: boolean }>`
    select active from wa_registries where id = ${conversation.wa_registry_id} and deleted_at is null`.execute(
    trx,
  );
  if (!number.rows[0]?.active) return;
  const settings = await botSettings(trx, conversation.wa_registry_id);
  if (!settings.enabled) return;
  const rules = await botRules(trx, conversation.wa_registry_id, { activeOnly: true });
  if (rules.length === 0) return;
  // Concurrent messages of one conversation (two nodes) decide one after the other.
  await sql`select id from wa_conversations where id = ${conversation.id} for update`.execute(trx);
  const { rule } = await decide(rules, settings, message.body, message.at, (candidate) =>
    allowedNow(trx, candidate, conversation.id, conversation.customer_wa_id, now),
  );
  if (!rule) return;
  let outboundId: number | null = null;
  if (rule.action === 'reply' || rule.reply_text.trim() !== '') {
    const values = await replyValues(trx, conversation.customer_wa_id, conversation.customer_name);
    const queued = await queueOutgoing(trx, {
      conversationId: conversation.id,
      message: { type: 'text', body: renderReply(rule.reply_text, values).slice(0, 4096) },
      sentBy: null,
      botRuleId: rule.id,
      now,
    });
    outboundId = queued.id;
  }
  if (rule.action === 'handover')
    await sql`update wa_conversations set handed_over = true, version = version + 1 where id = ${conversation.id}`.execute(
      trx,
    );
  await sql`
    insert into bot_answers (rule_id, rule_name, wa_registry_id, conversation_id, customer_wa_id, inbound_message_id,
      outbound_message_id, action, at)
    values (${rule.id}, ${rule.name}, ${conversation.wa_registry_id}, ${conversation.id}, ${conversation.customer_wa_id},
      ${message.id}, ${outboundId}, ${rule.action}, ${now})`.execute(trx);
};
