import {
  confirmBodySchema,
  labelsPdfSchema,
  labelsQuerySchema,
  logisticsIdParamsSchema,
  notificationsQuerySchema,
  notificationsResponseSchema,
  notifyBodySchema,
  notifyResponseSchema,
  packagesChangedSchema,
  receiptsBodySchema,
  retryNotificationResponseSchema,
  trackingSchema,
} from '../logistics.js';
import { defineEndpoint } from './define.js';
import { pageKey } from './pageKey.js';

/** The logistics pages' key (from the route table): read to look, write to change. */
const LOGISTICS_KEY = pageKey('package-tracking');
const read = { key: LOGISTICS_KEY, mode: 'read' } as const;
const write = { key: LOGISTICS_KEY, mode: 'write' } as const;

/**
 * The logistics page's own calls: receipts in bulk, receipt confirmation, packing labels, customer notifications,
 * courier tracking. Status transitions themselves are the packages entity's actions (the resource routes).
 */
export const logisticsEndpoints = {
  receipts: defineEndpoint({
    method: 'POST',
    path: '/api/logistics/receipts',
    tag: 'logistics',
    summary:
      'Records courier and receipt (resi) of packages, by id or order number, all rows or none; a receipt is unique per courier (400 naming the row)',
    permission: write,
    body: receiptsBodySchema,
    response: packagesChangedSchema,
    errors: [409],
  }),
  confirm: defineEndpoint({
    method: 'POST',
    path: '/api/logistics/confirm',
    tag: 'logistics',
    summary: 'Confirms receipt of packages in Shipping (→ Delivered) with the receiver and the day received',
    permission: write,
    body: confirmBodySchema,
    response: packagesChangedSchema,
    errors: [404, 409],
  }),
  /** A PDF: fetched with `download`, not `call`. */
  labels: defineEndpoint({
    method: 'GET',
    path: '/api/logistics/labels.pdf',
    tag: 'logistics',
    summary:
      'Packing labels of the given packages as a PDF (one A6 page each, with a Code 128 barcode of the order)',
    permission: read,
    query: labelsQuerySchema,
    response: labelsPdfSchema,
    errors: [404],
  }),
  notify: defineEndpoint({
    method: 'POST',
    path: '/api/logistics/notify',
    tag: 'logistics',
    summary:
      'Queues the WhatsApp "package sent" message (name, courier, receipt, tracking link) of each package; the outbox sends it and marks the package notified',
    permission: write,
    body: notifyBodySchema,
    response: notifyResponseSchema,
  }),
  notifications: defineEndpoint({
    method: 'GET',
    path: '/api/logistics/notifications',
    tag: 'logistics',
    summary: 'Customer messages, newest first (filter by status or package): failed ones show why',
    permission: read,
    query: notificationsQuerySchema,
    response: notificationsResponseSchema,
  }),
  retry: defineEndpoint({
    method: 'POST',
    path: '/api/logistics/notifications/:id/retry',
    tag: 'logistics',
    summary: 'Sends a failed customer message again',
    permission: write,
    params: logisticsIdParamsSchema,
    response: retryNotificationResponseSchema,
  }),
  tracking: defineEndpoint({
    method: 'GET',
    path: '/api/logistics/packages/:id/tracking',
    tag: 'logistics',
    summary: "A package's courier tracking: state (not yet trackable is a state) and events, newest first",
    permission: read,
    params: logisticsIdParamsSchema,
    response: trackingSchema,
  }),
  trackNow: defineEndpoint({
    method: 'POST',
    path: '/api/logistics/packages/:id/tracking',
    tag: 'logistics',
    summary: 'Asks the courier now; a delivered, returned or stuck parcel moves its package (audited)',
    permission: write,
    params: logisticsIdParamsSchema,
    response: trackingSchema,
    errors: [502],
  }),
};
