import { performance } from 'node:perf_hooks';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.js';

/** A session as the cache keeps it: the row a token names, with its account's state. */
export interface CachedSession {
  id: string;
  user_id: number;
  expires_at: Date;
  revoked_at: Date | null;
  /** This node's last knowledge: another node may have seen the session since (only ever later). */
  last_seen_at: Date | null;
  active: boolean;
  username: string;
  full_name: string;
}

/** An API key as the cache keeps it. */
export interface CachedApiKey {
  id: number;
  name: string;
  entities: string[];
  revoked_at: Date | null;
  /** This node's last knowledge, as a session's `last_seen_at`. */
  last_used_at: Date | null;
}

export interface PermissionFlags {
  read: boolean;
  write: boolean;
}

/** What the cache did since the process started (the operator's metrics, src/ops/metrics.ts). */
export interface AuthCacheCounts {
  /**
   * Generation reads sent on their own or with a session or key (one per request at most; concurrent requests share
   * one).
   */
  generationReads: number;
  /** Generation reads a deferred request's own statement carried (`generationColumn`): no statement of their own. */
  generationReadsCarried: number;
  /** Times a moved generation emptied the cache. */
  cleared: number;
  /** Lookups answered from memory, and those that read the tables, by what was looked up. */
  hits: Record<AuthCacheKind, number>;
  misses: Record<AuthCacheKind, number>;
}
export type AuthCacheKind = 'session' | 'permissions' | 'api_key';

/**
 * A read-only request's leave to answer from memory before any generation read it sent has come back (ADR 066, session
 * 37): the handler runs at once, and its answer leaves only after `AuthCache.confirm`. Created empty per request.
 */
export interface AuthDeferral {
  /** The epoch memory was trusted under, once it was; null while nothing was taken from memory unconfirmed. */
  epoch: number | null;
}

/** Past this many entries a map starts again empty: a bound on memory, not a policy. */
const MAX_ENTRIES = 10_000;

/**
 * This node's sessions, permissions and API keys (ADR 066), exact across nodes. Every transaction that changes what the cache
 * holds gives `auth_generation` a new value in the same commit (migration 900). A caller asks `fresh(since)` first:
 * it answers once a read of that value sent at or after `since` has come back, and empties the cache if the value
 * moved. A request that passes its start as `since` therefore sees every change committed before it began, as it
 * would by reading the tables, for one small read instead of the session and permission queries; requests that
 * start while a read is on its way share it.
 */
export class AuthCache {
  private generation: string | null = null;
  /** Bumped whenever the cache is emptied: a query answered before that must not be stored after it. */
  private epoch = 0;
  /** The latest read sent, and the send time of the latest whose answer was applied. */
  private latest: { sentAt: number; done: Promise<number> } | null = null;
  private appliedSentAt = -Infinity;
  private readonly sessions = new Map<string, CachedSession>();
  private readonly permissions = new Map<number, ReadonlyMap<string, PermissionFlags>>();
  private readonly apiKeys = new Map<string, CachedApiKey>();
  readonly counts: AuthCacheCounts = {
    generationReads: 0,
    generationReadsCarried: 0,
    cleared: 0,
    hits: { session: 0, permissions: 0, api_key: 0 },
    misses: { session: 0, permissions: 0, api_key: 0 },
  };

  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Resolves, with the cache's epoch, once a generation read sent at or after `since` has answered. A `since` of 0
   * (a request whose start was not recorded) counts as now.
   */
  fresh(since: number): Promise<number> {
    if (since <= 0) since = performance.now();
    if (this.latest && this.latest.sentAt >= since) return this.latest.done;
    const sentAt = performance.now();
    this.counts.generationReads += 1;
    const done = sql<{ value: string }>`select value from auth_generation where id = 1`
      .execute(this.db)
      .then((result) => {
        // An older read answering after a newer one says nothing new.
        this.applyGeneration(sentAt, result.rows[0]?.value ?? null);
        return this.epoch;
      });
    this.latest = { sentAt, done };
    // A failed read is not shared: the next caller sends its own.
    done.catch(() => {
      if (this.latest?.done === done) this.latest = null;
    });
    return done;
  }

  /**
   * Whether a request that took entries from memory under `deferral` may send its answer: a read of the generation
   * sent at or after `since` (the handler's own statement, `generationColumn`, or one sent now) found nothing changed
   * since they were kept. False when the generation moved: the caller must then be decided again from the tables.
   */
  async confirm(since: number, deferral: AuthDeferral): Promise<boolean> {
    if (deferral.epoch === null) return true;
    return (await this.fresh(since)) === deferral.epoch;
  }

  /**
   * The generation as a column of a statement a request sends anyway (one row), so that its confirmation costs no
   * statement of its own: `seen` takes the value read and when the statement was sent.
   */
  readonly generationColumn = sql<string | null>`(select value from auth_generation where id = 1)`;

  seen(sentAt: number, generation: string | null): void {
    this.counts.generationReadsCarried += 1;
    this.applyGeneration(sentAt, generation);
    if (this.latest === null || sentAt > this.latest.sentAt) {
      this.latest = { sentAt, done: Promise.resolve(this.epoch) };
    }
  }

  /**
   * A lookup as of `since`: `row` selects the row (none when it does not exist). With a `deferral`, an entry memory
   * holds is answered at once (the deferral records its epoch, for `confirm`). Else from memory after a generation
   * read, when memory holds it or a read was already sent since `since`. Otherwise one statement, sent now, answers
   * both the row and the generation it was read under (one snapshot); it also serves as this request's generation
   * read, so a cold call costs what it did before the cache.
   */
  private async lookup<K, V extends { id: unknown }>(
    kind: AuthCacheKind,
    map: Map<K, V>,
    key: K,
    since: number,
    row: RawBuilder<V>,
    deferral?: AuthDeferral,
  ): Promise<V | undefined> {
    if (since <= 0) since = performance.now();
    const heldAt = this.epoch;
    const held = this.counted(kind, map.get(key));
    if (held !== undefined && deferral && this.defer(deferral)) return held;
    if (held !== undefined || (this.latest && this.latest.sentAt >= since)) {
      const epoch = await this.fresh(since);
      if (held !== undefined && epoch === heldAt) return held;
      const value = (await row.execute(this.db)).rows[0];
      if (value !== undefined) this.keep(map, epoch, key, value);
      return value;
    }
    const sentAt = performance.now();
    this.counts.generationReads += 1;
    const result = await sql<V & { generation: string | null }>`
      select g.value as generation, r.* from auth_generation g left join (${row}) r on true
      where g.id = 1`.execute(this.db);
    const first = result.rows[0];
    const generation = first?.generation ?? null;
    let value: V | undefined;
    if (first && first.id != null) {
      const { generation: _read, ...found } = first;
      value = found as unknown as V;
    }
    const epoch = this.applyGeneration(sentAt, generation);
    if (this.latest === null || sentAt > this.latest.sentAt) {
      this.latest = { sentAt, done: Promise.resolve(this.epoch) };
    }
    if (value !== undefined && epoch !== null) this.keep(map, epoch, key, value);
    return value;
  }

  /**
   * A generation read sent at `sentAt` answered `generation`: empties the cache if it moved. The epoch a row read in
   * the same statement may be kept under, or null when a newer read already spoke and the row may be older than it.
   */
  private applyGeneration(sentAt: number, generation: string | null): number | null {
    if (sentAt > this.appliedSentAt) {
      this.appliedSentAt = sentAt;
      if (generation !== this.generation) this.clear(generation);
      return this.epoch;
    }
    // Random values never repeat: the same value means nothing changed between the two snapshots.
    return generation === this.generation ? this.epoch : null;
  }

  /**
   * Records that `deferral` takes memory as it is now; false when it already took it under an earlier epoch (the cache
   * was emptied between two lookups of one request), so this lookup must read instead.
   */
  defer(deferral: AuthDeferral): boolean {
    if (deferral.epoch !== null && deferral.epoch !== this.epoch) return false;
    deferral.epoch = this.epoch;
    return true;
  }

  /** The session a token names, as of `since`; `row` selects it (see `lookup`). */
  sessionAt(
    since: number,
    tokenHash: string,
    row: RawBuilder<CachedSession>,
    deferral?: AuthDeferral,
  ): Promise<CachedSession | undefined> {
    return this.lookup('session', this.sessions, tokenHash, since, row, deferral);
  }

  /** An API key by its hash, as of `since`; `row` selects it (see `lookup`). */
  apiKeyAt(since: number, keyHash: string, row: RawBuilder<CachedApiKey>): Promise<CachedApiKey | undefined> {
    return this.lookup('api_key', this.apiKeys, keyHash, since, row);
  }

  permissionsOf(userId: number): ReadonlyMap<string, PermissionFlags> | undefined {
    return this.counted('permissions', this.permissions.get(userId));
  }

  /**
   * Whether memory alone lets `deferral`'s request through (`allows` on the user's held flags; see `lookup`). False
   * when the flags are not held, do not allow, or were taken under another epoch: the caller then reads.
   */
  allowsFromMemory(
    userId: number,
    deferral: AuthDeferral,
    allows: (flags: ReadonlyMap<string, PermissionFlags>) => boolean,
  ): boolean {
    const held = this.permissions.get(userId);
    if (held === undefined || !allows(held) || !this.defer(deferral)) return false;
    this.counts.hits.permissions += 1;
    return true;
  }

  keepPermissions(epoch: number, userId: number, flags: ReadonlyMap<string, PermissionFlags>): void {
    this.keep(this.permissions, epoch, userId, flags);
  }

  private keep<K, V>(map: Map<K, V>, epoch: number, key: K, value: V) {
    if (epoch !== this.epoch) return;
    if (map.size >= MAX_ENTRIES) map.clear();
    map.set(key, value);
  }

  private counted<T>(kind: AuthCacheKind, found: T | undefined): T | undefined {
    if (found === undefined) this.counts.misses[kind] += 1;
    else this.counts.hits[kind] += 1;
    return found;
  }

  private clear(generation: string | null) {
    // The first read fills an empty cache: not a clearing an operator should see.
    if (this.generation !== null) this.counts.cleared += 1;
    this.generation = generation;
    this.epoch += 1;
    this.sessions.clear();
    this.permissions.clear();
    this.apiKeys.clear();
  }
}

/** What a statement needs to carry a generation read for the cache (`generationColumn`, then `seen`). */
export type GenerationProbe = Pick<AuthCache, 'generationColumn' | 'seen'>;

const caches = new WeakMap<Kysely<Database>, AuthCache>();

/** The cache of one database handle: one per server node (and per test app). */
export function authCacheOf(db: Kysely<Database>): AuthCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new AuthCache(db);
    caches.set(db, cache);
  }
  return cache;
}
