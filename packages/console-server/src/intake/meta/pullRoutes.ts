/**
 * The Marketing API pull's routes: ad accounts (token write-only), "pull now", a backfill range and the runs.
 * Same permission as the Ads Manager upload (Ad Campaign Admin: read to see, write to change or pull).
 */
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { META_PULL_MAX_DAYS, intakeEndpoints } from '@staff/console-contract';
import type { Database } from '../../db/schema.js';
import { HttpError, type RouteModuleDeps } from '../../http.js';
import { secretDisplay, sealSecret } from '../../secrets/index.js';
import { writeAudit } from '../../services/audit.js';
import { enqueueRun, getRun, jakartaDay, listRuns, scheduleWindow } from './pull.js';
import { implement } from '../../pageRoutes.js';

interface AccountRow {
  id: number;
  name: string;
  ad_account_id: string;
  access_token: string;
  pull_enabled: boolean;
  version: number;
}

const toWire = (row: AccountRow) => ({
  id: Number(row.id),
  name: row.name,
  ad_account_id: row.ad_account_id,
  access_token: secretDisplay(row.access_token),
  pull_enabled: row.pull_enabled,
  version: row.version,
});

async function getAccount(db: Kysely<Database>, id: number): Promise<AccountRow> {
  const row = (
    await sql<AccountRow>`
      select id, name, ad_account_id, access_token, pull_enabled, version from meta_ad_accounts where id = ${id}`.execute(
      db,
    )
  ).rows[0];
  if (!row) throw new HttpError(404, 'Ad account not found', 'NOT_FOUND');
  return row;
}

const taken = () =>
  new HttpError(409, 'This ad account is already set up', 'CONFLICT', {
    'body.ad_account_id': ['This ad account is already set up'],
  });

const daysBetween = (since: string, until: string) =>
  Math.round((Date.parse(`${until}T00:00:00Z`) - Date.parse(`${since}T00:00:00Z`)) / 86_400_000) + 1;
const validDay = (day: string) => {
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
};

/** Checks a backfill range; answers 400 naming the field. */
export function checkRange(since: string, until: string, now: Date): void {
  const bad = (field: 'since' | 'until', message: string) => {
    throw new HttpError(400, message, 'INVALID_INPUT', { [`body.${field}`]: [message] });
  };
  if (!validDay(since)) bad('since', 'Not a calendar day');
  if (!validDay(until)) bad('until', 'Not a calendar day');
  if (until > jakartaDay(now)) bad('until', 'Cannot be after today');
  if (until < since) bad('until', 'Cannot be before since');
  if (daysBetween(since, until) > META_PULL_MAX_DAYS)
    bad('since', `A backfill covers at most ${META_PULL_MAX_DAYS} days`);
  // Meta keeps daily insights for 37 months.
  if (since < jakartaDay(now, -37 * 30)) bad('since', 'Meta keeps insights for 37 months only');
}

export function registerMetaPullRoutes(
  options: RouteModuleDeps & {
    db: Kysely<Database>;
    /** Wakes this node's pull worker after a run was queued. */
    onQueued?: () => void;
  },
): void {
  const { route, db, sessionOf, clock } = options;
  const actor = (request: FastifyRequest) => ({ userId: sessionOf(request).userId, ip: request.ip });

  implement(route, intakeEndpoints.pullAccounts, async () => {
    const rows = await sql<AccountRow>`
        select id, name, ad_account_id, access_token, pull_enabled, version from meta_ad_accounts order by name, id`.execute(
      db,
    );
    return { data: rows.rows.map(toWire) };
  });

  implement(route, intakeEndpoints.addPullAccount, async (request, _reply, { body }) => {
    const who = actor(request);
    const saved = await db.transaction().execute(async (trx) => {
      const inserted = await sql<{ id: number }>`
          insert into meta_ad_accounts (name, ad_account_id, access_token, pull_enabled, created_by)
          values (${body.name}, ${body.ad_account_id}, ${sealSecret(body.access_token)}, ${body.pull_enabled ?? true},
            ${who.userId})
          on conflict do nothing returning id`.execute(trx);
      const id = inserted.rows[0]?.id;
      if (id === undefined) throw taken();
      const after = toWire(await getAccount(trx, Number(id)));
      await writeAudit(trx, {
        actorId: who.userId,
        action: 'create',
        entity: 'meta_ad_accounts',
        entityId: Number(id),
        after,
        ip: who.ip,
      });
      return after;
    });
    return saved;
  });

  implement(route, intakeEndpoints.updatePullAccount, async (request, _reply, { params, body }) => {
    const who = actor(request);
    return db.transaction().execute(async (trx) => {
      const before = toWire(await getAccount(trx, params.id));
      const clash = body.ad_account_id
        ? await sql`select 1 from meta_ad_accounts where ad_account_id = ${body.ad_account_id} and id <> ${params.id}`.execute(
            trx,
          )
        : { rows: [] };
      if (clash.rows.length > 0) throw taken();
      await sql`
          update meta_ad_accounts set
            name = coalesce(${body.name ?? null}, name),
            ad_account_id = coalesce(${body.ad_account_id ?? null}, ad_account_id),
            access_token = coalesce(${body.access_token ? sealSecret(body.access_token) : null}, access_token),
            pull_enabled = coalesce(${body.pull_enabled ?? null}::boolean, pull_enabled),
            version = version + 1, updated_at = now()
          where id = ${params.id}`.execute(trx);
      const after = toWire(await getAccount(trx, params.id));
      await writeAudit(trx, {
        actorId: who.userId,
        action: 'update',
        entity: 'meta_ad_accounts',
        entityId: params.id,
        before,
        after,
        ip: who.ip,
      });
      return after;
    });
  });

  implement(route, intakeEndpoints.startPull, async (request, _reply, { params, body }) => {
    const who = actor(request);
    const now = clock();
    if ((body.since === undefined) !== (body.until === undefined)) {
      const field = body.since === undefined ? 'since' : 'until';
      throw new HttpError(400, 'Give both since and until, or neither', 'INVALID_INPUT', {
        [`body.${field}`]: ['Required with the other end of the range'],
      });
    }
    const backfill = body.since !== undefined && body.until !== undefined;
    const range = backfill ? { since: body.since!, until: body.until! } : scheduleWindow(now);
    if (backfill) checkRange(range.since, range.until, now);
    const run = await db.transaction().execute(async (trx) => {
      await getAccount(trx, params.id);
      const id = await enqueueRun(trx, {
        accountId: params.id,
        ...range,
        trigger: backfill ? 'backfill' : 'manual',
        requestedBy: who.userId,
      });
      if (id === null)
        throw new HttpError(409, 'A pull of this ad account is already queued or running', 'BUSY');
      const queued = (await getRun(trx, id))!;
      await writeAudit(trx, {
        actorId: who.userId,
        action: backfill ? 'backfill' : 'pull',
        entity: 'meta_pull_runs',
        entityId: id,
        after: queued,
        ip: who.ip,
      });
      return queued;
    });
    options.onQueued?.();
    return run;
  });

  implement(route, intakeEndpoints.pullRuns, async (_request, _reply, { query }) => ({
    data: await listRuns(db, {
      limit: query.limit,
      ...(query.account_id ? { accountId: query.account_id } : {}),
    }),
  }));

  implement(route, intakeEndpoints.pullRun, async (_request, _reply, { params }) => {
    const run = await getRun(db, params.id);
    if (!run) throw new HttpError(404, 'Run not found', 'NOT_FOUND');
    return run;
  });
}
