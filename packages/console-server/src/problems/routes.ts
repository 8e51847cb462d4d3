import {
  PROBLEM_ACTIONS,
  PROBLEM_ASSIGNED_EVENT,
  problemAttachmentSchema,
  problemCommentSchema,
  problemCreateSchema,
  problemDetailSchema,
  problemListQuerySchema,
  problemListResponseSchema,
  problemOptionsSchema,
  problemSchema,
  problemTransitionSchema,
  problemUpdateSchema,
  type ProblemAction,
  type ProblemAssignedPayload,
} from '@staff/console-contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { type RouteRegistrar } from '../http.js';
import type { Realtime } from '../realtime.js';
import { pushResourceChanges } from '../resources/push.js';
import type { ResourceActor } from '../resources/service.js';
import type { AuthenticatedSession } from '../auth/sessions.js';
import {
  addAttachment,
  addComment,
  createProblem,
  listProblems,
  problemDetail,
  problemOptions,
  PROBLEM_ENTITY,
  transitionProblem,
  updateProblem,
  type ProblemWrite,
} from './service.js';
import { pageRoutes } from '../pageRoutes.js';

type RouteFn = RouteRegistrar;

const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const actionParams = idParams.extend({
  action: z.enum(PROBLEM_ACTIONS as [ProblemAction, ...ProblemAction[]]),
});

/**
 * Cust Problem Tracking (src/problems/): the board's list, a problem with its comments and attachments, create,
 * edit, the status moves, comments and link attachments. Each write is one transaction with its audit entry;
 * after it, readers' boards update over the socket and a newly assigned colleague gets a notification.
 */
export function registerProblemRoutes(deps: {
  route: RouteFn;
  db: Kysely<Database>;
  realtime: Realtime;
  sessionOf: (request: FastifyRequest) => AuthenticatedSession;
  clock: () => Date;
}) {
  const { route, db, realtime, sessionOf, clock } = deps;
  /** Every problem route carries the page's key (ad_daily_tracker): read to look, write to change. */
  const problemRoutes = pageRoutes(route, 'problems', 'ad_daily_tracker');
  const actorOf = (request: FastifyRequest): ResourceActor => {
    const session = sessionOf(request);
    return { kind: 'user', userId: session.userId, name: session.fullName, ip: request.ip ?? null };
  };
  const changed = (id: number, version: number, action: 'create' | 'update') =>
    pushResourceChanges(db, realtime, { permissionKey: 'ad_daily_tracker' }, [
      { entity: PROBLEM_ENTITY, id, action, version },
    ]);
  const afterWrite = async (request: FastifyRequest, write: ProblemWrite, action: 'create' | 'update') => {
    await changed(write.problem.id, write.problem.version, action);
    if (write.assignedTo !== null) {
      const payload: ProblemAssignedPayload = {
        id: write.problem.id,
        description: write.problem.description.slice(0, 200),
        customer: write.problem.customer_name ?? write.problem.customer_email ?? write.problem.customer_phone,
        sla_due_at: write.problem.sla_due_at,
        by: sessionOf(request).fullName,
      };
      realtime.notifyUser(write.assignedTo, PROBLEM_ASSIGNED_EVENT, payload);
    }
    return write.problem;
  };

  problemRoutes.get(
    '/api/problems',
    'Problems for the board and the list: open work by SLA due time, closed ones of the last 30 days; filters by status, assignee (me, none, an id), SLA breach and text',
    { query: problemListQuerySchema, responses: { 200: problemListResponseSchema } },
    async (request, _reply, input) => {
      const now = clock();
      const rows = await listProblems(
        db,
        input.query as z.output<typeof problemListQuerySchema>,
        sessionOf(request).userId,
        now,
      );
      return { rows, now: now.toISOString() };
    },
  );

  problemRoutes.get(
    '/api/problems/options',
    'Active categories and sub categories (with their SLA) and the users who may be assigned',
    { responses: { 200: problemOptionsSchema } },
    async () => problemOptions(db),
  );

  problemRoutes.get(
    '/api/problems/:id',
    'A problem with its comments and attachments',
    { params: idParams, responses: { 200: problemDetailSchema } },
    async (_request, _reply, input) => problemDetail(db, (input.params as { id: number }).id, clock()),
  );

  problemRoutes.post(
    '/api/problems',
    'Record a problem; a purchase (Mayar id) fills customer and product; the SLA comes from the sub category and priority',
    { body: problemCreateSchema, responses: { 200: problemSchema } },
    async (request, _reply, input) =>
      afterWrite(
        request,
        await createProblem(
          db,
          input.body as z.output<typeof problemCreateSchema>,
          actorOf(request),
          clock(),
        ),
        'create',
      ),
  );

  problemRoutes.patch(
    '/api/problems/:id',
    'Edit description, classification, priority, product or assignee (optimistic: send the version)',
    { params: idParams, body: problemUpdateSchema, responses: { 200: problemSchema } },
    async (request, _reply, input) =>
      afterWrite(
        request,
        await updateProblem(
          db,
          (input.params as { id: number }).id,
          input.body as z.output<typeof problemUpdateSchema>,
          actorOf(request),
          clock(),
        ),
        'update',
      ),
  );

  /** A write to one problem (a status move, a comment, an attachment), answered with the problem after it. */
  const changeRoute = <P extends z.ZodType, B extends z.ZodType>(
    path: string,
    summary: string,
    params: P,
    body: B,
    change: (
      params: z.output<P>,
      body: z.output<B>,
      actor: ResourceActor,
      now: Date,
    ) => ReturnType<typeof addComment>,
  ) =>
    problemRoutes.post(
      path,
      summary,
      { params, body, responses: { 200: problemSchema } },
      async (request, _reply, input) => {
        const problem = await change(
          input.params as z.output<P>,
          input.body as z.output<B>,
          actorOf(request),
          clock(),
        );
        return afterWrite(request, { problem, assignedTo: null }, 'update');
      },
    );

  changeRoute(
    '/api/problems/:id/transitions/:action',
    'Move a problem along the status flow: start, resolve, close, reopen (409 invalid_state otherwise)',
    actionParams,
    problemTransitionSchema,
    ({ id, action }, { version }, actor, now) => transitionProblem(db, id, action, version, actor, now),
  );
  changeRoute(
    '/api/problems/:id/comments',
    'Add a comment',
    idParams,
    problemCommentSchema,
    ({ id }, { body }, actor, now) => addComment(db, id, body, actor, now),
  );
  changeRoute(
    '/api/problems/:id/attachments',
    'Attach a link (http or https)',
    idParams,
    problemAttachmentSchema,
    ({ id }, body, actor, now) => addAttachment(db, id, body, actor, now),
  );
}
