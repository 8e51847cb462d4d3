import type { Migration } from '../db/migration.js';
import { sqlMigration } from '../db/statements.js';

/**
 * Cust Problem Tracking: problems with their SLA clock, comments and link attachments. Hand-written (the routes in
 * src/problems/ own these tables, not the generic resources). Frozen once shipped: change it with a new migration
 * in 580–599.
 */
export const PROBLEMS_V580: readonly string[] = [
  `create table customer_problems (
    id bigint generated always as identity primary key,
    customer_name text,
    customer_email text,
    customer_phone text,
    purchase_id bigint references purchases (id) on delete set null,
    product_id bigint references products (id) on delete set null,
    category_id bigint not null references problem_categories (id) on delete restrict,
    subcategory_id bigint references problem_subcategories (id) on delete restrict,
    description text not null check (length(description) between 1 and 4000),
    priority text not null check (priority in ('low', 'medium', 'high', 'urgent')),
    status text not null default 'open' check (status in ('open', 'in_progress', 'resolved', 'closed')),
    assignee_id integer references users (id) on delete set null,
    sla_hours integer not null check (sla_hours >= 1),
    opened_at timestamptz not null,
    sla_due_at timestamptz not null,
    resolved_at timestamptz,
    closed_at timestamptz,
    version integer not null default 1,
    created_by integer references users (id) on delete set null,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index customer_problems_status on customer_problems (status, sla_due_at, id)`,
  `create index customer_problems_assignee on customer_problems (assignee_id, status)`,
  `create index customer_problems_purchase on customer_problems (purchase_id)`,
  `create table customer_problem_comments (
    id bigint generated always as identity primary key,
    problem_id bigint not null references customer_problems (id) on delete cascade,
    author_id integer references users (id) on delete set null,
    body text not null check (length(body) between 1 and 2000),
    created_at timestamptz not null default now()
  )`,
  `create index customer_problem_comments_problem on customer_problem_comments (problem_id, id)`,
  `create table customer_problem_attachments (
    id bigint generated always as identity primary key,
    problem_id bigint not null references customer_problems (id) on delete cascade,
    url text not null check (url ~* '^https?://'),
    label text,
    added_by integer references users (id) on delete set null,
    created_at timestamptz not null default now()
  )`,
  `create index customer_problem_attachments_problem on customer_problem_attachments (problem_id, id)`,
];

/** Versions 580–599 belong to customer care (problems). */
export const PROBLEMS_MIGRATIONS: readonly Migration[] = [
  sqlMigration(580, 'customer problems, their comments and link attachments', PROBLEMS_V580),
];
