import { type Kysely, sql } from 'kysely';
import {
  INSIGHT_SCOPE_LABELS,
  type Insight,
  type InsightScope,
  type InsightStreamEvent,
} from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import { HttpError } from '../http.js';
import { runReport } from '../reports/engine.js';
import { refreshDirtyDays } from '../reports/rollup.js';
import type { InsightsConfig } from '../config.js';
import { type ChatMessage, UpstreamError, streamChatCompletion } from './openai.js';

export type InsightsOptions = Partial<InsightsConfig>;

export interface InsightInput {
  scope: InsightScope;
  scope_id: string;
  from: string;
  to: string;
  question: string;
}

const unknownScope = (scope: InsightScope) =>
  new HttpError(400, 'Invalid body', 'INVALID_INPUT', {
    'body.scope_id': [`No ${INSIGHT_SCOPE_LABELS[scope].toLowerCase()} with this id`],
  });

/** The name of what the insight is about, or a 400 naming scope_id when there is no such thing. */
export async function scopeLabel(db: Kysely<Database>, scope: InsightScope, id: string): Promise<string> {
  if (scope === 'product' || scope === 'tribe') {
    if (!/^\d{1,15}$/.test(id)) throw unknownScope(scope);
    const table = sql.table(scope === 'product' ? 'products' : 'tribes');
    const row = (
      await sql<{ name: string }>`select name from ${table} where id = ${id} and deleted_at is null`.execute(
        db,
      )
    ).rows[0];
    if (!row) throw unknownScope(scope);
    return row.name;
  }
  const column = { campaign: 'campaign', adset: 'adset', ad: 'ad' }[scope];
  const row = (
    await sql<{ name: string | null }>`
      select max(${sql.ref(`${column}_name`)}) as name from ad_insights_daily
      where ${sql.ref(`${column}_id`)} = ${id}
      having count(*) > 0`.execute(db)
  ).rows[0];
  if (!row) throw unknownScope(scope);
  return row.name ?? id;
}

/** What can be chosen for a scope: ids and names from the Meta insights (campaigns, ad sets, ads) or the masters. */
export async function scopeOptions(
  db: Kysely<Database>,
  scope: InsightScope,
  q: string | undefined,
): Promise<{ id: string; label: string }[]> {
  const like = `%${(q ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (scope === 'product' || scope === 'tribe') {
    const table = sql.table(scope === 'product' ? 'products' : 'tribes');
    const rows = await sql<{ id: string; name: string }>`
      select id::text as id, name from ${table}
      where deleted_at is null and name ilike ${like}
      order by lower(name) limit 50`.execute(db);
    return rows.rows.map((row) => ({ id: row.id, label: row.name }));
  }
  const id = sql.ref(`${scope}_id`);
  const name = sql.ref(`${scope}_name`);
  const rows = await sql<{ id: string; name: string | null }>`
    select ${id} as id, max(${name}) as name from ad_insights_daily
    where ${id} is not null and (${name} ilike ${like} or ${id} ilike ${like})
    group by ${id} order by max(${name}), ${id} limit 50`.execute(db);
  return rows.rows.map((row) => ({ id: row.id, label: row.name ? `${row.name} (${row.id})` : row.id }));
}

/**
 * The figures the model reads: for a campaign, ad set or ad the Ads X Mayar report (spend, Meta and Mayar
 * figures, ratios from sums) per day with totals and the previous period; for a product or tribe the paid Mayar
 * orders and revenue per Jakarta day.
 */
export async function takeSnapshot(
  db: Kysely<Database>,
  input: InsightInput,
): Promise<Record<string, unknown>> {
  if (input.scope === 'campaign' || input.scope === 'adset' || input.scope === 'ad') {
    const report = await runReport(db, 'ads-x-mayar', {
      from: input.from,
      to: input.to,
      group_by: 'day',
      compare: 'previous',
      format: 'json',
      [input.scope]: input.scope_id,
    });
    return {
      source: 'report ads-x-mayar',
      totals: report.totals.values,
      previous_period: report.previous_period,
      previous_totals: report.totals.previous,
      change_percent: report.totals.deltas,
      days: report.rows.map((row) => row.values),
    };
  }
  await refreshDirtyDays(db, input.from, input.to);
  const days =
    input.scope === 'product'
      ? await sql<{ day: string; orders: string; revenue: string }>`
          select to_char(day, 'YYYY-MM-DD') as day, sum(orders)::text as orders, sum(revenue)::text as revenue
          from report_sales_daily
          where product_key = ${input.scope_id} and day between ${input.from}::date and ${input.to}::date
          group by day order by day`.execute(db)
      : await sql<{ day: string; orders: string; revenue: string }>`
          select to_char((coalesce(p.paid_at, p.mayar_created_at) at time zone 'Asia/Jakarta')::date, 'YYYY-MM-DD') as day,
            count(*)::text as orders, coalesce(sum(p.amount), 0)::text as revenue
          from purchases p
          where p.tribe_id = ${input.scope_id} and p.transaction_status = 'paid'
            and coalesce(p.paid_at, p.mayar_created_at) >= (${input.from}::date::timestamp at time zone 'Asia/Jakarta')
            and coalesce(p.paid_at, p.mayar_created_at) < ((${input.to}::date + 1)::timestamp at time zone 'Asia/Jakarta')
          group by 1 order by 1`.execute(db);
  const rows = days.rows.map((row) => ({
    day: row.day,
    orders: Number(row.orders),
    revenue: Number(row.revenue),
  }));
  return {
    source: 'paid Mayar purchases',
    totals: {
      orders: rows.reduce((sum, row) => sum + row.orders, 0),
      revenue: rows.reduce((sum, row) => sum + row.revenue, 0),
    },
    days: rows,
  };
}

export const SYSTEM_PROMPT =
  'You are a performance-marketing analyst for an Indonesian ads and creator-marketing operation. ' +
  'Money is in Indonesian rupiah (IDR), days are Asia/Jakarta. Answer in concise Markdown: a short summary, ' +
  'what went well, what went badly, and three concrete next steps. Use only the figures given; say so when ' +
  'they are too thin to judge.';

export function buildPrompt(input: InsightInput, label: string, snapshot: unknown): string {
  return [
    `Scope: ${INSIGHT_SCOPE_LABELS[input.scope]} "${label}" (id ${input.scope_id}).`,
    `Range: ${input.from} to ${input.to} (Asia/Jakarta days).`,
    'Figures (JSON):',
    JSON.stringify(snapshot),
    input.question ? `Also answer: ${input.question}` : '',
  ]
    .filter(Boolean)
    .join('\n');
}

interface InsightRow {
  id: number;
  scope: InsightScope;
  scope_id: string;
  scope_label: string;
  range_from: string;
  range_to: string;
  question: string;
  status: Insight['status'];
  model: string;
  prompt: string;
  snapshot: unknown;
  answer: string;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  cost_usd: string | null;
  error: string | null;
  created_by: string | null;
  created_at: Date;
  finished_at: Date | null;
}

const INSIGHT_SELECT = sql`
  select g.id, g.scope, g.scope_id, g.scope_label, to_char(g.range_from, 'YYYY-MM-DD') as range_from,
    to_char(g.range_to, 'YYYY-MM-DD') as range_to, g.question, g.status, g.model, g.prompt, g.snapshot, g.answer,
    g.prompt_tokens, g.completion_tokens, g.cost_usd::text as cost_usd, g.error, u.full_name as created_by,
    g.created_at, g.finished_at
  from gpt_insights g left join users u on u.id = g.created_by`;

export function toInsight(row: InsightRow): Insight {
  return {
    id: row.id,
    scope: row.scope,
    scope_id: row.scope_id,
    scope_label: row.scope_label,
    from: row.range_from,
    to: row.range_to,
    question: row.question,
    status: row.status,
    model: row.model,
    prompt: row.prompt,
    snapshot: row.snapshot,
    answer: row.answer,
    prompt_tokens: row.prompt_tokens,
    completion_tokens: row.completion_tokens,
    cost_usd: row.cost_usd === null ? null : Number(row.cost_usd),
    error: row.error,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    finished_at: row.finished_at ? row.finished_at.toISOString() : null,
  };
}

export async function getInsight(db: Kysely<Database>, id: number): Promise<Insight | null> {
  const row = (await sql<InsightRow>`${INSIGHT_SELECT} where g.id = ${id}`.execute(db)).rows[0];
  return row ? toInsight(row) : null;
}

/** Past insights, newest first; `q` searches the scope's name, the question and the answer. */
export async function listInsights(db: Kysely<Database>, q: string | undefined, limit: number) {
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await sql<InsightRow>`${INSIGHT_SELECT}
    where ${like}::text is null or g.scope_label ilike ${like} or g.question ilike ${like} or g.answer ilike ${like}
      or g.scope_id = ${q ?? ''}
    order by g.created_at desc, g.id desc limit ${limit}`.execute(db);
  return rows.rows.map((row) => {
    const { snapshot: _snapshot, prompt: _prompt, ...summary } = toInsight(row);
    return summary;
  });
}

/** The configured endpoint, or a 503 saying what to set (checked before anything is written). */
export function requireEndpoint(options: InsightsOptions): string {
  if (!options.baseUrl)
    throw new HttpError(503, 'GPT Insights is not configured: set OPENAI_BASE_URL.', 'NOT_CONFIGURED');
  return options.baseUrl;
}

/**
 * Runs one insight: snapshot, prompt, a `running` row, then the model's answer streamed to `emit` and stored with
 * tokens and cost; an upstream failure marks the row failed with the reason (and the part already received).
 */
export async function runInsight(
  db: Kysely<Database>,
  options: InsightsOptions,
  input: InsightInput,
  userId: number,
  emit: (event: InsightStreamEvent) => void,
): Promise<Insight> {
  const baseUrl = requireEndpoint(options);
  const label = await scopeLabel(db, input.scope, input.scope_id);
  const snapshot = await takeSnapshot(db, input);
  const prompt = buildPrompt(input, label, snapshot);
  const model = options.model ?? 'gpt-4o-mini';
  const inserted = await sql<{ id: number }>`
    insert into gpt_insights (scope, scope_id, scope_label, range_from, range_to, question, model, prompt, snapshot, created_by)
    values (${input.scope}, ${input.scope_id}, ${label}, ${input.from}::date, ${input.to}::date, ${input.question},
      ${model}, ${prompt}, ${JSON.stringify(snapshot)}::jsonb, ${userId})
    returning id`.execute(db);
  const id = inserted.rows[0]!.id;
  emit({ event: 'start', data: { id, model } });
  const messages: ChatMessage[] = [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: prompt },
  ];
  let partial = '';
  try {
    const result = await streamChatCompletion({
      baseUrl,
      apiKey: options.apiKey,
      model,
      messages,
      timeoutMs: options.timeoutMs ?? 120_000,
      onDelta: (content) => {
        partial += content;
        emit({ event: 'delta', data: { content } });
      },
    });
    const cost =
      result.promptTokens === null || result.completionTokens === null
        ? null
        : (result.promptTokens * (options.priceInputPerMTok ?? 0.15) +
            result.completionTokens * (options.priceOutputPerMTok ?? 0.6)) /
          1_000_000;
    await sql`
      update gpt_insights set status = 'done', answer = ${result.content}, prompt_tokens = ${result.promptTokens},
        completion_tokens = ${result.completionTokens}, cost_usd = ${cost}, finished_at = now()
      where id = ${id}`.execute(db);
  } catch (error) {
    const message = error instanceof UpstreamError ? error.message : 'The insight could not be completed.';
    await sql`
      update gpt_insights set status = 'failed', answer = ${partial}, error = ${message}, finished_at = now()
      where id = ${id}`.execute(db);
    emit({ event: 'failed', data: { id, message } });
    return (await getInsight(db, id))!;
  }
  const insight = (await getInsight(db, id))!;
  emit({ event: 'done', data: insight });
  return insight;
}
