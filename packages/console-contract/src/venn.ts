import { addIssue, z } from './zod.js';
import { isoDay } from './reports.js';

/** What a Venn set is: the customers who paid for a product, or for any product of a tribe. */
export const VENN_SET_KINDS = ['product', 'tribe'] as const;
export type VennSetKind = (typeof VENN_SET_KINDS)[number];

/** 2–5 sets: up to 3 drawn as an area-proportional Venn, 4–5 as UpSet-style bars. */
export const VENN_MIN_SETS = 2;
export const VENN_MAX_SETS = 5;
export const VENN_PAGE_SIZE = 50;

/** "12,7,3" → [12, 7, 3]: distinct positive ids, 2 to 5 of them, in the order given (the order is the bit). */
const idList = z.pipe(
  z.string().check(z.maxLength(200)),
  z.transform((text, ctx) => {
    const parts = text.split(',').map((part) => part.trim());
    const ids = parts.map(Number);
    if (ids.some((id, i) => !/^\d{1,10}$/.test(parts[i]!) || id < 1 || id > 2_147_483_647)) {
      addIssue(ctx, { code: 'custom', message: 'Expected ids separated by commas' });
      return z.NEVER;
    }
    if (new Set(ids).size !== ids.length) {
      addIssue(ctx, { code: 'custom', message: 'An id is chosen twice' });
      return z.NEVER;
    }
    if (ids.length < VENN_MIN_SETS || ids.length > VENN_MAX_SETS) {
      addIssue(ctx, { code: 'custom', message: `Choose ${VENN_MIN_SETS} to ${VENN_MAX_SETS}` });
      return z.NEVER;
    }
    return ids;
  }),
);

const vennBase = z.object({
  by: z.enum(VENN_SET_KINDS),
  ids: idList,
  from: isoDay,
  to: isoDay,
});

/** `GET /api/venn` query. */
export const vennQuerySchema = vennBase.check(
  z.refine((query) => query.from <= query.to, {
    path: ['to'],
    message: 'Must not be before from',
  }),
);
export type VennQuery = z.input<typeof vennQuerySchema>;

/**
 * A region as a bit mask over the chosen sets, in their order: bit i set = the customers bought from set i.
 * Exclusive: mask 0b011 is "sets 0 and 1 and not set 2".
 */
export const vennRegionSchema = z.object({
  mask: z.number().check(z.int()),
  count: z.number().check(z.int()),
});
export type VennRegion = z.infer<typeof vennRegionSchema>;

export const vennSetSchema = z.object({
  id: z.number().check(z.int()),
  label: z.string(),
  /** Customers in the set (every region containing it). */
  total: z.number().check(z.int()),
});
export type VennSet = z.infer<typeof vennSetSchema>;

export const vennResponseSchema = z.object({
  by: z.enum(VENN_SET_KINDS),
  from: z.string(),
  to: z.string(),
  sets: z.array(vennSetSchema),
  /** Every non-empty exclusive region, largest first. */
  regions: z.array(vennRegionSchema),
  /** Distinct customers over all sets. */
  customers: z.number().check(z.int()),
});
export type VennResponse = z.infer<typeof vennResponseSchema>;

/** `GET /api/venn/customers` query: the customers of one exclusive region, paged; format=csv exports all. */
export const vennCustomersQuerySchema = z
  .extend(vennBase, {
    mask: z.coerce.number().check(z.int(), z.gte(1), z.lte(2 ** VENN_MAX_SETS - 1)),
    page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)), 1),
    format: z.optional(z.enum(['csv'])),
  })
  .check(
    z.refine((query) => query.from <= query.to, { path: ['to'], message: 'Must not be before from' }),
    z.refine((query) => query.mask < 2 ** query.ids.length, {
      path: ['mask'],
      message: 'Names a set that is not chosen',
    }),
  );

export const vennCustomerSchema = z.object({
  /** The normalised email, or the 62-phone when the purchases carry no email. */
  key: z.string(),
  name: z.nullable(z.string()),
  email: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  purchases: z.number().check(z.int()),
  amount: z.number(),
  last_paid_at: z.string(),
});
export type VennCustomer = z.infer<typeof vennCustomerSchema>;

export const vennCustomersResponseSchema = z.object({
  rows: z.array(vennCustomerSchema),
  total: z.number().check(z.int()),
  page: z.number().check(z.int()),
  page_size: z.number().check(z.int()),
});
export type VennCustomersResponse = z.infer<typeof vennCustomersResponseSchema>;

/** `GET /api/venn/options`: what can be chosen as a set (active products or tribes, by name). */
export const vennOptionsQuerySchema = z.object({ by: z.enum(VENN_SET_KINDS) });
export const vennOptionsResponseSchema = z.object({
  items: z.array(z.object({ id: z.number().check(z.int()), label: z.string() })),
});
export type VennOptionsResponse = z.infer<typeof vennOptionsResponseSchema>;
