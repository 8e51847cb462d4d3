import { vennEndpoints } from '@staff/console-contract';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { HttpError, type RouteRegistrar } from '../http.js';
import { csvLine } from '../resources/routes.js';
import { VennInputError, vennCounts, vennCustomers, vennOptions } from './service.js';
import { implement } from '../pageRoutes.js';

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

/**
 * The Cust Venn Diagram (the contract's `vennEndpoints`, key `statistics`, its page's key): region counts, and the
 * customers of one region (paged, or the whole region as CSV).
 */
export function registerVennRoutes(deps: { route: RouteRegistrar; db: Kysely<Database> }) {
  const { route, db } = deps;
  implement(route, vennEndpoints.counts, async (_request, _reply, { query }) =>
    answering(() => vennCounts(db, query)),
  );

  implement(route, vennEndpoints.options, async (_request, _reply, { query }) => vennOptions(db, query.by));

  implement(route, vennEndpoints.customers, async (_request, reply, { query }) => {
    if (query.format !== 'csv') {
      return answering(() => vennCustomers(db, query, query.mask, query.page));
    }
    const answer = await answering(() => vennCustomers(db, query, query.mask, null));
    let body = `\uFEFF${csvLine(['Customer', 'Name', 'Email', 'Phone', 'Purchases', 'Amount (IDR)', 'Last paid at'])}`;
    for (const row of answer.rows)
      body += csvLine([row.key, row.name, row.email, row.phone, row.purchases, row.amount, row.last_paid_at]);
    const name = `venn_${query.by}_${query.ids.join('-')}_region-${query.mask}_${query.from}_${query.to}`;
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}.csv"`)
      .send(body);
  });
}
