/**
 * Courier tracking of packages in Shipping: asks the courier adapter, keeps each new event once in
 * package_events, records the tracking state, and moves the package when the courier says it arrived, came
 * back or is stuck (audited as the system). The poll runs once across nodes (jobs/runOnce).
 */
import { sql } from 'kysely';
import { packages, type EntityAction } from '@staff/console-contract';
import type { ResourceChangedPayload } from '../resources/push.js';
import { runActionIn } from '../resources/service.js';
import type { AnyDb } from '../resources/query.js';
import { type CourierTrack, type CourierTrackingApi, CourierTrackingError } from './courier.js';
import { LOGISTICS_SYSTEM } from './service.js';

/** When to ask again: a new receipt often becomes trackable within hours; errors are retried sooner. */
export const RECHECK_MS = {
  not_trackable_yet: 60 * 60_000,
  in_transit: 2 * 60 * 60_000,
  error: 30 * 60_000,
} as const;

export interface TrackResult {
  packageId: number;
  state: string;
  newEvents: number;
  /** The package's change, when its status moved. */
  change?: ResourceChangedPayload;
}

const action = (name: string): EntityAction =>
  packages.actions!.find((candidate) => candidate.name === name)!;

/** The status a courier's state moves a Shipping package to (none while in transit or not trackable). */
const MOVES: Partial<Record<CourierTrack['state'], EntityAction>> = {
  delivered: action('deliver'),
  returned: action('return'),
  problem: action('problem'),
};

async function saveTracking(
  trx: AnyDb,
  packageId: number,
  values: { state: string; courierStatus: string | null; message: string | null; link: string | null },
  now: Date,
  recheckMs: number,
) {
  const next = new Date(now.getTime() + recheckMs);
  await sql`insert into package_tracking (package_id, state, courier_status, message, link, checked_at, next_check_at)
    values (${packageId}, ${values.state}, ${values.courierStatus}, ${values.message}, ${values.link}, ${now}, ${next})
    on conflict (package_id) do update set state = excluded.state, courier_status = excluded.courier_status,
      message = excluded.message, link = coalesce(excluded.link, package_tracking.link),
      checked_at = excluded.checked_at, next_check_at = excluded.next_check_at`.execute(trx);
}

/**
 * Writes what a courier (or Mayar's shipper.status) said about one package, in one transaction: new events,
 * the tracking state, and the move of a Shipping package.
 */
export async function applyTrack(
  db: AnyDb,
  packageId: number,
  track: CourierTrack,
  now: Date,
): Promise<TrackResult> {
  return db.transaction().execute((trx) => applyTrackIn(trx, packageId, track, now));
}

/** applyTrack inside the caller's transaction (the Mayar intake's, for shipper.status). */
export async function applyTrackIn(
  trx: AnyDb,
  packageId: number,
  track: CourierTrack,
  now: Date,
): Promise<TrackResult> {
  let newEvents = 0;
  for (const event of track.events) {
    const inserted = await sql`insert into package_events (package_id, at, description, location)
        values (${packageId}, ${event.at}, ${event.description}, ${null})
        on conflict (package_id, at, description) do nothing returning id`.execute(trx);
    newEvents += inserted.rows.length;
  }
  await saveTracking(
    trx,
    packageId,
    track,
    now,
    track.state === 'not_trackable_yet' ? RECHECK_MS.not_trackable_yet : RECHECK_MS.in_transit,
  );
  const result: TrackResult = { packageId, state: track.state, newEvents };
  const move = MOVES[track.state];
  const current = await sql<{
    status: string;
  }>`select status from packages where id = ${packageId} for update`.execute(trx);
  if (move && current.rows[0]?.status === 'Shipping') {
    // Delivered at the courier's last event, not at the time we asked.
    const last = track.events.reduce<Date | null>(
      (latest, e) => (!latest || e.at > latest ? e.at : latest),
      null,
    );
    const set = move.name === 'deliver' && last ? { ...move.set, received_at: last.toISOString() } : move.set;
    const [row] = await runActionIn(
      trx,
      packages,
      { ...move, ...(set ? { set } : {}) },
      [{ id: packageId }],
      LOGISTICS_SYSTEM,
      now,
    );
    if (row)
      result.change = {
        entity: packages.name,
        id: packageId,
        action: 'update',
        version: row.version as number,
      };
  }
  return result;
}

/** Looks one package up now; a courier error is recorded as the state `error` and thrown. */
export async function trackPackage(
  db: AnyDb,
  api: CourierTrackingApi,
  pkg: { id: number; courier: string; receipt: string },
  now: Date,
): Promise<TrackResult> {
  try {
    const track = await api.track(pkg.courier, pkg.receipt);
    return await applyTrack(db, pkg.id, track, now);
  } catch (error) {
    if (!(error instanceof CourierTrackingError)) throw error;
    await saveTracking(
      db,
      pkg.id,
      { state: 'error', courierStatus: null, message: error.message, link: null },
      now,
      RECHECK_MS.error,
    );
    throw error;
  }
}

export interface PollResult {
  checked: number;
  moved: number;
  errors: number;
  changes: ResourceChangedPayload[];
}

/** One pass over the packages in Shipping whose next look-up is due (at most `limit`). */
export async function pollTracking(
  db: AnyDb,
  api: CourierTrackingApi,
  now: Date,
  limit = 100,
): Promise<PollResult> {
  const due = await sql<{ id: string; courier: string; receipt: string }>`
    select p.id, p.courier, p.receipt from packages p
    left join package_tracking t on t.package_id = p.id
    where p.status = 'Shipping' and p.deleted_at is null and p.courier is not null and p.receipt is not null
      and (t.next_check_at is null or t.next_check_at <= ${now})
    order by t.next_check_at nulls first, p.id
    limit ${limit}`.execute(db);
  const result: PollResult = { checked: 0, moved: 0, errors: 0, changes: [] };
  for (const row of due.rows) {
    result.checked += 1;
    try {
      const outcome = await trackPackage(
        db,
        api,
        { id: Number(row.id), courier: row.courier, receipt: row.receipt },
        now,
      );
      if (outcome.change) {
        result.moved += 1;
        result.changes.push(outcome.change);
      }
    } catch {
      result.errors += 1;
    }
  }
  return result;
}

/** The tracking page of a package: its state and events, newest first. */
export async function readTracking(db: AnyDb, packageId: number) {
  const state = await sql<{
    state: string;
    courier_status: string | null;
    message: string | null;
    link: string | null;
    checked_at: Date;
  }>`select state, courier_status, message, link, checked_at from package_tracking where package_id = ${packageId}`.execute(
    db,
  );
  const events = await sql<{ at: Date; description: string; location: string | null }>`
    select at, description, location from package_events where package_id = ${packageId} order by at desc, id desc limit 200`.execute(
    db,
  );
  const tracking = state.rows[0];
  return {
    package_id: packageId,
    state: (tracking?.state ?? null) as never,
    courier_status: tracking?.courier_status ?? null,
    message: tracking?.message ?? null,
    checked_at: tracking ? new Date(tracking.checked_at).toISOString() : null,
    link: tracking?.link ?? null,
    events: events.rows.map((event) => ({
      at: new Date(event.at).toISOString(),
      description: event.description,
      location: event.location,
    })),
  };
}
