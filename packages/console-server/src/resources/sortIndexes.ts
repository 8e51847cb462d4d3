import type { IndexBuild } from '../db/migration.js';

/**
 * Descending sorts put empty values last (issue 10.5: `order by col desc nulls last, id desc`), which the
 * ascending `(col, id)` index cannot serve backwards: on 1M rows the first page of n8n_creators (default sort
 * last_scraped_at desc) took a full sort, 305 ms in SQL and 2 requests a second under load. One index per
 * sortable optional column in that order (migration 753, built concurrently on PostgreSQL, ADR 030). The list is
 * frozen with the migration: a later sortable optional column needs its own.
 */
export const DESC_SORT_INDEXES_V753: readonly IndexBuild[] = (
  [
    [
      'n8n_creators',
      [
        'name',
        'followers',
        'following',
        'posts_count',
        'avg_views',
        'engagement_rate',
        'niche',
        'city',
        'last_scraped_at',
      ],
    ],
    ['problem_subcategories', ['sla_hours']],
    ['creators', ['followers', 'tier', 'niche', 'rate_fee', 'city']],
    [
      'projects',
      ['brief_date', 'post_date', 'views', 'reach', 'likes', 'comments', 'shares', 'saves', 'paid_at'],
    ],
    ['tribe_targets', ['target_spend', 'target_roas']],
    ['products', ['sku']],
    ['ad_campaigns', ['daily_budget', 'lifetime_budget', 'start_date', 'end_date']],
    ['meeting_rooms', ['location']],
    ['tribes', ['leader_name']],
    ['change_emails', ['processed_at']],
    ['master_ad_creatives', ['angle']],
    ['companies', ['city']],
    ['monthly_targets', ['target_spend', 'target_orders']],
    ['packages', ['date_sent', 'received_at']],
  ] as const
).flatMap(([table, columns]) =>
  columns.map((column) => ({
    name: `${table}_${column}_desc_idx`,
    definition: `on "${table}" ("${column}" desc nulls last, id desc)`,
  })),
);
