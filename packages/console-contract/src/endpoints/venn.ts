import {
  vennCustomersQuerySchema,
  vennCustomersResponseSchema,
  vennOptionsQuerySchema,
  vennOptionsResponseSchema,
  vennQuerySchema,
  vennResponseSchema,
} from '../venn.js';
import { defineEndpoint } from './define.js';
import { pageKey } from './pageKey.js';

/** The Cust Venn Diagram's key (from the route table): every call only reads. */
const read = { key: pageKey('product-distribution-venn'), mode: 'read' } as const;

/** The Cust Venn Diagram's API: the sets to choose from, the region counts, and a region's customers. */
export const vennEndpoints = {
  counts: defineEndpoint({
    method: 'GET',
    path: '/api/venn',
    tag: 'statistics',
    summary:
      'Customers (normalised email, else 62-phone) with paid purchases of 2–5 products or tribes in a range of Jakarta days: the count of every exclusive region as a bit mask over the chosen sets',
    permission: read,
    query: vennQuerySchema,
    response: vennResponseSchema,
  }),
  options: defineEndpoint({
    method: 'GET',
    path: '/api/venn/options',
    tag: 'statistics',
    summary: 'The active products or tribes that can be chosen as sets, by name',
    permission: read,
    query: vennOptionsQuerySchema,
    response: vennOptionsResponseSchema,
  }),
  /** With `format=csv` the answer is the whole region as a CSV file instead (fetched with `download`). */
  customers: defineEndpoint({
    method: 'GET',
    path: '/api/venn/customers',
    tag: 'statistics',
    summary:
      'The customers of one exclusive region (mask), 50 a page by key; format=csv exports the whole region',
    permission: read,
    query: vennCustomersQuerySchema,
    response: vennCustomersResponseSchema,
  }),
};
