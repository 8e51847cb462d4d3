import { type Kysely, sql } from 'kysely';
import { MENU_GROUPS, PERMISSION_KEYS, ROUTES, type PermissionKey } from '@staff/console-contract';
import type { Database } from './db/schema.js';
import { generatePassword } from './auth/passwords.js';
import { passwordProblems } from './admin/passwordPolicy.js';
import { ConfigError } from './config.js';
import { createUser, ensurePermissionKeys, upsertPermissionSet } from './services/users.js';
import { seedResourceDemo } from './resources/demo.js';
import { seedDemoActivity } from './demo/activity.js';
import { seedDemoReports } from './demo/reportDemo.js';

/** Documented in the README: fixed so the demo accounts can be listed. */
export const DEMO_PASSWORD = 'Demo12345!';
export const DEMO_ADMIN_PASSWORD = 'admin12345';
export const ALL_ACCESS_SET = 'All access';

export interface SeedOptions {
  adminUsername: string;
  /** Used when given; otherwise the demo password (demo on) or a generated one. */
  adminPassword?: string;
  demo: boolean;
  /** Master-data demo rows with `demo`: a multiple of DEMO_ROW_COUNTS (default 1), or false for none (tests). */
  demoRows?: number | false;
  /** With demo rows: 90 days of insights, purchases and conversations through the intake (the server asks; tests do not). */
  demoActivity?: boolean;
  log: (message: string) => void;
  now?: Date;
}

export interface SeedResult {
  seeded: boolean;
  adminUsername?: string;
  /** Set when the password was generated: shown once. */
  generatedPassword?: string;
  demoUsers: string[];
}

/** The keys one menu group's pages need: the group's own requirement plus each item's page key. */
export function keysOfGroup(groupId: string): PermissionKey[] {
  const group = MENU_GROUPS.find((entry) => entry.id === groupId);
  const keys = new Set<PermissionKey>(group?.requires ?? []);
  for (const route of ROUTES) {
    if (route.group !== groupId) continue;
    keys.add(route.key);
    for (const key of route.menuRequires ?? []) keys.add(key);
  }
  return [...keys];
}

/** Demo users: one per menu group (`demo-<group id>`), one with nothing, one with everything. */
export function demoAccounts(): { username: string; fullName: string; sets: string[] }[] {
  return [
    ...MENU_GROUPS.map((group) => ({
      username: `demo-${group.id}`,
      fullName: `Demo ${group.label}`,
      sets: [group.label],
    })),
    { username: 'demo-none', fullName: 'Demo No Access', sets: [] },
    { username: 'demo-all', fullName: 'Demo All Access', sets: [ALL_ACCESS_SET] },
  ];
}

export const DEMO_CONFIGS: readonly { name: string; value: string; description: string }[] = [
  { name: 'app_title', value: 'Staff Console', description: 'Product label shown on the login page' },
  {
    name: 'logistics_filter_days',
    value: '30',
    description: "Window of the logistics pages' date filter (days)",
  },
  { name: 'permission_check_delay_ms', value: '750', description: 'Page guard display delay' },
  { name: 'report_decimals', value: '2', description: 'Decimals when a report asks for them' },
  { name: 'maintenance_mode', value: '0', description: '1 shows a maintenance notice' },
];

async function seedDemo(db: Kysely<Database>, now: Date): Promise<string[]> {
  for (const group of MENU_GROUPS) {
    await upsertPermissionSet(db, {
      name: group.label,
      description: `Read access to the ${group.label} menu group's pages`,
      entries: keysOfGroup(group.id).map((key) => ({ key, read: true, write: false })),
    });
  }
  const usernames: string[] = [];
  for (const account of demoAccounts()) {
    await createUser(db, {
      username: account.username,
      fullName: account.fullName,
      password: DEMO_PASSWORD,
      sets: account.sets,
    });
    usernames.push(account.username);
  }
  for (const config of DEMO_CONFIGS) {
    await db
      .insertInto('configs')
      .values(config)
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }
  await seedDemoUsage(db, now);
  return usernames;
}

/** A fortnight of sign-ins and page visits, so the usage statistics page has something to show. */
async function seedDemoUsage(db: Kysely<Database>, now: Date): Promise<void> {
  const users = await db
    .selectFrom('users')
    .select(['id', 'username'])
    .where('username', 'like', 'demo-%')
    .orderBy('id')
    .execute();
  const pages = ROUTES.filter((route) => route.group);
  const checks: {
    user_id: number;
    permission_key: string;
    mode: string;
    path: string;
    allowed: boolean;
    at: Date;
  }[] = [];
  const logins: {
    user_id: number | null;
    username: string;
    success: boolean;
    reason: string;
    ip: string;
    at: Date;
  }[] = [];
  for (let day = 13; day >= 1; day -= 1) {
    users.forEach((user, index) => {
      // A deterministic spread: not every user signs in every day.
      if ((day + index) % 3 === 0) return;
      const at = new Date(now.getTime() - day * 86_400_000 + (index % 8) * 3_600_000);
      logins.push({
        user_id: user.id,
        username: user.username,
        success: true,
        reason: 'ok',
        ip: '127.0.0.1',
        at,
      });
      if ((day * 7 + index) % 11 === 0) {
        logins.push({
          user_id: user.id,
          username: user.username,
          success: false,
          reason: 'invalid',
          ip: '127.0.0.1',
          at: new Date(at.getTime() - 60_000),
        });
      }
      const page = pages[(day * 5 + index * 3) % pages.length];
      if (page)
        checks.push({
          user_id: user.id,
          permission_key: page.key,
          mode: 'read',
          path: page.path,
          allowed: true,
          at: new Date(at.getTime() + 120_000),
        });
      const second = pages[(index * 7) % pages.length];
      if (second && day % 2 === 0)
        checks.push({
          user_id: user.id,
          permission_key: second.key,
          mode: 'read',
          path: second.path,
          allowed: true,
          at: new Date(at.getTime() + 300_000),
        });
    });
  }
  if (logins.length) await db.insertInto('login_events').values(logins).execute();
  if (checks.length) await db.insertInto('page_checks').values(checks).execute();
}

/**
 * First start (no users yet): the administrator with every key, and the demo data when asked. Later starts only
 * add permission keys that a newer contract brings.
 */
export async function seed(db: Kysely<Database>, options: SeedOptions): Promise<SeedResult> {
  await ensurePermissionKeys(db);
  const count = await db
    .selectFrom('users')
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  if (Number(count.n) > 0) return { seeded: false, demoUsers: [] };

  await upsertPermissionSet(db, {
    name: ALL_ACCESS_SET,
    description: 'Read and write on every permission key',
    entries: PERMISSION_KEYS.map((key) => ({ key, read: true, write: true })),
  });
  // An operator-chosen password meets the same rules as any other (the fixed demo one predates them, ADR 007).
  if (options.adminPassword) {
    const problems = passwordProblems(options.adminPassword, options.adminUsername);
    if (problems.length > 0)
      throw new ConfigError(
        `CONSOLE_ADMIN_PASSWORD is refused for the first administrator "${options.adminUsername}": ${problems.join(' ')}`,
      );
  }
  const generated = options.adminPassword ? undefined : options.demo ? undefined : generatePassword();
  const password = options.adminPassword ?? (options.demo ? DEMO_ADMIN_PASSWORD : (generated as string));
  await createUser(db, {
    username: options.adminUsername,
    fullName: 'Administrator',
    password,
    sets: [ALL_ACCESS_SET],
  });
  if (generated) {
    options.log(
      `First start: created administrator "${options.adminUsername}" with the generated password ${generated} ` +
        `(shown only now; change it with: npm run console -- reset-password ${options.adminUsername})`,
    );
  } else {
    options.log(
      `First start: created administrator "${options.adminUsername}"${options.adminPassword ? ' with CONSOLE_ADMIN_PASSWORD' : ` with the demo password ${DEMO_ADMIN_PASSWORD}`}`,
    );
  }
  const demoUsers = options.demo ? await seedDemo(db, options.now ?? new Date()) : [];
  // Master-data demo rows (src/resources/demo.ts).
  if (options.demo && options.demoRows !== false)
    await seedResourceDemo(db, { log: options.log, scale: options.demoRows ?? 1 });
  // 90 days of insights, purchases and chats through the intake, over those rows (src/demo/activity.ts).
  if (options.demo && options.demoRows !== false && options.demoActivity) {
    await seedDemoActivity(db, {
      log: options.log,
      campaigns: Math.max(2, Math.round(12 * (options.demoRows ?? 1))),
      ...(options.now ? { now: options.now } : {}),
    });
    // Creators whose posts sell, and targets in scale with the revenue (src/demo/reportDemo.ts).
    await seedDemoReports(db, {
      log: options.log,
      projects: Math.max(4, Math.round(36 * (options.demoRows ?? 1))),
      ...(options.now ? { now: options.now } : {}),
    });
  }
  if (options.demo)
    options.log(
      `Demo data: ${demoUsers.length} demo users (password ${DEMO_PASSWORD}), permission sets per menu group, configs`,
    );
  return {
    seeded: true,
    adminUsername: options.adminUsername,
    ...(generated ? { generatedPassword: generated } : {}),
    demoUsers,
  };
}
