import {
  bulkChangeEmailBodySchema,
  bulkChangeEmailResponseSchema,
  changeEmailDecisionOrNoneSchema,
  changeEmailDecisionResponseSchema,
  changeEmailIdParamsSchema,
  rejectChangeEmailBodySchema,
} from '../changeEmailDecisions.js';
import { defineEndpoint } from './define.js';
import { pageKey } from './pageKey.js';

/** Change Email's key (the page's and the entity's): reading decisions needs read access, deciding write. */
export const CHANGE_EMAILS_KEY = pageKey('change-emails');

const read = { key: CHANGE_EMAILS_KEY, mode: 'read' } as const;
const write = { key: CHANGE_EMAILS_KEY, mode: 'write' } as const;

/** Processing email change requests: approve, reject with a reason, both in bulk, and a request's decision. */
export const changeEmailsEndpoints = {
  decision: defineEndpoint({
    method: 'GET',
    path: '/api/change-emails/:id/decision',
    tag: 'change-emails',
    summary:
      "A request's decision: who decided, when, the reason, purchases moved, the WhatsApp message and Mayar updates (null while pending)",
    permission: read,
    params: changeEmailIdParamsSchema,
    response: changeEmailDecisionOrNoneSchema,
    topic: 'change_emails',
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/api/change-emails/:id/approve',
    tag: 'change-emails',
    summary:
      "Approve a pending request in one transaction: its purchases move to the new email (audited per row), the request is done, the customer's WhatsApp message and Mayar's customer update are queued",
    permission: write,
    params: changeEmailIdParamsSchema,
    response: changeEmailDecisionResponseSchema,
    errors: [409],
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/api/change-emails/:id/reject',
    tag: 'change-emails',
    summary: 'Reject a pending request with a reason',
    permission: write,
    params: changeEmailIdParamsSchema,
    body: rejectChangeEmailBodySchema,
    response: changeEmailDecisionResponseSchema,
    errors: [409],
  }),
  bulk: defineEndpoint({
    method: 'POST',
    path: '/api/change-emails/decisions',
    tag: 'change-emails',
    summary:
      'Approve or reject several requests, each in its own transaction; the answer holds every request’s outcome',
    permission: write,
    body: bulkChangeEmailBodySchema,
    response: bulkChangeEmailResponseSchema,
  }),
};
