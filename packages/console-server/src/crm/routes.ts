/**
 * Bot Auto Response's API (key ad_daily_tracker, as the page): the numbers, their rules and settings (writes
 * audited in their transaction), the "what would the bot say" tester and the log of answers.
 */
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { type AnyEndpoint, type botRuleBodySchema, botsEndpoints, type z } from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import { HttpError, type RouteRegistrar } from '../http.js';
import { writeAudit } from '../services/audit.js';
import { botRules, botSettings, decide, ruleOut } from './bot.js';
import { BotPatternError, checkRegexSafety, renderReply } from './match.js';
import { type EndpointHandler, implement } from '../pageRoutes.js';

type RouteFn = RouteRegistrar;

async function requireNumber(db: Kysely<Database>, id: number) {
  const row = await sql`select id from wa_registries where id = ${id} and deleted_at is null`.execute(db);
  if (row.rows.length === 0) throw new HttpError(404, `No WA Registries number ${id}`, 'NOT_FOUND');
}

function checkPattern(body: z.infer<typeof botRuleBodySchema>) {
  if (body.match_type !== 'regex') return;
  try {
    checkRegexSafety(body.pattern);
  } catch (error) {
    if (error instanceof BotPatternError)
      throw new HttpError(400, 'Invalid input', 'INVALID_INPUT', { pattern: [error.message] });
    throw error;
  }
}

export function registerBotRoutes(deps: {
  route: RouteFn;
  db: Kysely<Database>;
  sessionOf: (request: FastifyRequest) => { userId: number };
  clock: () => Date;
}) {
  const { route, db, sessionOf, clock } = deps;
  /** An endpoint under one number (`:registry_id`): a number not there (or deleted) is answered 404 first. */
  const onNumber = <E extends AnyEndpoint>(endpoint: E, handler: EndpointHandler<E>) =>
    implement(route, endpoint, async (request, reply, input) => {
      await requireNumber(db, (input.params as { registry_id: number }).registry_id);
      return handler(request, reply, input);
    });

  implement(route, botsEndpoints.numbers, async () => {
    const rows = await sql<{
      id: string;
      name: string;
      phone: string;
      purpose: string;
      active_rules: string | number;
      bot_status: 'pending' | 'connected' | 'failed' | 'disconnected' | null;
    }>`
        select r.id, r.name, r.phone, r.purpose, n.status as bot_status,
          (select count(*) from bot_rules b where b.wa_registry_id = r.id and b.active) as active_rules
        from wa_registries r left join whatsapp_numbers n on n.wa_registry_id = r.id
        where r.deleted_at is null and r.active
        order by (r.purpose = 'bot') desc, r.name limit 1000`.execute(db);
    return {
      data: rows.rows.map((row) => ({
        id: Number(row.id),
        name: row.name,
        phone: row.phone,
        purpose: row.purpose,
        active_rules: Number(row.active_rules),
        bot_status: row.bot_status ?? 'disconnected',
      })),
    };
  });

  onNumber(botsEndpoints.rules, async (_request, _reply, { params }) => {
    return {
      data: {
        rules: await botRules(db, params.registry_id),
        settings: await botSettings(db, params.registry_id),
      },
    };
  });

  const ruleColumns = (body: z.infer<typeof botRuleBodySchema>) => ({
    name: body.name,
    priority: body.priority,
    match_type: body.match_type,
    pattern: body.pattern,
    action: body.action,
    reply_text: body.reply_text,
    hours: body.hours,
    frequency: body.frequency,
    cooldown_minutes: body.cooldown_minutes,
    active: body.active,
  });

  onNumber(botsEndpoints.createRule, async (request, _reply, { params, body }) => {
    checkPattern(body);
    const rule = await db.transaction().execute(async (trx) => {
      const c = ruleColumns(body);
      const row = await sql<Parameters<typeof ruleOut>[0]>`
          insert into bot_rules (wa_registry_id, name, priority, match_type, pattern, action, reply_text, hours,
            frequency, cooldown_minutes, active)
          values (${params.registry_id}, ${c.name}, ${c.priority}, ${c.match_type}, ${c.pattern}, ${c.action},
            ${c.reply_text}, ${c.hours}, ${c.frequency}, ${c.cooldown_minutes}, ${c.active})
          returning *`.execute(trx);
      const created = ruleOut(row.rows[0]!);
      await writeAudit(trx, {
        actorId: sessionOf(request).userId,
        action: 'create',
        entity: 'bot_rules',
        entityId: created.id,
        after: created,
        ip: request.ip,
      });
      return created;
    });
    return { data: rule };
  });

  implement(route, botsEndpoints.updateRule, async (request, _reply, { params, body }) => {
    checkPattern(body);
    const rule = await db.transaction().execute(async (trx) => {
      const before = (
        await sql<
          Parameters<typeof ruleOut>[0]
        >`select * from bot_rules where id = ${params.id} for update`.execute(trx)
      ).rows[0];
      if (!before) throw new HttpError(404, `No rule ${params.id}`, 'NOT_FOUND');
      const c = ruleColumns(body);
      const row = await sql<Parameters<typeof ruleOut>[0]>`
          update bot_rules set name = ${c.name}, priority = ${c.priority}, match_type = ${c.match_type},
            pattern = ${c.pattern}, action = ${c.action}, reply_text = ${c.reply_text}, hours = ${c.hours},
            frequency = ${c.frequency}, cooldown_minutes = ${c.cooldown_minutes}, active = ${c.active},
            updated_at = ${clock()}, version = version + 1
          where id = ${params.id} returning *`.execute(trx);
      const after = ruleOut(row.rows[0]!);
      await writeAudit(trx, {
        actorId: sessionOf(request).userId,
        action: 'update',
        entity: 'bot_rules',
        entityId: after.id,
        before: ruleOut(before),
        after,
        ip: request.ip,
      });
      return after;
    });
    return { data: rule };
  });

  implement(route, botsEndpoints.deleteRule, async (request, _reply, { params }) => {
    await db.transaction().execute(async (trx) => {
      const before = (
        await sql<
          Parameters<typeof ruleOut>[0]
        >`delete from bot_rules where id = ${params.id} returning *`.execute(trx)
      ).rows[0];
      if (!before) throw new HttpError(404, `No rule ${params.id}`, 'NOT_FOUND');
      await writeAudit(trx, {
        actorId: sessionOf(request).userId,
        action: 'delete',
        entity: 'bot_rules',
        entityId: params.id,
        before: ruleOut(before),
        ip: request.ip,
      });
    });
    return { data: { id: params.id } };
  });

  onNumber(botsEndpoints.saveSettings, async (request, _reply, { params, body }) => {
    const days = [...new Set(body.business_days)].sort().join(',');
    await db.transaction().execute(async (trx) => {
      const before = await botSettings(trx, params.registry_id);
      await sql`
          insert into bot_settings (wa_registry_id, enabled, business_days, opens_at, closes_at, lowercase,
            collapse_spaces, strip_punctuation, strip_accents, updated_at)
          values (${params.registry_id}, ${body.enabled}, ${days}, ${body.opens_at}, ${body.closes_at},
            ${body.lowercase}, ${body.collapse_spaces}, ${body.strip_punctuation}, ${body.strip_accents}, ${clock()})
          on conflict (wa_registry_id) do update set enabled = excluded.enabled,
            business_days = excluded.business_days, opens_at = excluded.opens_at, closes_at = excluded.closes_at,
            lowercase = excluded.lowercase, collapse_spaces = excluded.collapse_spaces,
            strip_punctuation = excluded.strip_punctuation, strip_accents = excluded.strip_accents,
            updated_at = excluded.updated_at, version = bot_settings.version + 1`.execute(trx);
      await writeAudit(trx, {
        actorId: sessionOf(request).userId,
        action: 'update',
        entity: 'bot_settings',
        entityId: params.registry_id,
        before,
        after: body,
        ip: request.ip,
      });
    });
    return { data: await botSettings(db, params.registry_id) };
  });

  onNumber(botsEndpoints.test, async (_request, _reply, { params, body }) => {
    const settings = await botSettings(db, params.registry_id);
    const rules = await botRules(db, params.registry_id, { activeOnly: true });
    const decision = await decide(rules, settings, body.text, body.at ? new Date(body.at) : clock());
    const rule = decision.rule;
    const reply =
      rule && (rule.action === 'reply' || rule.reply_text.trim() !== '')
        ? renderReply(rule.reply_text, {
            name: body.name ?? null,
            order: 'Kelas Digital Marketing (MYR-1042)',
            resi: 'JNE0123456789',
          })
        : null;
    return {
      data: {
        normalised: decision.normalised,
        within_business_hours: decision.withinBusinessHours,
        rule,
        keyword: decision.keyword,
        action: rule ? rule.action : ('none' as const),
        reply,
      },
    };
  });

  onNumber(botsEndpoints.answers, async (_request, _reply, { params }) => {
    const rows = await sql<{
      id: string;
      at: Date;
      rule_id: string | null;
      rule_name: string;
      action: 'reply' | 'handover';
      customer_wa_id: string;
      conversation_id: string;
      inbound: string | null;
      reply: string | null;
    }>`
        select a.id, a.at, a.rule_id, a.rule_name, a.action, a.customer_wa_id, a.conversation_id,
          i.body as inbound, o.body as reply
        from bot_answers a
        left join wa_messages i on i.id = a.inbound_message_id
        left join wa_messages o on o.id = a.outbound_message_id
        where a.wa_registry_id = ${params.registry_id}
        order by a.at desc, a.id desc limit 200`.execute(db);
    return {
      data: rows.rows.map((row) => ({
        id: Number(row.id),
        at: new Date(row.at).toISOString(),
        rule_id: row.rule_id === null ? null : Number(row.rule_id),
        rule_name: row.rule_name,
        action: row.action,
        customer_wa_id: row.customer_wa_id,
        conversation_id: Number(row.conversation_id),
        inbound: row.inbound,
        reply: row.reply,
      })),
    };
  });
}
