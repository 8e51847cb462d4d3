import { z } from './zod.js';
import { adminUserSchema, ownSessionSchema } from './api.js';
import { PERMISSION_KEYS, isPermissionKey } from './permissions.js';

// Wire shapes of the administration API (ADR 007), shared by the server's routes and the app's admin client.

/** Longest password accepted (the server's password policy says the same). */
export const PASSWORD_MAX_LENGTH = 200;

const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{2,63}$/;
export const USERNAME_MESSAGE =
  'Use 3–64 letters, digits, dots, dashes or underscores, starting with a letter or digit.';

export const usernameSchema = z
  .string()
  .check(z.trim(), z.regex(USERNAME_PATTERN, { message: USERNAME_MESSAGE }));
export const fullNameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { message: 'Enter the full name.' }),
    z.maxLength(200, { message: 'Use at most 200 characters.' }),
  );
const passwordSchema = z
  .string()
  .check(z.maxLength(PASSWORD_MAX_LENGTH, { message: `Use at most ${PASSWORD_MAX_LENGTH} characters.` }));
const setNameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, { message: 'Enter a name.' }),
    z.maxLength(100, { message: 'Use at most 100 characters.' }),
  );
const setNamesSchema = z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.maxLength(100));

const queryBoolean = z.pipe(
  z.enum(['true', 'false']),
  z.transform((value) => value === 'true'),
);
const queryList = z.pipe(
  z.union([z.string(), z.array(z.string())]),
  z.transform((value) =>
    (Array.isArray(value) ? value : value.split(',')).map((item) => item.trim()).filter(Boolean),
  ),
);
const isoDate = z.union([z.iso.datetime({ offset: true }), z.iso.date()]);

export const USER_SORT_FIELDS = ['username', 'full_name', 'last_login_at', 'created_at'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

export const userListQuerySchema = z.object({
  /** Username or full name contains (case-insensitive). */
  q: z.optional(z.string().check(z.maxLength(200))),
  active: z.optional(queryBoolean),
  /** Holds any of these sets (comma-separated or repeated). */
  permission_set: z.optional(queryList),
  last_login_from: z.optional(isoDate),
  last_login_to: z.optional(isoDate),
  /** true: never signed in. */
  never_logged_in: z.optional(queryBoolean),
  sort: z._default(z.enum(USER_SORT_FIELDS), 'username'),
  dir: z._default(z.enum(['asc', 'desc']), 'asc'),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
  page_size: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
});
export type UserListQuery = z.output<typeof userListQuerySchema>;

export const adminUserRowSchema = z.extend(adminUserSchema, {
  created_at: z.string(),
  version: z.number().check(z.int()),
  /** Sessions not revoked and not expired. */
  live_sessions: z.number().check(z.int()),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;

export const userListResponseSchema = z.object({
  users: z.array(adminUserRowSchema),
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
  page_size: z.number().check(z.int()),
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

export const userCreateBodySchema = z.object({
  username: usernameSchema,
  full_name: fullNameSchema,
  /** Left out (or empty): the server generates one and answers it once. */
  password: z.optional(passwordSchema),
  active: z._default(z.boolean(), true),
  permission_sets: z._default(setNamesSchema, []),
});
export type UserCreateBody = z.input<typeof userCreateBodySchema>;

export const userCreateResponseSchema = z.object({
  user: adminUserRowSchema,
  /** Only when the server generated the password: shown once, never stored in clear. */
  generated_password: z.optional(z.string()),
});
export type UserCreateResult = z.infer<typeof userCreateResponseSchema>;

export const userPatchBodySchema = z
  .object({
    username: z.optional(usernameSchema),
    full_name: z.optional(fullNameSchema),
    active: z.optional(z.boolean()),
    /** The version the editor loaded: a newer one on the server answers 409. */
    version: z.optional(z.number().check(z.int())),
  })
  .check(
    z.refine(
      (value) => value.username !== undefined || value.full_name !== undefined || value.active !== undefined,
      {
        message: 'Give username, full_name or active',
      },
    ),
  );
export type UserPatchBody = z.input<typeof userPatchBodySchema>;

export const resetPasswordBodySchema = z.object({ password: z.optional(passwordSchema) });
export const resetPasswordResponseSchema = z.object({
  generated_password: z.optional(z.string()),
  /** Sessions the reset ended. */
  revoked_sessions: z.number().check(z.int()),
});
export type ResetPasswordResult = z.infer<typeof resetPasswordResponseSchema>;

export const changePasswordBodySchema = z.object({
  old_password: z.string().check(z.maxLength(1000)),
  new_password: passwordSchema,
});
export const changePasswordResponseSchema = z.object({
  ok: z.literal(true),
  revoked_sessions: z.number().check(z.int()),
});
export type ChangePasswordResult = z.infer<typeof changePasswordResponseSchema>;

/** An admin sees a user's sessions as the user sees their own. */
export const sessionSchema = ownSessionSchema;
export type AdminSession = z.infer<typeof sessionSchema>;
export const sessionListResponseSchema = z.object({ sessions: z.array(sessionSchema) });
export const revokeAllResponseSchema = z.object({ revoked: z.number().check(z.int()) });

export const activityQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
});
export const activityEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.nullable(z.string()),
  /** `actor`: the user did it; `subject`: it was done to the user. */
  role: z.enum(['actor', 'subject']),
  actor: z.nullable(z.object({ id: z.number().check(z.int()), username: z.string(), full_name: z.string() })),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.nullable(z.string()),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;
export const activityResponseSchema = z.object({ entries: z.array(activityEntrySchema) });

export const deleteResponseSchema = z.object({ ok: z.literal(true) });

const permissionKeySchema = z
  .string()
  .check(z.refine((key: string): boolean => isPermissionKey(key), { message: 'Unknown permission key' }));
export const setEntrySchema = z.object({ key: permissionKeySchema, read: z.boolean(), write: z.boolean() });
export type SetEntry = z.infer<typeof setEntrySchema>;
const entriesSchema = z.array(setEntrySchema).check(z.maxLength(PERMISSION_KEYS.length * 2));

export const permissionSetSchema = z.object({
  id: z.number().check(z.int()),
  name: z.string(),
  description: z.string(),
  version: z.number().check(z.int()),
  /** Users holding the set (active or not). */
  user_count: z.number().check(z.int()),
  entries: z.array(z.object({ key: z.string(), read: z.boolean(), write: z.boolean() })),
});
export type PermissionSetRow = z.infer<typeof permissionSetSchema>;
export const permissionSetListResponseSchema = z.object({ sets: z.array(permissionSetSchema) });

export const setIdParamsSchema = z.object({ id: z.coerce.number().check(z.int(), z.positive()) });
/** `/api/admin/users/:id/…`: one user. */
export const userIdParamsSchema = z.object({ id: z.coerce.number().check(z.int(), z.positive()) });
/** `GET /api/admin/view-as/:userId`. */
export const viewAsParamsSchema = z.object({ userId: z.coerce.number().check(z.int(), z.positive()) });
/** `PUT /api/admin/users/:id/permission-sets`: the sets the user holds from now on, by name. */
export const userSetsBodySchema = z.object({
  permission_sets: z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.maxLength(100)),
});

export const setCreateBodySchema = z.object({
  name: setNameSchema,
  description: z._default(z.string().check(z.maxLength(500)), ''),
  entries: z._default(entriesSchema, []),
});
export type SetCreateBody = z.input<typeof setCreateBodySchema>;

export const setPatchBodySchema = z
  .object({
    name: z.optional(setNameSchema),
    description: z.optional(z.string().check(z.maxLength(500))),
    entries: z.optional(entriesSchema),
    version: z.optional(z.number().check(z.int())),
  })
  .check(
    z.refine(
      (value) => value.name !== undefined || value.description !== undefined || value.entries !== undefined,
      {
        message: 'Give name, description or entries',
      },
    ),
  );

export const matrixKeySchema = z.object({
  key: z.string(),
  /** Pages this key guards (their page check). */
  pages: z.array(
    z.object({ id: z.string(), path: z.string(), title: z.string(), group: z.nullable(z.string()) }),
  ),
  /** Menu groups (and items) that need this key to be shown. */
  menu_groups: z.array(z.object({ id: z.string(), label: z.string() })),
});
export type SetPatchBody = z.input<typeof setPatchBodySchema>;
export type MatrixKey = z.infer<typeof matrixKeySchema>;
export const matrixResponseSchema = z.object({
  keys: z.array(matrixKeySchema),
  sets: z.array(permissionSetSchema),
});
export type PermissionMatrix = z.infer<typeof matrixResponseSchema>;

/** Saves several sets' entries at once: one transaction, one safety check, one notice per affected user. */
export const matrixSaveBodySchema = z.object({
  sets: z
    .array(
      z.object({
        id: z.number().check(z.int(), z.positive()),
        entries: entriesSchema,
        version: z.optional(z.number().check(z.int())),
      }),
    )
    .check(z.minLength(1), z.maxLength(200)),
});
export type MatrixSaveBody = z.input<typeof matrixSaveBodySchema>;
export const matrixSaveResponseSchema = z.object({
  sets: z.array(permissionSetSchema),
  /** Sets whose entries actually changed. */
  changed_sets: z.array(z.string()),
  /** Signed-in users told over the socket (ids of users holding a changed set). */
  notified_users: z.number().check(z.int()),
});
export type MatrixSaveResult = z.infer<typeof matrixSaveResponseSchema>;

export const viewAsResponseSchema = z.object({
  user: z.object({
    id: z.number().check(z.int()),
    username: z.string(),
    full_name: z.string(),
    active: z.boolean(),
    last_login_at: z.nullable(z.string()),
  }),
  permission_sets: z.array(z.string()),
  /** Exactly what `GET /api/a/verify/___ca` answers that user. */
  permissions: z.array(
    z.object({
      permission_key: z.string(),
      allow_read: z.number().check(z.int()),
      allow_write: z.optional(z.number().check(z.int())),
    }),
  ),
  /** The sidebar groups and items that user sees (`visibleMenu`); `locked`: shown, but its page would refuse them. */
  menu: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      items: z.array(z.object({ id: z.string(), label: z.string(), path: z.string(), locked: z.boolean() })),
    }),
  ),
  /** Pages whose guard would let that user in. */
  allowed_pages: z.array(z.string()),
});
export type ViewAsResult = z.infer<typeof viewAsResponseSchema>;
