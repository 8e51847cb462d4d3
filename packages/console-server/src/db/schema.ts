import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A timestamptz column: read as Date, written as Date or ISO string, defaulted by the database. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** jsonb: pg parses it on read; we write JSON text. */
type Json = ColumnType<unknown, string | null | undefined, string | null>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  full_name: string;
  password_hash: string;
  active: Generated<boolean>;
  last_login_at: NullableTimestamp;
  failed_attempts: Generated<number>;
  locked_until: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Bumped on every change: optimistic concurrency for admin edits. */
  version: Generated<number>;
  /** Two-step sign-in (migration 200): the confirmed secret, one awaiting confirmation, when it was turned on. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enabled_at: NullableTimestamp;
  /** The last time step whose code signed in (bigint: read as a string). */
  totp_last_step: ColumnType<string | null, number | string | null | undefined, number | string | null>;
}

export interface PermissionKeysTable {
  key: string;
  description: Generated<string>;
  created_at: Timestamp;
}

export interface PermissionSetsTable {
  id: Generated<number>;
  name: string;
  description: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface PermissionSetEntriesTable {
  set_id: number;
  permission_key: string;
  allow_read: boolean;
  allow_write: boolean;
}

export interface UserPermissionSetsTable {
  user_id: number;
  set_id: number;
  granted_at: Timestamp;
  granted_by: number | null;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  revoked_at: NullableTimestamp;
  revoked_reason: string | null;
  last_seen_at: NullableTimestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface ConfigsTable {
  name: string;
  value: string | null;
  description: Generated<string>;
  updated_at: Timestamp;
  updated_by: number | null;
}

export interface AuditLogTable {
  id: Generated<string>;
  actor_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: Json;
  after: Json;
  ip: string | null;
  at: Timestamp;
  /** The API key that acted (migration 101); actor_id is then null. */
  actor_api_key_id?: number | null;
}

export interface PageChecksTable {
  id: Generated<string>;
  user_id: number;
  permission_key: string;
  mode: string;
  path: string | null;
  allowed: boolean;
  at: Timestamp;
}

export interface LoginEventsTable {
  id: Generated<string>;
  user_id: number | null;
  username: string;
  success: boolean;
  reason: string;
  ip: string | null;
  user_agent: string | null;
  at: Timestamp;
}

/** Failure counters for sign-in throttling that are not tied to an existing user row (addresses, unknown names). */
export interface LoginThrottleTable {
  key: string;
  failures: number;
  window_started_at: Timestamp;
  locked_until: NullableTimestamp;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: Timestamp;
}

// --- master-data resources (migrations 100–199); the entity tables themselves are queried untyped ---
export interface SavedViewsTable {
  id: Generated<number>;
  entity: string;
  owner_id: number;
  name: string;
  shared: Generated<boolean>;
  q: string | null;
  filters: Json;
  sort: Json;
  columns: string[] | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  version: Generated<number>;
}

export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  key_prefix: string;
  key_hash: string;
  entities: string[];
  created_by: number | null;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
  revoked_by: number | null;
}

// --- two-step sign-in (migration 200) ---
export interface TotpRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** sha256 of the normalised code (80 random bits: no slow hash needed). */
  code_hash: string;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

/** A password that was right for an enrolled user: single use, short-lived, redeemed with a code. */
export interface LoginChallengesTable {
  id: Generated<string>;
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: ColumnType<Date, Date | string, Date | string>;
  used_at: NullableTimestamp;
  ip: string | null;
}

export interface Database {
  users: UsersTable;
  permission_keys: PermissionKeysTable;
  permission_sets: PermissionSetsTable;
  permission_set_entries: PermissionSetEntriesTable;
  user_permission_sets: UserPermissionSetsTable;
  sessions: SessionsTable;
  configs: ConfigsTable;
  audit_log: AuditLogTable;
  page_checks: PageChecksTable;
  login_events: LoginEventsTable;
  login_throttle: LoginThrottleTable;
  schema_migrations: SchemaMigrationsTable;
  saved_views: SavedViewsTable;
  api_keys: ApiKeysTable;
  totp_recovery_codes: TotpRecoveryCodesTable;
  login_challenges: LoginChallengesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
