import { type Kysely, sql } from 'kysely';
import type { MyActivityResponse, UsageStatisticsResponse } from '@staff/console-contract';
import type { Database } from '../db/schema.js';

const DAY_MS = 86_400_000;
// Asia/Jakarta has no daylight saving: its days start at 17:00 UTC the day before.
const JAKARTA_OFFSET_MS = 7 * 3_600_000;
const JAKARTA_DAY = sql.raw(`to_char(at at time zone 'Asia/Jakarta', 'YYYY-MM-DD')`);

/** The `days` Asia/Jakarta calendar days ending today: the first day's start as an instant, and each day's date. */
function jakartaWindow(now: Date, days: number) {
  const local = new Date(now.getTime() + JAKARTA_OFFSET_MS);
  const todayStartLocal = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const firstLocal = todayStartLocal - (days - 1) * DAY_MS;
  const dates = Array.from({ length: days }, (_, index) =>
    new Date(firstLocal + index * DAY_MS).toISOString().slice(0, 10),
  );
  return { from: new Date(firstLocal - JAKARTA_OFFSET_MS), dates };
}

type DayCounts = { day: string; ok: string; failed: string };

function perDaySeries(dates: string[], rows: DayCounts[]) {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  return dates.map((date) => {
    const row = byDay.get(date);
    return { date, sign_ins: Number(row?.ok ?? 0), failed: Number(row?.failed ?? 0) };
  });
}

/** Sign-ins per Asia/Jakarta day, optionally of one user only. */
function signInsPerDay(db: Kysely<Database>, from: Date, userId?: number) {
  let query = db
    .selectFrom('login_events')
    .select(sql<string>`${JAKARTA_DAY}`.as('day'))
    .select(sql<string>`count(*) filter (where success)`.as('ok'))
    .select(sql<string>`count(*) filter (where not success)`.as('failed'))
    .where('at', '>=', from);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return query.groupBy(sql`1`).execute();
}

/** The pages opened most (allowed page checks), optionally by one user only. */
async function mostVisitedPages(db: Kysely<Database>, from: Date, userId?: number) {
  let query = db
    .selectFrom('page_checks')
    .select(['path', 'permission_key'])
    .select(sql<string>`count(*)`.as('visits'))
    .where('allowed', '=', true)
    .where('at', '>=', from);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const rows = await query
    .groupBy(['path', 'permission_key'])
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('path')
    .limit(10)
    .execute();
  return rows.map((row) => ({
    path: row.path,
    permission_key: row.permission_key,
    visits: Number(row.visits),
  }));
}

/** The landing page's team figures over the `days` Asia/Jakarta days ending today. */
export async function usageStatistics(
  db: Kysely<Database>,
  now: Date,
  days: number,
): Promise<UsageStatisticsResponse> {
  const { from, dates } = jakartaWindow(now, days);
  const perDay = await signInsPerDay(db, from);

  // Counted among the accounts that are active now, like the total: a disabled account that signed in earlier
  // in the window would otherwise make "15 of 13".
  const active = await sql<{ n: string }>`
    select count(distinct seen.user_id) as n from (
      select user_id from login_events where success and at >= ${from} and user_id is not null
      union
      select user_id from page_checks where at >= ${from}
    ) seen join users on users.id = seen.user_id and users.active`.execute(db);

  const total = await db
    .selectFrom('users')
    .select(sql<string>`count(*)`.as('n'))
    .where('active', '=', true)
    .executeTakeFirstOrThrow();

  return {
    from: dates[0]!,
    days,
    sign_ins_per_day: perDaySeries(dates, perDay),
    active_users: Number(active.rows[0]?.n ?? 0),
    total_users: Number(total.n),
    most_visited_pages: await mostVisitedPages(db, from),
  };
}

/** One user's own activity over the `days` Asia/Jakarta days ending today (needs only a session). */
export async function myActivity(
  db: Kysely<Database>,
  userId: number,
  now: Date,
  days: number,
): Promise<MyActivityResponse> {
  const { from, dates } = jakartaWindow(now, days);
  const perDay = await signInsPerDay(db, from, userId);
  const recent = await db
    .selectFrom('login_events')
    .select(['at', 'success'])
    .where('user_id', '=', userId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(5)
    .execute();
  return {
    from: dates[0]!,
    days,
    sign_ins_per_day: perDaySeries(dates, perDay),
    recent_sign_ins: recent.map((row) => ({ at: new Date(row.at).toISOString(), success: row.success })),
    most_visited_pages: await mostVisitedPages(db, from, userId),
  };
}
