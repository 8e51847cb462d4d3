import {
  vennCustomersQuerySchema,
  vennCustomersResponseSchema,
  vennOptionsQuerySchema,
  vennOptionsResponseSchema,
  vennQuerySchema,
  vennResponseSchema,
} from '@staff/console-contract';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../db/schema.js';
import { HttpError, type RouteRegistrar } from '../http.js';
import { csvLine } from '../resources/routes.js';
import { VennInputError, vennCounts, vennCustomers, vennOptions } from './service.js';
import { pageRoutes } from '../pageRoutes.js';

type RouteFn = RouteRegistrar;

/** An unknown product or tribe is the caller's mistake: 400 naming `query.ids`. */
async function answering<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof VennInputError)
      throw new HttpError(400, 'Invalid query', 'INVALID_INPUT', { 'query.ids': [error.message] });
    throw error;
  }
}

export function registerVennRoutes(deps: { route: RouteFn; db: Kysely<Database> }) {
  const { route, db } = deps;
  /**
   * The Cust Venn Diagram (key `statistics`, its page's key): region counts, and the customers of one region
   * (paged, or the whole region as CSV).
   */
  const statisticsRoutes = pageRoutes(route, 'statistics', 'statistics');
  statisticsRoutes.get(
    '/api/venn',
    'Customers (normalised email, else 62-phone) with paid purchases of 2–5 products or tribes in a range of Jakarta days: the count of every exclusive region as a bit mask over the chosen sets',
    { query: vennQuerySchema, responses: { 200: vennResponseSchema } },
    async (_request, _reply, input) => answering(() => vennCounts(db, input.query as never)),
  );

  statisticsRoutes.get(
    '/api/venn/options',
    'The active products or tribes that can be chosen as sets, by name',
    { query: vennOptionsQuerySchema, responses: { 200: vennOptionsResponseSchema } },
    async (_request, _reply, input) =>
      vennOptions(db, (input.query as z.output<typeof vennOptionsQuerySchema>).by),
  );

  statisticsRoutes.get(
    '/api/venn/customers',
    'The customers of one exclusive region (mask), 50 a page by key; format=csv exports the whole region',
    { query: vennCustomersQuerySchema, responses: { 200: vennCustomersResponseSchema } },
    async (_request, reply, input) => {
      const query = input.query as z.output<typeof vennCustomersQuerySchema>;
      if (query.format !== 'csv') {
        return answering(() => vennCustomers(db, query, query.mask, query.page));
      }
      const answer = await answering(() => vennCustomers(db, query, query.mask, null));
      let body = `\uFEFF${csvLine(['Customer', 'Name', 'Email', 'Phone', 'Purchases', 'Amount (IDR)', 'Last paid at'])}`;
      for (const row of answer.rows)
        body += csvLine([
          row.key,
          row.name,
          row.email,
          row.phone,
          row.purchases,
          row.amount,
          row.last_paid_at,
        ]);
      const name = `venn_${query.by}_${query.ids.join('-')}_region-${query.mask}_${query.from}_${query.to}`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.csv"`)
        .send(body);
    },
  );
}
