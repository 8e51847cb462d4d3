import { type Kysely, sql } from 'kysely';
import type { UsageStatisticsResponse } from '@staff/console-contract';
import type { Database } from '../db/schema.js';

const DAY_MS = 86_400_000;
const dayKey = (date: Date) => date.toISOString().slice(0, 10);

/** The landing page's figures over the `days` UTC days ending today. */
export async function usageStatistics(
  db: Kysely<Database>,
  now: Date,
  days: number,
): Promise<UsageStatisticsResponse> {
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const from = new Date(today.getTime() - (days - 1) * DAY_MS);

  const perDay = await db
    .selectFrom('login_events')
    .select(sql<string>`to_char(at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'))
    .select(sql<string>`count(*) filter (where success)`.as('ok'))
    .select(sql<string>`count(*) filter (where not success)`.as('failed'))
    .where('at', '>=', from)
    .groupBy(sql`1`)
    .execute();
  const byDay = new Map(perDay.map((row) => [row.day, row]));
  const signIns = Array.from({ length: days }, (_, index) => {
    const date = dayKey(new Date(from.getTime() + index * DAY_MS));
    const row = byDay.get(date);
    return { date, sign_ins: Number(row?.ok ?? 0), failed: Number(row?.failed ?? 0) };
  });

  const active = await sql<{ n: string }>`
    select count(distinct user_id) as n from (
      select user_id from login_events where success and at >= ${from} and user_id is not null
      union
      select user_id from page_checks where at >= ${from}
    ) seen`.execute(db);

  const total = await db
    .selectFrom('users')
    .select(sql<string>`count(*)`.as('n'))
    .where('active', '=', true)
    .executeTakeFirstOrThrow();

  const pages = await db
    .selectFrom('page_checks')
    .select(['path', 'permission_key'])
    .select(sql<string>`count(*)`.as('visits'))
    .where('allowed', '=', true)
    .where('at', '>=', from)
    .groupBy(['path', 'permission_key'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('path')
    .limit(10)
    .execute();

  return {
    from: dayKey(from),
    days,
    sign_ins_per_day: signIns,
    active_users: Number(active.rows[0]?.n ?? 0),
    total_users: Number(total.n),
    most_visited_pages: pages.map((row) => ({
      path: row.path,
      permission_key: row.permission_key,
      visits: Number(row.visits),
    })),
  };
}
