// Both engines: batched deletes (`delete … where id in (select … limit n)`) and the concurrent index builds of
// migration 820 run differently on PGlite and PostgreSQL.
import { type Kysely, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../src/config.js';
import type { Database } from '../src/db/schema.js';
import { type RetentionKind, applyRetention, scheduleRetention } from '../src/ops/retention.js';
import { ENGINES, setupTestApp } from './support/harness.js';
import { waNumber } from './support/whatsapp.js';

const DAY = 86_400_000;

describe('retention variables', () => {
  it('are off unless set, 0 keeps everything, and the bot log keeps at least 7 days', () => {
    expect(readConfig({}).retention).toEqual({
      chatDays: undefined,
      botLogDays: undefined,
      insightsDays: undefined,
    });
    expect(
      readConfig({
        CONSOLE_RETENTION_CHAT_DAYS: '90',
        CONSOLE_RETENTION_BOT_LOG_DAYS: '30',
        CONSOLE_RETENTION_INSIGHTS_DAYS: '0',
      }).retention,
    ).toEqual({ chatDays: 90, botLogDays: 30, insightsDays: undefined });
    expect(() => readConfig({ CONSOLE_RETENTION_BOT_LOG_DAYS: '3' })).toThrow(ConfigError);
    expect(() => readConfig({ CONSOLE_RETENTION_BOT_LOG_DAYS: '3' })).toThrow(
      /CONSOLE_RETENTION_BOT_LOG_DAYS/,
    );
    expect(() => readConfig({ CONSOLE_RETENTION_CHAT_DAYS: '1.5' })).toThrow(/CONSOLE_RETENTION_CHAT_DAYS/);
    expect(() => readConfig({ CONSOLE_RETENTION_INSIGHTS_DAYS: 'forever' })).toThrow(
      /CONSOLE_RETENTION_INSIGHTS_DAYS/,
    );
  });
});

describe.each(ENGINES)('retention on %s', (engine) => {
  const { testDb, app } = setupTestApp(engine, { server: { metrics: true } });
  const db = (): Kysely<Database> => testDb.database.db;
  const now = new Date();
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
  let conversationId: string;
  const mine = { old: [] as string[], pendingOld: '', recent: '' };
  const insights = { old: [] as number[], running: 0, recent: 0 };

  /** Rows each kind would delete at `now` with these days, counted before the run (seeded rows included). */
  const expiredCounts = async (days: { chat: number; bot: number; insights: number }) => {
    const { rows } = await sql<{ chat: number; bot: number; insights: number }>`
      select
        (select count(*)::int from wa_messages where at < ${daysAgo(days.chat)} and status <> 'pending') as chat,
        (select count(*)::int from bot_answers where at < ${daysAgo(days.bot)}) as bot,
        (select count(*)::int from gpt_insights where created_at < ${daysAgo(days.insights)} and status <> 'running') as insights`.execute(
      db(),
    );
    return rows[0]!;
  };
  const metric = async (kind: RetentionKind) => {
    const text = await app.metrics!.getSingleMetricAsString('console_retention_deleted_rows_total');
    const line = text
      .split('\n')
      .find((entry) => entry.startsWith(`console_retention_deleted_rows_total{kind="${kind}"}`));
    return line ? Number(line.split(' ').at(-1)) : 0;
  };

  beforeAll(async () => {
    const { registryId } = await waNumber(testDb.database);
    const conversation = await sql<{ id: string }>`
      insert into wa_conversations (wa_registry_id, customer_wa_id, customer_name)
      values (${registryId}, '628123459901', 'Sari') returning id`.execute(db());
    conversationId = conversation.rows[0]!.id;
    const message = async (status: string, at: Date) =>
      (
        await sql<{ id: string }>`
          insert into wa_messages (conversation_id, direction, type, body, status, at, next_attempt_at)
          values (${conversationId}, ${status === 'received' ? 'in' : 'out'}, 'text', 'Halo', ${status}, ${at},
            ${status === 'pending' ? at : null})
          returning id`.execute(db())
      ).rows[0]!.id;
    // Five old messages: with batches of 2, three delete statements.
    for (let day = 40; day < 45; day += 1)
      mine.old.push(await message(day % 2 ? 'received' : 'delivered', daysAgo(day)));
    mine.pendingOld = await message('pending', daysAgo(50));
    mine.recent = await message('received', daysAgo(1));

    for (const at of [daysAgo(20), daysAgo(2)])
      await sql`
        insert into bot_answers (rule_name, wa_registry_id, conversation_id, customer_wa_id, inbound_message_id, action, at)
        values ('Salam', ${registryId}, ${conversationId}, '628123459901', ${mine.recent}, 'reply', ${at})`.execute(
        db(),
      );

    const insight = async (status: string, at: Date) =>
      (
        await sql<{ id: number }>`
          insert into gpt_insights (scope, scope_id, scope_label, range_from, range_to, status, model, prompt, snapshot, created_at)
          values ('campaign', 'cmp-retention', 'Retensi', '2026-01-01', '2026-01-07', ${status}, 'gpt-4o-mini', 'p', '{}'::jsonb, ${at})
          returning id`.execute(db())
      ).rows[0]!.id;
    insights.old.push(await insight('done', daysAgo(100)), await insight('failed', daysAgo(120)));
    insights.running = await insight('running', daysAgo(100));
    insights.recent = await insight('done', daysAgo(3));
  });

  it('deletes nothing while no retention is set', async () => {
    expect(await applyRetention(db(), {}, { now })).toEqual({ chat_messages: 0, bot_log: 0, insights: 0 });
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from wa_messages where conversation_id = ${conversationId}`.execute(db());
    expect(rows[0]!.n).toBe(7);
  });

  it('deletes what is past each retention in batches, never a pending send or a running insight, and counts it', async () => {
    const days = { chat: 30, bot: 7, insights: 90 };
    const expected = await expiredCounts(days);
    expect(expected.chat).toBeGreaterThanOrEqual(5);
    const before = {
      chat: await metric('chat_messages'),
      bot: await metric('bot_log'),
      insights: await metric('insights'),
    };

    const deleted = await applyRetention(
      db(),
      { chatDays: days.chat, botLogDays: days.bot, insightsDays: days.insights },
      { now, batch: 2 },
    );
    expect(deleted).toEqual({
      chat_messages: expected.chat,
      bot_log: expected.bot,
      insights: expected.insights,
    });
    expect(await expiredCounts(days)).toEqual({ chat: 0, bot: 0, insights: 0 });

    const left = await sql<{ id: string }>`
      select id from wa_messages where conversation_id = ${conversationId} order by id`.execute(db());
    expect(left.rows.map((row) => row.id)).toEqual([mine.pendingOld, mine.recent]);
    const answers = await sql<{ at: Date }>`
      select at from bot_answers where conversation_id = ${conversationId}`.execute(db());
    expect(answers.rows.map((row) => new Date(row.at).getTime())).toEqual([daysAgo(2).getTime()]);
    const kept = await sql<{ id: number }>`
      select id from gpt_insights where scope_id = 'cmp-retention' order by id`.execute(db());
    expect(kept.rows.map((row) => row.id)).toEqual([insights.running, insights.recent]);

    // The metric: rows removed, by kind.
    expect(await metric('chat_messages')).toBe(before.chat + expected.chat);
    expect(await metric('bot_log')).toBe(before.bot + expected.bot);
    expect(await metric('insights')).toBe(before.insights + expected.insights);
  });

  it('runs once a day across the nodes: a second node finds the day done', async () => {
    const message = await sql<{ id: string }>`
      insert into wa_messages (conversation_id, direction, type, body, status, at)
      values (${conversationId}, 'in', 'text', 'Lama', 'received', ${daysAgo(60)}) returning id`.execute(
      db(),
    );
    const runs: Record<RetentionKind, number>[] = [];
    const first = scheduleRetention(
      db(),
      { chatDays: 30 },
      { onRan: (deleted) => runs.push(deleted), checkEveryMs: 3_600_000 },
    );
    await first.runNow();
    await first.stop();
    expect(runs).toHaveLength(1);
    expect(runs[0]!.chat_messages).toBeGreaterThanOrEqual(1);
    const gone = await sql`select 1 from wa_messages where id = ${message.rows[0]!.id}`.execute(db());
    expect(gone.rows).toHaveLength(0);

    const second = scheduleRetention(
      db(),
      { chatDays: 30 },
      { onRan: (deleted) => runs.push(deleted), checkEveryMs: 3_600_000 },
    );
    await second.runNow();
    await second.stop();
    expect(runs).toHaveLength(1);
    const lease = await sql<{ runs: string }>`select runs from job_leases where name = 'retention'`.execute(
      db(),
    );
    expect(Number(lease.rows[0]!.runs)).toBe(1);
  });
});
