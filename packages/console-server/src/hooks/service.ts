/**
 * Hook Generations (issue #32): the brief goes to the OpenAI-compatible chat-completions adapter GPT Insights uses
 * (insights/openai.ts), the hooks come back one per line and are handed on as each line completes; the finished
 * run is stored as one hook_generations row with its audit entry. Picked hooks become DRAFT master ad creatives.
 */
import { type Kysely, sql } from 'kysely';
import {
  HOOK_FORMULA_OPTIONS,
  type HookGeneration,
  type HookStreamEvent,
  getEntity,
  hookGenerations,
  masterAdCreatives,
} from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import { HttpError } from '../http.js';
import type { InsightsConfig } from '../config.js';
import { type ChatMessage, UpstreamError, streamChatCompletion } from '../insights/openai.js';
import { type AnyDb, type Row, col, rowFromDb, selectList, table, toDb } from '../resources/query.js';
import {
  type ResourceActor,
  createIn,
  guarded,
  notFound,
  updateIn,
  writeResourceAudit,
} from '../resources/service.js';

export type HookOptions = Partial<InsightsConfig>;

export interface HookBrief {
  product_id: number;
  target_audience: string;
  pain_point: string;
  formula: string;
  language: 'id' | 'en';
  model: string;
  count: number;
}

/** The configured endpoint, or a 503 saying what to set (checked before anything is asked or written). */
export function requireHookEndpoint(options: HookOptions): string {
  if (!options.baseUrl)
    throw new HttpError(503, 'Hook generation is not configured: set OPENAI_BASE_URL.', 'NOT_CONFIGURED');
  return options.baseUrl;
}

/** The product's name, or a 400 naming product_id. */
export async function productName(db: Kysely<Database>, id: number): Promise<string> {
  const row = (
    await sql<{
      name: string;
    }>`select name from products where id = ${id} and deleted_at is null`.execute(db)
  ).rows[0];
  if (!row)
    throw new HttpError(400, 'Invalid body', 'INVALID_INPUT', {
      'body.product_id': [`There is no product with id ${id}`],
    });
  return row.name;
}

export const HOOK_SYSTEM_PROMPT =
  'You write scroll-stopping opening lines (hooks) for Meta ads of an Indonesian business. ' +
  'Answer with the hooks only, one hook per line: no numbering, no quotes, no blank lines, no other text.';

const formulaLabel = (formula: string) =>
  HOOK_FORMULA_OPTIONS.find((option) => option.value === formula)?.label ?? formula;

export function buildHookPrompt(brief: HookBrief, product: string): string {
  return [
    `Write ${brief.count} hooks in ${brief.language === 'id' ? 'Bahasa Indonesia' : 'English'}.`,
    `Formula: ${formulaLabel(brief.formula)} (${brief.formula}).`,
    `Product: ${product}.`,
    `Target audience: ${brief.target_audience}.`,
    `Pain point: ${brief.pain_point}.`,
    'Each hook at most 15 words.',
  ].join('\n');
}

/** One line of the answer as a hook: list marks, numbering and wrapping quotes dropped; empty when nothing is left. */
export function cleanHook(line: string): string {
  return line
    .trim()
    .replace(/^(?:\d{1,2}\s*[.):-]|[-*•])\s*/, '')
    .replace(/^["“'](.*)["”']$/, '$1')
    .trim()
    .slice(0, 300);
}

/** Whole rupiah from the tokens and the configured USD prices per million tokens and rate. */
export function costIdr(
  options: HookOptions,
  promptTokens: number | null,
  completionTokens: number | null,
): number | null {
  if (promptTokens === null || completionTokens === null) return null;
  const usd =
    (promptTokens * (options.priceInputPerMTok ?? 0.15) +
      completionTokens * (options.priceOutputPerMTok ?? 0.6)) /
    1_000_000;
  return Math.round(usd * (options.idrPerUsd ?? 16_500));
}

export function toHookGeneration(row: Row): HookGeneration {
  return {
    id: row.id as number,
    product_id: Number(row.product_id),
    target_audience: row.target_audience as string,
    pain_point: row.pain_point as string,
    formula: row.formula as string,
    language: row.language as string,
    model: row.model as string,
    hook_count: (row.hook_count as number | null) ?? null,
    prompt: (row.prompt as string | null) ?? null,
    outputs: (row.outputs as string[] | null) ?? [],
    selected_hook: (row.selected_hook as string | null) ?? null,
    selected_hooks: (row.selected_hooks as string[] | null) ?? null,
    status: row.status as string,
    prompt_tokens: (row.prompt_tokens as number | null) ?? null,
    completion_tokens: (row.completion_tokens as number | null) ?? null,
    cost_idr: row.cost_idr === null || row.cost_idr === undefined ? null : Number(row.cost_idr),
    generated_at: String(row.generated_at),
    version: row.version as number,
  };
}

/**
 * Asks the model for the brief's hooks and hands each to `emit` as soon as its line is complete (at most
 * `count`); stores the finished run with its audit entry in one transaction and answers it. A failure (refused,
 * down, too slow, broken off, no hooks) throws an UpstreamError and stores nothing.
 */
export async function generateHooks(
  db: Kysely<Database>,
  options: HookOptions,
  brief: HookBrief,
  actor: ResourceActor & { kind: 'user' },
  emit: (event: HookStreamEvent) => void,
): Promise<{ generation: HookGeneration; row: Row }> {
  const product = await productName(db, brief.product_id);
  const baseUrl = requireHookEndpoint(options);
  const prompt = buildHookPrompt(brief, product);
  const model = brief.model || options.model || 'gpt-4o-mini';
  const messages: ChatMessage[] = [
    { role: 'system', content: HOOK_SYSTEM_PROMPT },
    { role: 'user', content: prompt },
  ];
  const hooks: string[] = [];
  const take = (line: string) => {
    const hook = cleanHook(line);
    if (!hook || hooks.length >= brief.count) return;
    hooks.push(hook);
    emit({ event: 'hook', data: { index: hooks.length - 1, text: hook, formula: brief.formula } });
  };
  let buffer = '';
  const result = await streamChatCompletion({
    baseUrl,
    apiKey: options.apiKey,
    model,
    messages,
    timeoutMs: options.hooksTimeoutMs ?? 60_000,
    onDelta: (piece) => {
      buffer += piece;
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        take(buffer.slice(0, newline));
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
      }
    },
  });
  take(buffer);
  if (hooks.length === 0) throw new UpstreamError('The language model returned no hooks.');

  const values: Row = {
    product_id: brief.product_id,
    target_audience: brief.target_audience,
    pain_point: brief.pain_point,
    formula: brief.formula,
    language: brief.language,
    model,
    hook_count: brief.count,
    prompt,
    outputs: hooks,
    status: 'generated',
    prompt_tokens: result.promptTokens,
    completion_tokens: result.completionTokens,
    cost_idr: costIdr(options, result.promptTokens, result.completionTokens),
  };
  const fields = hookGenerations.fields.filter((field) => field.name in values);
  const row = await db.transaction().execute(async (trx) => {
    const inserted = await sql<Row>`
      insert into ${table(hookGenerations)}
        (${sql.join([...fields.map((field) => col(field.name)), sql`generated_at`, sql`created_by`, sql`updated_by`])})
      values (${sql.join([...fields.map((field) => toDb(field, values[field.name])), sql`now()`, actor.userId, actor.userId])})
      returning ${selectList(hookGenerations)}`.execute(trx);
    const stored = rowFromDb(hookGenerations, inserted.rows[0]!);
    await writeResourceAudit(trx, actor, 'create', hookGenerations.name, stored.id as number, null, stored);
    return stored;
  });
  return { generation: toHookGeneration(row), row };
}

/** A draft creative's name: the hook, shortened to the name's length. */
const draftName = (hook: string) => {
  const max = masterAdCreatives.fields.find((field) => field.name === 'name')?.maxLength ?? 200;
  const name = `Draft | ${hook}`;
  return name.length > max ? `${name.slice(0, max - 1)}…` : name;
};

/**
 * Keeps the picked (edited) hooks on the generation — `selected`, or `used` when they are sent on — and, when
 * sent, makes one DRAFT master ad creative per hook (hook_text, product); all with their audit entries in one
 * transaction. A stale version answers 409 and writes nothing.
 */
export async function pickHooks(
  db: Kysely<Database>,
  id: number,
  pick: { version: number; hooks: string[]; send_to_drafts: boolean },
  actor: ResourceActor,
): Promise<{ generation: Row; drafts: Row[] }> {
  const creatives = getEntity(masterAdCreatives.name)!;
  return guarded(hookGenerations, () =>
    db.transaction().execute(async (trx: AnyDb) => {
      const exists = await sql<{
        product_id: string;
      }>`select product_id from ${table(hookGenerations)} where id = ${id}`.execute(trx);
      const productId = exists.rows[0]?.product_id;
      if (productId === undefined) throw notFound(hookGenerations, id);
      const generation = await updateIn(
        trx,
        hookGenerations,
        id,
        {
          version: pick.version,
          status: pick.send_to_drafts ? 'used' : 'selected',
          selected_hook: pick.hooks[0],
          selected_hooks: pick.hooks,
        },
        actor,
      );
      const drafts: Row[] = [];
      if (pick.send_to_drafts) {
        for (const hook of pick.hooks) {
          drafts.push(
            await createIn(
              trx,
              creatives,
              { name: draftName(hook), hook_text: hook, product_id: Number(productId), status: 'DRAFT' },
              actor,
            ),
          );
        }
      }
      return { generation, drafts };
    }),
  );
}
