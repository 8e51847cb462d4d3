import {
  PROBLEM_ASSIGNED_EVENT,
  PROBLEMS_KEY,
  problemsEndpoints,
  type Problem,
  type ProblemAssignedPayload,
} from '@staff/console-contract';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
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
import { implement } from '../pageRoutes.js';

/**
 * Cust Problem Tracking (src/problems/): the board's list, a problem with its comments and attachments, create,
 * edit, the status moves, comments and link attachments. Each write is one transaction with its audit entry;
 * after it, readers' boards update over the socket and a newly assigned colleague gets a notification. The
 * routes are the contract's `problemsEndpoints` (the page's key, ad_daily_tracker: read to look, write to change).
 */
export function registerProblemRoutes(deps: {
  route: RouteRegistrar;
  db: Kysely<Database>;
  realtime: Realtime;
  sessionOf: (request: FastifyRequest) => AuthenticatedSession;
  clock: () => Date;
}) {
  const { route, db, realtime, sessionOf, clock } = deps;
  const actorOf = (request: FastifyRequest): ResourceActor => {
    const session = sessionOf(request);
    return { kind: 'user', userId: session.userId, name: session.fullName, ip: request.ip ?? null };
  };
  const changed = (id: number, version: number, action: 'create' | 'update') =>
    pushResourceChanges(db, realtime, { permissionKey: PROBLEMS_KEY }, [
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

  implement(route, problemsEndpoints.list, async (request, _reply, { query }) => {
    const now = clock();
    const rows = await listProblems(db, query, sessionOf(request).userId, now);
    return { rows, now: now.toISOString() };
  });

  implement(route, problemsEndpoints.options, async () => problemOptions(db));

  implement(route, problemsEndpoints.detail, async (_request, _reply, { params }) =>
    problemDetail(db, params.id, clock()),
  );

  implement(route, problemsEndpoints.create, async (request, _reply, { body }) =>
    afterWrite(request, await createProblem(db, body, actorOf(request), clock()), 'create'),
  );

  implement(route, problemsEndpoints.update, async (request, _reply, { params, body }) =>
    afterWrite(request, await updateProblem(db, params.id, body, actorOf(request), clock()), 'update'),
  );

  // A status move, a comment, an attachment: answered with the problem after it.
  const answered = async (request: FastifyRequest, problem: Problem) =>
    afterWrite(request, { problem, assignedTo: null }, 'update');

  implement(route, problemsEndpoints.transition, async (request, _reply, { params, body }) =>
    answered(
      request,
      await transitionProblem(db, params.id, params.action, body.version, actorOf(request), clock()),
    ),
  );
  implement(route, problemsEndpoints.comment, async (request, _reply, { params, body }) =>
    answered(request, await addComment(db, params.id, body.body, actorOf(request), clock())),
  );
  implement(route, problemsEndpoints.attach, async (request, _reply, { params, body }) =>
    answered(request, await addAttachment(db, params.id, body, actorOf(request), clock())),
  );
}
