import {
  PROBLEM_ENTITY,
  problemActionParamsSchema,
  problemAttachmentSchema,
  problemCommentSchema,
  problemCreateSchema,
  problemDetailSchema,
  problemListQuerySchema,
  problemListResponseSchema,
  problemOptionsSchema,
  problemParamsSchema,
  problemSchema,
  problemTransitionSchema,
  problemUpdateSchema,
} from '../problems.js';
import { defineEndpoint } from './define.js';
import { pageKey } from './pageKey.js';

/** Cust Problem Tracking's key (from the route table): read to look, write to change. */
export const PROBLEMS_KEY = pageKey('problem-tracker');

const read = { key: PROBLEMS_KEY, mode: 'read' } as const;
const write = { key: PROBLEMS_KEY, mode: 'write' } as const;

/** Cust Problem Tracking's API: the board, a problem's details, and the writes (each answers the problem after it). */
export const problemsEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/problems',
    tag: 'problems',
    summary:
      'Problems for the board and the list: open work by SLA due time, closed ones of the last 30 days; filters by status, assignee (me, none, an id), SLA breach and text',
    permission: read,
    query: problemListQuerySchema,
    response: problemListResponseSchema,
    topic: PROBLEM_ENTITY,
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/api/problems/options',
    tag: 'problems',
    summary: 'Active categories and sub categories (with their SLA) and the users who may be assigned',
    permission: read,
    response: problemOptionsSchema,
  }),
  detail: defineEndpoint({
    method: 'GET',
    path: '/api/problems/:id',
    tag: 'problems',
    summary: 'A problem with its comments and attachments',
    permission: read,
    params: problemParamsSchema,
    response: problemDetailSchema,
    topic: PROBLEM_ENTITY,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/problems',
    tag: 'problems',
    summary:
      'Record a problem; a purchase (Mayar id) fills customer and product; the SLA comes from the sub category and priority',
    permission: write,
    body: problemCreateSchema,
    response: problemSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/problems/:id',
    tag: 'problems',
    summary: 'Edit description, classification, priority, product or assignee (optimistic: send the version)',
    permission: write,
    params: problemParamsSchema,
    body: problemUpdateSchema,
    response: problemSchema,
  }),
  transition: defineEndpoint({
    method: 'POST',
    path: '/api/problems/:id/transitions/:action',
    tag: 'problems',
    summary:
      'Move a problem along the status flow: start, resolve, close, reopen (409 invalid_state otherwise)',
    permission: write,
    params: problemActionParamsSchema,
    body: problemTransitionSchema,
    response: problemSchema,
  }),
  comment: defineEndpoint({
    method: 'POST',
    path: '/api/problems/:id/comments',
    tag: 'problems',
    summary: 'Add a comment',
    permission: write,
    params: problemParamsSchema,
    body: problemCommentSchema,
    response: problemSchema,
  }),
  attach: defineEndpoint({
    method: 'POST',
    path: '/api/problems/:id/attachments',
    tag: 'problems',
    summary: 'Attach a link (http or https)',
    permission: write,
    params: problemParamsSchema,
    body: problemAttachmentSchema,
    response: problemSchema,
  }),
};
