/**
 * The signed-in user's own language and theme (ADR 028): no permission key, only one's own row.
 */
import type { FastifyRequest } from 'fastify';
import { type Kysely, sql } from 'kysely';
import {
  DEFAULT_PREFERENCES,
  preferencesEndpoints,
  type Language,
  type UserPreferences,
} from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import type { RouteRegistrar } from '../admin/routes.js';
import type { AuthenticatedSession } from '../auth/sessions.js';
import { auditOwnAccount } from '../services/audit.js';
import { implement } from '../pageRoutes.js';

export interface PreferencesRoutesOptions {
  route: RouteRegistrar;
  sessionOf: (request: FastifyRequest) => AuthenticatedSession;
  db: Kysely<Database>;
  now: () => Date;
}

/** A user's chosen language (what the server writes for them: CSV exports). */
export async function languageOf(db: Kysely<Database>, userId: number): Promise<Language> {
  return (await readPreferences(db, userId)).language;
}

async function readPreferences(db: Kysely<Database>, userId: number): Promise<UserPreferences> {
  const { rows } = await sql<UserPreferences>`
    select language, theme from user_preferences where user_id = ${userId}`.execute(db);
  return rows[0] ?? { ...DEFAULT_PREFERENCES };
}

export function registerPreferencesRoutes(options: PreferencesRoutesOptions): void {
  const { route, sessionOf, db, now } = options;
  implement(route, preferencesEndpoints.read, async (request) =>
    readPreferences(db, sessionOf(request).userId),
  );

  implement(route, preferencesEndpoints.save, async (request, _reply, { body }) => {
    const session = sessionOf(request);
    return db.transaction().execute(async (trx) => {
      const before = await readPreferences(trx, session.userId);
      const after: UserPreferences = { ...before, ...body };
      await sql`
          insert into user_preferences (user_id, language, theme, updated_at)
          values (${session.userId}, ${after.language}, ${after.theme}, ${now()})
          on conflict (user_id) do update
            set language = excluded.language, theme = excluded.theme, updated_at = excluded.updated_at`.execute(
        trx,
      );
      await auditOwnAccount(trx, { id: session.userId, ip: request.ip ?? null }, 'update-preferences', {
        before,
        after,
      });
      return after;
    });
  });
}
