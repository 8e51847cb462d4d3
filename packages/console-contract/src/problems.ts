import { z } from './zod.js';

/** Cust Problem Tracking: the status flow (open → in progress → resolved → closed, reopen allowed). */
export const PROBLEM_STATUSES = ['open', 'in_progress', 'resolved', 'closed'] as const;
export type ProblemStatus = (typeof PROBLEM_STATUSES)[number];
export const PROBLEM_STATUS_LABELS: Record<ProblemStatus, string> = {
  open: 'Open',
  in_progress: 'In progress',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const PROBLEM_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type ProblemPriority = (typeof PROBLEM_PRIORITIES)[number];
export const PROBLEM_PRIORITY_LABELS: Record<ProblemPriority, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  urgent: 'Urgent',
};

/**
 * The moves of the status flow, by action name (`POST /api/problems/:id/transitions/:action`): the one owner of
 * the flow. The server checks a move against it; the app passes it to console-ui's problemStatus machine as its
 * `moves` input (console-ui keeps no flow of its own).
 */
export const PROBLEM_TRANSITIONS = {
  start: { from: ['open'], to: 'in_progress', label: 'Start' },
  resolve: { from: ['open', 'in_progress'], to: 'resolved', label: 'Resolve' },
  close: { from: ['resolved'], to: 'closed', label: 'Close' },
  reopen: { from: ['resolved', 'closed'], to: 'open', label: 'Reopen' },
} as const satisfies Record<string, { from: readonly ProblemStatus[]; to: ProblemStatus; label: string }>;
export type ProblemAction = keyof typeof PROBLEM_TRANSITIONS;
export const PROBLEM_ACTIONS = Object.keys(PROBLEM_TRANSITIONS) as ProblemAction[];

/** The action that moves a problem from one status to another, if the flow has one. */
export function problemActionBetween(from: ProblemStatus, to: ProblemStatus): ProblemAction | null {
  for (const action of PROBLEM_ACTIONS) {
    const move = PROBLEM_TRANSITIONS[action];
    if (move.to === to && (move.from as readonly string[]).includes(from)) return action;
  }
  return null;
}

/** Resolve-within hours by priority when the sub category names none. */
export const PROBLEM_DEFAULT_SLA_HOURS: Record<ProblemPriority, number> = {
  urgent: 4,
  high: 8,
  medium: 24,
  low: 72,
};

/** How a priority scales the sub category's target (its hours are for a medium problem). */
export const PROBLEM_PRIORITY_SLA_FACTOR: Record<ProblemPriority, number> = {
  urgent: 0.25,
  high: 0.5,
  medium: 1,
  low: 2,
};

/**
 * The SLA of a problem in whole hours: the sub category's resolve-within hours (for a medium problem) scaled by
 * the priority, or the priority's default when the sub category has none. At least 1 hour.
 *
 * @example
 * problemSlaHours(24, 'urgent') // 6
 * problemSlaHours(null, 'high') // 8
 */
export function problemSlaHours(
  subcategoryHours: number | null | undefined,
  priority: ProblemPriority,
): number {
  if (subcategoryHours === null || subcategoryHours === undefined) return PROBLEM_DEFAULT_SLA_HOURS[priority];
  return Math.max(1, Math.ceil(subcategoryHours * PROBLEM_PRIORITY_SLA_FACTOR[priority]));
}

/** The SLA due instant: the clock runs in real hours from the time the problem was (re)opened. */
export function problemSlaDue(openedAt: Date, hours: number): Date {
  return new Date(openedAt.getTime() + hours * 3_600_000);
}

/**
 * Whether a problem is past its SLA: an unresolved one when `now` is after the due time, a resolved or closed one
 * when it was resolved after it (the clock stops at resolution).
 */
export function problemSlaBreached(
  problem: { status: ProblemStatus; sla_due_at: string; resolved_at: string | null },
  now: Date,
): boolean {
  const due = Date.parse(problem.sla_due_at);
  if (problem.status === 'open' || problem.status === 'in_progress') return now.getTime() > due;
  return problem.resolved_at !== null && Date.parse(problem.resolved_at) > due;
}

const id = z.coerce.number().check(z.int(), z.gte(1), z.lte(2_147_483_647));
const text = (max: number) => z.string().check(z.trim(), z.minLength(1, 'Required'), z.maxLength(max));
const optionalText = (max: number) =>
  z.pipe(
    z.nullish(z.string().check(z.trim(), z.maxLength(max))),
    z.transform((value) => (value ? value : null)),
  );

export const problemCreateSchema = z.strictObject({
  customer_name: optionalText(120),
  customer_email: z.pipe(
    z.nullish(
      z.union([z.string().check(z.trim(), z.maxLength(200), z.email('Not an email address')), z.literal('')]),
    ),
    z.transform((value) => (value ? value.toLowerCase() : null)),
  ),
  customer_phone: optionalText(30),
  /** The Mayar id of the purchase the problem is about; fills customer and product when they are empty. */
  purchase_mayar_id: optionalText(120),
  product_id: z.nullish(id),
  category_id: id,
  subcategory_id: z.nullish(id),
  description: text(4000),
  priority: z.optional(z.enum(PROBLEM_PRIORITIES)),
  assignee_id: z.nullish(id),
  /** Created from a Chat List message: the conversation and the message it links back to. */
  conversation_id: z.nullish(id),
  message_id: z.nullish(id),
});
export type ProblemCreate = z.input<typeof problemCreateSchema>;

export const problemUpdateSchema = z.strictObject({
  version: z.number().check(z.int(), z.gte(1)),
  description: z.optional(text(4000)),
  priority: z.optional(z.enum(PROBLEM_PRIORITIES)),
  category_id: z.optional(id),
  subcategory_id: z.optional(z.nullable(id)),
  assignee_id: z.optional(z.nullable(id)),
  product_id: z.optional(z.nullable(id)),
});

/** The path of one problem (`/api/problems/:id`), and of a status move (`…/transitions/:action`). */
export const problemParamsSchema = z.object({ id });
export const problemActionParamsSchema = z.extend(problemParamsSchema, {
  action: z.enum(PROBLEM_ACTIONS as [ProblemAction, ...ProblemAction[]]),
});

export const problemTransitionSchema = z.strictObject({ version: z.number().check(z.int(), z.gte(1)) });
export const problemCommentSchema = z.strictObject({ body: text(2000) });
export const problemAttachmentSchema = z.strictObject({
  url: z.string().check(
    z.trim(),
    z.maxLength(2000),
    z.url('Not a link'),
    z.refine((value) => /^https?:\/\//i.test(value), 'Only http and https links'),
  ),
  label: optionalText(200),
});

export const problemListQuerySchema = z.object({
  status: z.optional(z.enum(PROBLEM_STATUSES)),
  assignee: z.optional(z.union([z.literal('me'), z.literal('none'), id])),
  breached: z.optional(z.enum(['1'])),
  q: z.optional(z.string().check(z.trim(), z.maxLength(200))),
});

export const problemSchema = z.object({
  id: z.number().check(z.int()),
  customer_name: z.nullable(z.string()),
  customer_email: z.nullable(z.string()),
  customer_phone: z.nullable(z.string()),
  purchase_id: z.nullable(z.number().check(z.int())),
  purchase_mayar_id: z.nullable(z.string()),
  product_id: z.nullable(z.number().check(z.int())),
  product_name: z.nullable(z.string()),
  category_id: z.number().check(z.int()),
  category_name: z.string(),
  subcategory_id: z.nullable(z.number().check(z.int())),
  subcategory_name: z.nullable(z.string()),
  description: z.string(),
  priority: z.enum(PROBLEM_PRIORITIES),
  status: z.enum(PROBLEM_STATUSES),
  assignee_id: z.nullable(z.number().check(z.int())),
  assignee_name: z.nullable(z.string()),
  sla_hours: z.number().check(z.int()),
  opened_at: z.string(),
  sla_due_at: z.string(),
  resolved_at: z.nullable(z.string()),
  closed_at: z.nullable(z.string()),
  sla_breached: z.boolean(),
  comment_count: z.number().check(z.int()),
  /** The Chat List conversation and message it was created from. */
  conversation_id: z.nullable(z.number().check(z.int())),
  message_id: z.nullable(z.number().check(z.int())),
  version: z.number().check(z.int()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Problem = z.infer<typeof problemSchema>;

export const problemListResponseSchema = z.object({ rows: z.array(problemSchema), now: z.string() });
export type ProblemListResponse = z.infer<typeof problemListResponseSchema>;

export const problemCommentRowSchema = z.object({
  id: z.number().check(z.int()),
  body: z.string(),
  author_name: z.nullable(z.string()),
  created_at: z.string(),
});
export const problemAttachmentRowSchema = z.object({
  id: z.number().check(z.int()),
  url: z.string(),
  label: z.nullable(z.string()),
  added_by_name: z.nullable(z.string()),
  created_at: z.string(),
});
export const problemDetailSchema = z.object({
  problem: problemSchema,
  comments: z.array(problemCommentRowSchema),
  attachments: z.array(problemAttachmentRowSchema),
});
export type ProblemDetail = z.infer<typeof problemDetailSchema>;

export const problemOptionsSchema = z.object({
  categories: z.array(z.object({ id: z.number().check(z.int()), name: z.string() })),
  subcategories: z.array(
    z.object({
      id: z.number().check(z.int()),
      category_id: z.number().check(z.int()),
      name: z.string(),
      default_priority: z.enum(PROBLEM_PRIORITIES),
      sla_hours: z.nullable(z.number().check(z.int())),
    }),
  ),
  assignees: z.array(z.object({ id: z.number().check(z.int()), name: z.string() })),
});
export type ProblemOptions = z.infer<typeof problemOptionsSchema>;

/** The `resource:changed` entity of problems: open boards reload when a colleague changes one. */
export const PROBLEM_ENTITY = 'customer_problems';

/** Socket event to the assignee when a problem is given to them. */
export const PROBLEM_ASSIGNED_EVENT = 'problem:assigned';
export interface ProblemAssignedPayload {
  id: number;
  description: string;
  customer: string | null;
  sla_due_at: string;
  by: string;
}
