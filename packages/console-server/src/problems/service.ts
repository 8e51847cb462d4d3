import { type Kysely, type RawBuilder, type Transaction, sql } from 'kysely';
import {
  PROBLEM_ENTITY,
  PROBLEM_TRANSITIONS,
  problemSlaBreached,
  problemSlaDue,
  problemSlaHours,
  type Problem,
  type ProblemAction,
  type ProblemDetail,
  type ProblemOptions,
  type ProblemPriority,
  type ProblemStatus,
  type problemCreateSchema,
  type problemListQuerySchema,
  type problemUpdateSchema,
  type z,
} from '@staff/console-contract';
import type { Database } from '../db/schema.js';
import { HttpError } from '../http.js';
import { normalisePhone } from '../intake/normalise.js';
import { writeResourceAudit, type ResourceActor } from '../resources/service.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The audit log's entity name of a problem (comments and attachments are audited on their problem). */
export { PROBLEM_ENTITY };

const invalid = (field: string, message: string) =>
  new HttpError(400, `Invalid body: ${field} (${message})`, 'INVALID_INPUT', {
    [`body.${field}`]: [message],
  });
const notFound = (id: number) => new HttpError(404, `No problem with id ${id}`, 'NOT_FOUND');

interface RawProblem {
  [key: string]: unknown;
}

const iso = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();

function toProblem(raw: RawProblem, now: Date): Problem {
  const base = {
    id: Number(raw.id),
    customer_name: (raw.customer_name as string | null) ?? null,
    customer_email: (raw.customer_email as string | null) ?? null,
    customer_phone: (raw.customer_phone as string | null) ?? null,
    purchase_id: raw.purchase_id === null ? null : Number(raw.purchase_id),
    purchase_mayar_id: (raw.purchase_mayar_id as string | null) ?? null,
    product_id: raw.product_id === null ? null : Number(raw.product_id),
    product_name: (raw.product_name as string | null) ?? null,
    category_id: Number(raw.category_id),
    category_name: raw.category_name as string,
    subcategory_id: raw.subcategory_id === null ? null : Number(raw.subcategory_id),
    subcategory_name: (raw.subcategory_name as string | null) ?? null,
    description: raw.description as string,
    priority: raw.priority as ProblemPriority,
    status: raw.status as ProblemStatus,
    assignee_id: raw.assignee_id === null ? null : Number(raw.assignee_id),
    assignee_name: (raw.assignee_name as string | null) ?? null,
    sla_hours: Number(raw.sla_hours),
    opened_at: iso(raw.opened_at)!,
    sla_due_at: iso(raw.sla_due_at)!,
    resolved_at: iso(raw.resolved_at),
    closed_at: iso(raw.closed_at),
    comment_count: Number(raw.comment_count ?? 0),
    conversation_id: raw.conversation_id == null ? null : Number(raw.conversation_id),
    message_id: raw.message_id == null ? null : Number(raw.message_id),
    version: Number(raw.version),
    created_at: iso(raw.created_at)!,
    updated_at: iso(raw.updated_at)!,
  };
  return { ...base, sla_breached: problemSlaBreached(base, now) };
}

const SELECT = sql`select p.*, pu.mayar_id as purchase_mayar_id, pr.name as product_name,
    c.name as category_name, s.name as subcategory_name, u.full_name as assignee_name,
    (select count(*) from customer_problem_comments k where k.problem_id = p.id) as comment_count
  from customer_problems p
  join problem_categories c on c.id = p.category_id
  left join problem_subcategories s on s.id = p.subcategory_id
  left join purchases pu on pu.id = p.purchase_id
  left join products pr on pr.id = p.product_id
  left join users u on u.id = p.assignee_id`;

async function readProblem(db: Db, id: number, now: Date): Promise<Problem | undefined> {
  const result = await sql<RawProblem>`${SELECT} where p.id = ${id}`.execute(db);
  return result.rows[0] ? toProblem(result.rows[0], now) : undefined;
}

/** Closed problems stay on the board this long after closing. */
const CLOSED_VISIBLE_DAYS = 30;

/** Open work first by due time; closed problems of the last 30 days at the end. At most 1 000. */
export async function listProblems(
  db: Kysely<Database>,
  query: z.output<typeof problemListQuerySchema>,
  userId: number,
  now: Date,
): Promise<Problem[]> {
  const where = [
    sql`(p.status <> 'closed' or p.closed_at >= ${now.toISOString()}::timestamptz - ${`${CLOSED_VISIBLE_DAYS} days`}::interval)`,
  ];
  if (query.status) where.push(sql`p.status = ${query.status}`);
  if (query.assignee === 'me') where.push(sql`p.assignee_id = ${userId}`);
  else if (query.assignee === 'none') where.push(sql`p.assignee_id is null`);
  else if (typeof query.assignee === 'number') where.push(sql`p.assignee_id = ${query.assignee}`);
  if (query.breached)
    where.push(
      sql`((p.status in ('open', 'in_progress') and p.sla_due_at < ${now.toISOString()}::timestamptz) or p.resolved_at > p.sla_due_at)`,
    );
  if (query.q) {
    const like = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`lower(coalesce(p.customer_name, '') || ' ' || coalesce(p.customer_email, '') || ' ' ||
      coalesce(p.customer_phone, '') || ' ' || p.description) like ${like}`);
  }
  const result = await sql<RawProblem>`${SELECT} where ${sql.join(where, sql` and `)}
    order by (p.status = 'closed'), p.sla_due_at, p.id limit 1000`.execute(db);
  return result.rows.map((row) => toProblem(row, now));
}

export async function problemDetail(db: Kysely<Database>, id: number, now: Date): Promise<ProblemDetail> {
  const problem = await readProblem(db, id, now);
  if (!problem) throw notFound(id);
  const comments = await sql<{ id: string; body: string; author_name: string | null; created_at: Date }>`
    select k.id, k.body, u.full_name as author_name, k.created_at from customer_problem_comments k
    left join users u on u.id = k.author_id where k.problem_id = ${id} order by k.id`.execute(db);
  const attachments = await sql<{
    id: string;
    url: string;
    label: string | null;
    added_by_name: string | null;
    created_at: Date;
  }>`
    select a.id, a.url, a.label, u.full_name as added_by_name, a.created_at from customer_problem_attachments a
    left join users u on u.id = a.added_by where a.problem_id = ${id} order by a.id`.execute(db);
  return {
    problem,
    comments: comments.rows.map((row) => ({ ...row, id: Number(row.id), created_at: iso(row.created_at)! })),
    attachments: attachments.rows.map((row) => ({
      ...row,
      id: Number(row.id),
      created_at: iso(row.created_at)!,
    })),
  };
}

/** Active categories and sub categories, and the active users who may work on problems (write access). */
export async function problemOptions(db: Kysely<Database>): Promise<ProblemOptions> {
  const categories = await sql<{ id: string; name: string }>`
    select id, name from problem_categories where active order by sort_order, name`.execute(db);
  const subcategories = await sql<{
    id: string;
    category_id: string;
    name: string;
    default_priority: ProblemPriority;
    sla_hours: number | null;
  }>`select id, category_id, name, default_priority, sla_hours from problem_subcategories
    where active order by sort_order, name`.execute(db);
  const assignees = await sql<{ id: number; name: string }>`
    select u.id, u.full_name as name from users u where u.active and exists (
      select 1 from user_permission_sets ups join permission_set_entries e on e.set_id = ups.set_id
      where ups.user_id = u.id and e.permission_key = 'ad_daily_tracker' and e.allow_write)
    order by u.full_name`.execute(db);
  return {
    categories: categories.rows.map((row) => ({ id: Number(row.id), name: row.name })),
    subcategories: subcategories.rows.map((row) => ({
      ...row,
      id: Number(row.id),
      category_id: Number(row.category_id),
      sla_hours: row.sla_hours === null ? null : Number(row.sla_hours),
    })),
    assignees: assignees.rows.map((row) => ({ id: Number(row.id), name: row.name })),
  };
}

/** The classification checked together: an active category, a sub category of it, and what they make the SLA. */
async function classify(
  trx: Db,
  categoryId: number,
  subcategoryId: number | null,
  priority: ProblemPriority | undefined,
): Promise<{ priority: ProblemPriority; slaHours: number }> {
  const category = await sql<{ id: string }>`
    select id from problem_categories where id = ${categoryId} and active`.execute(trx);
  if (!category.rows[0]) throw invalid('category_id', `No active category with id ${categoryId}`);
  let sub: { category_id: string; default_priority: ProblemPriority; sla_hours: number | null } | undefined;
  if (subcategoryId !== null) {
    sub = (
      await sql<{ category_id: string; default_priority: ProblemPriority; sla_hours: number | null }>`
        select category_id, default_priority, sla_hours from problem_subcategories
        where id = ${subcategoryId} and active`.execute(trx)
    ).rows[0];
    if (!sub) throw invalid('subcategory_id', `No active sub category with id ${subcategoryId}`);
    if (Number(sub.category_id) !== categoryId)
      throw invalid('subcategory_id', 'Belongs to another category');
  }
  const chosen = priority ?? sub?.default_priority ?? 'medium';
  return { priority: chosen, slaHours: problemSlaHours(sub?.sla_hours ?? null, chosen) };
}

async function checkAssignee(trx: Db, assigneeId: number | null) {
  if (assigneeId === null) return;
  const user = await sql`select 1 from users where id = ${assigneeId} and active`.execute(trx);
  if (user.rows.length === 0) throw invalid('assignee_id', `No active user with id ${assigneeId}`);
}

async function checkProduct(trx: Db, productId: number | null) {
  if (productId === null) return;
  const product = await sql`select 1 from products where id = ${productId}`.execute(trx);
  if (product.rows.length === 0) throw invalid('product_id', `No product with id ${productId}`);
}

export interface ProblemWrite {
  problem: Problem;
  /** Set when the write gave the problem to someone other than the writer: they get a notification. */
  assignedTo: number | null;
}

const userOf = (actor: ResourceActor) => (actor.kind === 'user' ? actor.userId : null);

/** The Chat List conversation and message a problem is created from; the message must be in the conversation. */
async function chatLink(db: Db, conversationId: number | null, messageId: number | null) {
  if (messageId !== null) {
    const row = (
      await sql<{
        conversation_id: string;
      }>`select conversation_id from wa_messages where id = ${messageId}`.execute(db)
    ).rows[0];
    if (!row) throw invalid('message_id', `No chat message ${messageId}`);
    if (conversationId !== null && Number(row.conversation_id) !== conversationId)
      throw invalid('message_id', `Message ${messageId} is not in conversation ${conversationId}`);
    return { conversationId: Number(row.conversation_id), messageId };
  }
  if (conversationId !== null) {
    const found = await sql`select 1 from wa_conversations where id = ${conversationId}`.execute(db);
    if (found.rows.length === 0) throw invalid('conversation_id', `No conversation ${conversationId}`);
  }
  return { conversationId, messageId: null };
}

export async function createProblem(
  db: Kysely<Database>,
  input: z.output<typeof problemCreateSchema>,
  actor: ResourceActor,
  now: Date,
): Promise<ProblemWrite> {
  return db.transaction().execute(async (trx) => {
    let customer = {
      name: input.customer_name,
      email: input.customer_email,
      phone: input.customer_phone,
    };
    let purchaseId: number | null = null;
    let productId = input.product_id ?? null;
    if (input.purchase_mayar_id) {
      const purchase = (
        await sql<{
          id: string;
          product_id: string | null;
          customer_name: string | null;
          customer_email: string | null;
          customer_mobile: string | null;
        }>`select id, product_id, customer_name, customer_email, customer_mobile from purchases
          where mayar_id = ${input.purchase_mayar_id}`.execute(trx)
      ).rows[0];
      if (!purchase)
        throw invalid('purchase_mayar_id', `No purchase with Mayar id ${input.purchase_mayar_id}`);
      purchaseId = Number(purchase.id);
      productId ??= purchase.product_id === null ? null : Number(purchase.product_id);
      customer = {
        name: customer.name ?? purchase.customer_name,
        email: customer.email ?? purchase.customer_email?.trim().toLowerCase() ?? null,
        phone: customer.phone ?? purchase.customer_mobile,
      };
    }
    // One customer, however the number was written (0812…, +62 812…, 62812…): the phone is kept as 62… digits,
    // as purchases and conversations keep it, so the customer's problems, chats and purchases find each other.
    customer.phone = customer.phone ? (normalisePhone(customer.phone) ?? customer.phone) : null;
    if (!customer.email && customer.phone) {
      // A customer known from their purchases keeps the email those have.
      const known = await sql<{ customer_email: string | null }>`
        select customer_email from purchases where customer_mobile = ${customer.phone} and customer_email is not null
        order by mayar_created_at desc limit 1`.execute(trx);
      customer.email = known.rows[0]?.customer_email ?? null;
    }
    if (!customer.name && !customer.email && !customer.phone)
      throw invalid('customer_name', 'Name the customer (name, email, phone or a purchase)');
    await checkProduct(trx, productId);
    const chat = await chatLink(trx, input.conversation_id ?? null, input.message_id ?? null);
    const assigneeId = input.assignee_id ?? null;
    await checkAssignee(trx, assigneeId);
    const { priority, slaHours } = await classify(
      trx,
      input.category_id,
      input.subcategory_id ?? null,
      input.priority,
    );
    const due = problemSlaDue(now, slaHours);
    const inserted = await sql<{ id: string }>`
      insert into customer_problems (customer_name, customer_email, customer_phone, purchase_id, product_id,
        category_id, subcategory_id, description, priority, assignee_id, sla_hours, opened_at, sla_due_at,
        created_by, created_at, updated_at, conversation_id, message_id)
      values (${customer.name}, ${customer.email}, ${customer.phone}, ${purchaseId}, ${productId},
        ${input.category_id}, ${input.subcategory_id ?? null}, ${input.description}, ${priority}, ${assigneeId},
        ${slaHours}, ${now.toISOString()}, ${due.toISOString()}, ${userOf(actor)}, ${now.toISOString()}, ${now.toISOString()},
        ${chat.conversationId}, ${chat.messageId})
      returning id`.execute(trx);
    const problem = (await readProblem(trx, Number(inserted.rows[0]!.id), now))!;
    await writeResourceAudit(trx, actor, 'create', PROBLEM_ENTITY, problem.id, null, auditView(problem));
    return { problem, assignedTo: assigneeId !== null && assigneeId !== userOf(actor) ? assigneeId : null };
  });
}

/** What the audit keeps of a problem (the stored fields, not the joined names or the derived flag). */
function auditView(problem: Problem) {
  const { sla_breached: _breached, comment_count: _comments, ...stored } = problem;
  return stored;
}

async function lockProblem(trx: Db, id: number, version: number | null, now: Date): Promise<Problem> {
  const locked = await sql`select id from customer_problems where id = ${id} for update`.execute(trx);
  if (locked.rows.length === 0) throw notFound(id);
  const current = (await readProblem(trx, id, now))!;
  if (version !== null && current.version !== version)
    throw new HttpError(
      409,
      `This problem was changed by someone else (now version ${current.version}, you had version ${version}). Reload to see the changes.`,
      'conflict',
    );
  return current;
}

export async function updateProblem(
  db: Kysely<Database>,
  id: number,
  input: z.output<typeof problemUpdateSchema>,
  actor: ResourceActor,
  now: Date,
): Promise<ProblemWrite> {
  return db.transaction().execute(async (trx) => {
    const before = await lockProblem(trx, id, input.version, now);
    const categoryId = input.category_id ?? before.category_id;
    const subcategoryId =
      input.subcategory_id !== undefined
        ? input.subcategory_id
        : input.category_id !== undefined && input.category_id !== before.category_id
          ? null
          : before.subcategory_id;
    const { priority, slaHours } = await classify(
      trx,
      categoryId,
      subcategoryId,
      input.priority ?? before.priority,
    );
    const assigneeId = input.assignee_id !== undefined ? input.assignee_id : before.assignee_id;
    await checkAssignee(trx, assigneeId === before.assignee_id ? null : assigneeId);
    const productId = input.product_id !== undefined ? input.product_id : before.product_id;
    await checkProduct(trx, productId === before.product_id ? null : productId);
    // A new classification or priority moves the due time; the clock still runs from when it was (re)opened.
    const due = problemSlaDue(new Date(before.opened_at), slaHours);
    await sql`update customer_problems set description = ${input.description ?? before.description},
        priority = ${priority}, category_id = ${categoryId}, subcategory_id = ${subcategoryId},
        assignee_id = ${assigneeId}, product_id = ${productId}, sla_hours = ${slaHours},
        sla_due_at = ${due.toISOString()}, version = version + 1, updated_at = ${now.toISOString()}
      where id = ${id}`.execute(trx);
    const problem = (await readProblem(trx, id, now))!;
    await writeResourceAudit(trx, actor, 'update', PROBLEM_ENTITY, id, auditView(before), auditView(problem));
    const newlyAssigned =
      assigneeId !== null && assigneeId !== before.assignee_id && assigneeId !== userOf(actor);
    return { problem, assignedTo: newlyAssigned ? assigneeId : null };
  });
}

/** A move of the status flow; 409 `invalid_state` when the problem's status is not one it starts from. */
export async function transitionProblem(
  db: Kysely<Database>,
  id: number,
  action: ProblemAction,
  version: number,
  actor: ResourceActor,
  now: Date,
): Promise<Problem> {
  const move = PROBLEM_TRANSITIONS[action];
  return db.transaction().execute(async (trx) => {
    const before = await lockProblem(trx, id, version, now);
    if (!(move.from as readonly string[]).includes(before.status))
      throw new HttpError(
        409,
        `"${move.label}" needs status ${move.from.join(' or ')}; problem ${id} is ${before.status}. Nothing was changed.`,
        'invalid_state',
      );
    const at = now.toISOString();
    if (action === 'reopen') {
      // Reopening restarts the SLA clock.
      const due = problemSlaDue(now, before.sla_hours).toISOString();
      await sql`update customer_problems set status = 'open', opened_at = ${at}, sla_due_at = ${due},
          resolved_at = null, closed_at = null, version = version + 1, updated_at = ${at} where id = ${id}`.execute(
        trx,
      );
    } else {
      await sql`update customer_problems set status = ${move.to},
          resolved_at = ${move.to === 'resolved' ? at : before.resolved_at},
          closed_at = ${move.to === 'closed' ? at : null},
          version = version + 1, updated_at = ${at} where id = ${id}`.execute(trx);
    }
    const problem = (await readProblem(trx, id, now))!;
    await writeResourceAudit(
      trx,
      actor,
      `action:${action}`,
      PROBLEM_ENTITY,
      id,
      auditView(before),
      auditView(problem),
    );
    return problem;
  });
}

/**
 * Adds a comment or an attachment to a problem in one transaction: the problem is locked, `insert` runs (answering
 * the new row's id), the problem's version is bumped and the addition audited with `after`.
 */
async function addToProblem(
  db: Kysely<Database>,
  { id, actor, now }: { id: number; actor: ResourceActor; now: Date },
  action: 'comment' | 'attachment',
  insert: RawBuilder<{ id: string }>,
  after: (addedId: number) => Record<string, unknown>,
): Promise<Problem> {
  return db.transaction().execute(async (trx) => {
    await lockProblem(trx, id, null, now);
    const added = Number((await insert.execute(trx)).rows[0]!.id);
    await sql`update customer_problems set version = version + 1, updated_at = ${now.toISOString()} where id = ${id}`.execute(
      trx,
    );
    await writeResourceAudit(trx, actor, action, PROBLEM_ENTITY, id, null, after(added));
    return (await readProblem(trx, id, now))!;
  });
}

export async function addComment(
  db: Kysely<Database>,
  id: number,
  body: string,
  actor: ResourceActor,
  now: Date,
): Promise<Problem> {
  const insert = sql<{
    id: string;
  }>`insert into customer_problem_comments (problem_id, author_id, body, created_at)
    values (${id}, ${userOf(actor)}, ${body}, ${now.toISOString()}) returning id`;
  return addToProblem(db, { id, actor, now }, 'comment', insert, (commentId) => ({
    comment_id: commentId,
    body,
  }));
}

export async function addAttachment(
  db: Kysely<Database>,
  id: number,
  attachment: { url: string; label: string | null },
  actor: ResourceActor,
  now: Date,
): Promise<Problem> {
  const insert = sql<{
    id: string;
  }>`insert into customer_problem_attachments (problem_id, url, label, added_by, created_at)
    values (${id}, ${attachment.url}, ${attachment.label}, ${userOf(actor)}, ${now.toISOString()}) returning id`;
  return addToProblem(db, { id, actor, now }, 'attachment', insert, (attachmentId) => ({
    attachment_id: attachmentId,
    ...attachment,
  }));
}
