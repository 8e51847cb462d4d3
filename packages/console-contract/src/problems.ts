import { z } from 'zod';

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

const id = z.coerce.number().int().min(1).max(2_147_483_647);
const text = (max: number) => z.string().trim().min(1, 'Required').max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

export const problemCreateSchema = z
  .object({
    customer_name: optionalText(120),
    customer_email: z
      .string()
      .trim()
      .max(200)
      .email('Not an email address')
      .or(z.literal(''))
      .nullish()
      .transform((value) => (value ? value.toLowerCase() : null)),
    customer_phone: optionalText(30),
    /** The Mayar id of the purchase the problem is about; fills customer and product when they are empty. */
    purchase_mayar_id: optionalText(120),
    product_id: id.nullish(),
    category_id: id,
    subcategory_id: id.nullish(),
    description: text(4000),
    priority: z.enum(PROBLEM_PRIORITIES).optional(),
    assignee_id: id.nullish(),
    /** Created from a Chat List message: the conversation and the message it links back to. */
    conversation_id: id.nullish(),
    message_id: id.nullish(),
  })
  .strict();
export type ProblemCreate = z.input<typeof problemCreateSchema>;

export const problemUpdateSchema = z
  .object({
    version: z.number().int().min(1),
    description: text(4000).optional(),
    priority: z.enum(PROBLEM_PRIORITIES).optional(),
    category_id: id.optional(),
    subcategory_id: id.nullable().optional(),
    assignee_id: id.nullable().optional(),
    product_id: id.nullable().optional(),
  })
  .strict();

/** The path of one problem (`/api/problems/:id`), and of a status move (`…/transitions/:action`). */
export const problemParamsSchema = z.object({ id });
export const problemActionParamsSchema = problemParamsSchema.extend({
  action: z.enum(PROBLEM_ACTIONS as [ProblemAction, ...ProblemAction[]]),
});

export const problemTransitionSchema = z.object({ version: z.number().int().min(1) }).strict();
export const problemCommentSchema = z.object({ body: text(2000) }).strict();
export const problemAttachmentSchema = z
  .object({
    url: z
      .string()
      .trim()
      .max(2000)
      .url('Not a link')
      .refine((value) => /^https?:\/\//i.test(value), 'Only http and https links'),
    label: optionalText(200),
  })
  .strict();

export const problemListQuerySchema = z.object({
  status: z.enum(PROBLEM_STATUSES).optional(),
  assignee: z.union([z.literal('me'), z.literal('none'), id]).optional(),
  breached: z.enum(['1']).optional(),
  q: z.string().trim().max(200).optional(),
});

export const problemSchema = z.object({
  id: z.number().int(),
  customer_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  customer_phone: z.string().nullable(),
  purchase_id: z.number().int().nullable(),
  purchase_mayar_id: z.string().nullable(),
  product_id: z.number().int().nullable(),
  product_name: z.string().nullable(),
  category_id: z.number().int(),
  category_name: z.string(),
  subcategory_id: z.number().int().nullable(),
  subcategory_name: z.string().nullable(),
  description: z.string(),
  priority: z.enum(PROBLEM_PRIORITIES),
  status: z.enum(PROBLEM_STATUSES),
  assignee_id: z.number().int().nullable(),
  assignee_name: z.string().nullable(),
  sla_hours: z.number().int(),
  opened_at: z.string(),
  sla_due_at: z.string(),
  resolved_at: z.string().nullable(),
  closed_at: z.string().nullable(),
  sla_breached: z.boolean(),
  comment_count: z.number().int(),
  /** The Chat List conversation and message it was created from. */
  conversation_id: z.number().int().nullable(),
  message_id: z.number().int().nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Problem = z.infer<typeof problemSchema>;

export const problemListResponseSchema = z.object({ rows: z.array(problemSchema), now: z.string() });
export type ProblemListResponse = z.infer<typeof problemListResponseSchema>;

export const problemCommentRowSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  author_name: z.string().nullable(),
  created_at: z.string(),
});
export const problemAttachmentRowSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  label: z.string().nullable(),
  added_by_name: z.string().nullable(),
  created_at: z.string(),
});
export const problemDetailSchema = z.object({
  problem: problemSchema,
  comments: z.array(problemCommentRowSchema),
  attachments: z.array(problemAttachmentRowSchema),
});
export type ProblemDetail = z.infer<typeof problemDetailSchema>;

export const problemOptionsSchema = z.object({
  categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
  subcategories: z.array(
    z.object({
      id: z.number().int(),
      category_id: z.number().int(),
      name: z.string(),
      default_priority: z.enum(PROBLEM_PRIORITIES),
      sla_hours: z.number().int().nullable(),
    }),
  ),
  assignees: z.array(z.object({ id: z.number().int(), name: z.string() })),
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
