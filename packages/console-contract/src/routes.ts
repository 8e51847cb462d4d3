import type { PermissionKey } from './permissions.js';

/** Menu groups of the sidebar, in display order. */
export type MenuGroupId =
  | 'statistics'
  | 'general-affairs'
  | 'automation'
  | 'customer-retention'
  | 'operation-data'
  | 'reports'
  | 'logistics'
  | 'logs'
  | 'finance'
  | 'users';

export interface MenuGroup {
  id: MenuGroupId;
  label: string;
  /** Shown to everyone (spec section 6), whatever the user's keys. */
  alwaysVisible: boolean;
  /** Keys the user must read to see the group at all (ignored when alwaysVisible). */
  requires: PermissionKey[];
}

/**
 * What a route shows. The route table is the one place that says it; the app picks the page from it and the
 * entity definitions stay out of the shell (a descriptor only names the entity).
 */
export type PageDescriptor =
  /** The generic master-data list of `entity`, opened with one of its views (`EntityDef.views`). */
  | {
      kind: 'resource';
      entity: string;
      preset?: string;
      hiddenColumns?: string[];
      hiddenRenderings?: string[];
    }
  /** A report of the report engine. */
  | { kind: 'report'; reportId: string }
  /** A page with its own code, by component id (the app's page registry maps ids to lazy components). */
  | { kind: 'custom'; component: string };

export interface RouteDef {
  /** Stable id, used by pages and tests. */
  id: string;
  /** Full browser path, exactly as the spec lists it (trailing slashes kept). */
  path: string;
  /** Page title (document title and heading). */
  title: string;
  /** The key whose read permission the page guard checks with the server. */
  key: PermissionKey;
  /**
   * `signed-in`: every signed-in user may open the page, and `key` guards only the part of it for its holders
   * (Usage Statistics is where sign-in lands: everyone sees their own activity, holders the team's figures).
   */
  access?: 'signed-in';
  /** Sidebar placement; absent for pages reachable only by link. */
  group?: MenuGroupId;
  /** Sidebar label when it differs from the title. */
  menuLabel?: string;
  /** Keys the menu item needs beyond its group's (e.g. KOL Report also needs finance_kol_report). */
  menuRequires?: PermissionKey[];
  page: PageDescriptor;
}

export const MENU_GROUPS: readonly MenuGroup[] = [
  // Not in the spec's menu: our placement for Usage Statistics, Chat List and the Venn diagram (ADR 005).
  { id: 'statistics', label: 'Statistics', alwaysVisible: false, requires: ['statistics'] },
  { id: 'general-affairs', label: 'General Affairs', alwaysVisible: true, requires: [] },
  { id: 'automation', label: 'Automation Database', alwaysVisible: true, requires: [] },
  {
    id: 'customer-retention',
    label: 'Customer Retention',
    alwaysVisible: false,
    requires: ['crm_cust_problems'],
  },
  { id: 'operation-data', label: 'Operation Data', alwaysVisible: true, requires: [] },
  { id: 'reports', label: 'Reports', alwaysVisible: false, requires: ['ad_daily_tracker'] },
  { id: 'logistics', label: 'Logistics', alwaysVisible: false, requires: ['transaction_package_tracking'] },
  { id: 'logs', label: 'Logs', alwaysVisible: false, requires: ['transaction_read_purchase_logs'] },
  { id: 'finance', label: 'Finance', alwaysVisible: false, requires: ['finance_manage_bank_accounts'] },
  { id: 'users', label: 'Users', alwaysVisible: false, requires: ['admin_manage_user'] },
];

type Extra = Pick<RouteDef, 'menuLabel' | 'menuRequires' | 'access'>;

const r = (
  id: string,
  path: string,
  title: string,
  key: PermissionKey,
  group: MenuGroupId | undefined,
  page: PageDescriptor,
  extra: Extra = {},
): RouteDef => ({ id, path: `/app${path}`, title, key, ...(group ? { group } : {}), ...extra, page });

/** Page descriptors. */
const resource = (
  entity: string,
  view: Omit<Extract<PageDescriptor, { kind: 'resource' }>, 'kind' | 'entity'> = {},
): PageDescriptor => ({ kind: 'resource', entity, ...view });
const report = (reportId: string): PageDescriptor => ({ kind: 'report', reportId });
const custom = (component: string): PageDescriptor => ({ kind: 'custom', component });

/**
 * Every page of the console (spec section 2) plus the Usage Statistics landing page. Order within a group is
 * the sidebar order. One table drives the router, the guards, the sidebar and the server's page checks.
 */
export const ROUTES: readonly RouteDef[] = [
  r(
    'usage-statistic',
    '/usage-statistic',
    'Usage Statistics',
    'statistics',
    'statistics',
    custom('usage-statistics'),
    { access: 'signed-in' },
  ),
  r('customer-chats', '/customer-chats', 'Chat List', 'statistics', 'statistics', custom('customer-chats')),
  r(
    'product-distribution-venn',
    '/product-distribution-venn',
    'Cust Venn Diagram',
    'statistics',
    'statistics',
    custom('product-distribution-venn'),
  ),

  r(
    'meeting-room-dashboard',
    '/general-affairs/meeting-room-dashboard',
    'Meeting Rooms Dashboard',
    'databank_products',
    'general-affairs',
    custom('meeting-room-dashboard'),
    { menuLabel: 'Meeting Room Dashboard' },
  ),

  r(
    'n8n-creator-database',
    '/automation/n8n-creator-database/',
    'N8N Creator Database',
    'databank_creators',
    'automation',
    resource('n8n_creators'),
  ),

  r(
    'problem-tracker',
    '/crm/problem-tracker/',
    'Cust Problem Tracking',
    'ad_daily_tracker',
    'customer-retention',
    custom('problem-tracker'),
  ),
  r(
    'problem-category-master',
    '/crm/problem-category-master/',
    'Cust Problem Category Master',
    'ad_daily_tracker',
    'customer-retention',
    resource('problem_categories'),
  ),
  r(
    'problem-subcategory-master',
    '/crm/problem-subcategory-master/',
    'Cust Problem Sub Category Master',
    'ad_daily_tracker',
    'customer-retention',
    resource('problem_subcategories'),
  ),
  r(
    'bot-login',
    '/crm/bot-login/',
    'Bot Login',
    'ad_daily_tracker',
    'customer-retention',
    custom('bot-login'),
  ),
  r(
    'bot-auto-response',
    '/crm/bot-auto-response/',
    'Bot Auto Response',
    'ad_daily_tracker',
    'customer-retention',
    custom('bot-auto-response'),
  ),

  r(
    'creators',
    '/admins/creators',
    'Creator Admin',
    'databank_creators',
    'operation-data',
    resource('creators'),
  ),
  r(
    'projects',
    '/admins/projects',
    'Project Admin',
    'databank_projects',
    'operation-data',
    resource('projects'),
  ),
  r(
    'tribe-targets',
    '/admins/tribe-targets',
    'Tribe Targets Admin',
    'databank_tribes',
    'operation-data',
    resource('tribe_targets'),
  ),
  r(
    'products',
    '/admins/products',
    'Product Admin',
    'databank_products',
    'operation-data',
    resource('products'),
  ),
  r(
    'ad-campaigns',
    '/admins/ad-campaigns',
    'Ad Campaign Admin',
    'databank_ad_campaigns',
    'operation-data',
    resource('ad_campaigns'),
  ),
  // Not in the spec or the menu: read-only lists kept from the Ads Manager data, opened from Ad Campaign Admin.
  r('ad-sets', '/admins/ad-sets', 'Ad Sets', 'databank_ad_campaigns', undefined, resource('ad_sets')),
  r('ads', '/admins/ads', 'Ads', 'databank_ad_campaigns', undefined, resource('ads')),
  r(
    'meeting-rooms',
    '/admins/meeting-rooms',
    'Meeting Rooms',
    'databank_mayar_accounts',
    'operation-data',
    resource('meeting_rooms'),
  ),
  r('tribes', '/admins/tribes', 'Tribe Admin', 'databank_tribes', 'operation-data', resource('tribes')),
  r(
    'change-emails',
    '/admins/change-emails',
    'Change Email',
    'databank_mayar_accounts',
    'operation-data',
    resource('change_emails'),
  ),
  r(
    'hook-generations',
    '/admins/hook-generations',
    'Hook Generations',
    'databank_mayar_accounts',
    'operation-data',
    resource('hook_generations'),
  ),
  r(
    'mayar-accounts',
    '/admins/mayar-accounts',
    'Mayar Account Admin',
    'databank_mayar_accounts',
    'operation-data',
    resource('mayar_accounts'),
  ),
  r(
    'master-ad-creative',
    '/admins/master-ad-creative',
    'Master Ad Creative',
    'databank_mayar_accounts',
    'operation-data',
    resource('master_ad_creatives'),
  ),
  r(
    'registries',
    '/admins/registries',
    'Pixel Registries',
    'databank_pixel_registries',
    'operation-data',
    resource('pixel_registries'),
  ),
  r(
    'webhook-forwarder',
    '/admins/webhook-forwarder',
    'Webhook Forwarder',
    'databank_pixel_registries',
    'operation-data',
    resource('webhook_forwarders'),
  ),
  r(
    'waregistries',
    '/admins/waregistries',
    'WA Registries',
    'databank_whatsapp_notifications',
    'operation-data',
    resource('wa_registries'),
  ),

  r(
    'ads-x-mayar',
    '/reports/ads-x-mayar',
    'Ads X Mayar Report',
    'ad_daily_tracker',
    'reports',
    report('ads-x-mayar'),
  ),
  r(
    'ad-creatives',
    '/reports/ad-creatives',
    'Ad Creative Report',
    'ad_daily_tracker',
    'reports',
    report('ad-creatives'),
  ),
  r('adset', '/reports/adset', 'Adset Report', 'ad_daily_tracker', 'reports', report('adset')),
  r(
    'ad-aggregated',
    '/reports/ad-aggregated',
    'Ad Aggregated Report',
    'ad_daily_tracker',
    'reports',
    report('ad-aggregated'),
  ),
  r('monthly', '/reports/monthly', 'Monthly Report', 'ad_daily_tracker', 'reports', report('monthly')),
  r('overall', '/reports/overall', 'Overall Dashboard', 'ad_daily_tracker', 'reports', report('overall')),
  r(
    'tribe-x-mayar',
    '/reports/tribe-x-mayar',
    'Tribe X Mayar Report',
    'ad_daily_tracker',
    'reports',
    report('tribe-x-mayar'),
  ),
  r(
    'kol-report',
    '/reports/kol-report/',
    'KOL Report',
    'finance_kol_report',
    'reports',
    report('kol-report'),
    {
      menuRequires: ['finance_kol_report'],
    },
  ),

  r(
    'package-tracking',
    '/logistics/package-tracking/',
    'Logistic Tracker',
    'transaction_package_tracking',
    'logistics',
    resource('packages', { preset: 'packaging', hiddenColumns: ['cust_notified'] }),
    { menuLabel: 'Packaging' },
  ),
  r(
    'receipt-confirm',
    '/logistics/receipt-confirm/',
    'Logistic Tracker',
    'transaction_package_tracking',
    'logistics',
    resource('packages', { preset: 'receipt-confirmation', hiddenRenderings: ['receipt'] }),
    { menuLabel: 'Receipt Confirmation' },
  ),

  r(
    'purchase-log',
    '/logs/purchase/',
    'Purchase Log',
    'transaction_read_purchase_logs',
    'logs',
    resource('purchases'),
  ),
  r(
    'sheet-report',
    '/logs/sheet-report/',
    'Sheet Report',
    'transaction_read_purchase_logs',
    'logs',
    custom('sheet-report'),
  ),
  r(
    'gpt-insights',
    '/logs/gpt-insights/',
    'GPT Insights',
    'transaction_read_purchase_logs',
    'logs',
    custom('gpt-insights'),
  ),

  r(
    'companies',
    '/finance/companies/',
    'Companies',
    'finance_manage_companies',
    'finance',
    resource('companies'),
    {
      menuRequires: ['finance_manage_companies'],
    },
  ),
  r(
    'bank-accounts',
    '/finance/bank-accounts/',
    'Bank Accounts',
    'finance_manage_bank_accounts',
    'finance',
    resource('bank_accounts'),
  ),
  r(
    'monthly-target',
    '/finance/monthly-target/',
    'Monthly Target',
    'finance_manage_bank_accounts',
    'finance',
    resource('monthly_targets'),
  ),

  r('users', '/administration/users/', 'Users', 'admin_manage_user', 'users', custom('users')),
  r(
    'user-permissions',
    '/administration/user-permissions/',
    'User Permission Set',
    'admin_manage_user',
    'users',
    custom('user-permissions'),
  ),
  // Not in the spec (issue #29): the running console and the audit log, for the administrator.
  r(
    'operations',
    '/administration/operations/',
    'Operations',
    'admin_manage_user',
    'users',
    custom('operations'),
  ),
  r(
    'audit-log',
    '/administration/audit-log/',
    'Audit Log',
    'admin_manage_user',
    'users',
    custom('audit-log'),
  ),
];

/**
 * Pages beyond the spec's: the landing page, the ad sets and ads lists under Ad Campaign Admin, and the
 * administrator's Operations and Audit Log (issue #29).
 */
const EXTRA_ROUTE_IDS: readonly string[] = ['usage-statistic', 'ad-sets', 'ads', 'operations', 'audit-log'];
/** The 41 page paths of the spec's table. */
export const SPEC_ROUTES: readonly RouteDef[] = ROUTES.filter((route) => !EXTRA_ROUTE_IDS.includes(route.id));

export { LANDING_PATH, LOGIN_PATH, SESSION_VALID_PATH, START_PATH } from './paths.js';

/** The routes that show an entity's generic list (two may share one entity with different presets). */
export function resourceRoutes(entity?: string): RouteDef[] {
  return ROUTES.filter(
    (route) => route.page.kind === 'resource' && (entity === undefined || route.page.entity === entity),
  );
}

/** May a user with these readable keys open the route? (The server's page check decides; this mirrors it.) */
export function routeOpensFor(route: RouteDef, canReadKey: (key: PermissionKey) => boolean): boolean {
  return route.access === 'signed-in' || canReadKey(route.key);
}

export function findRoute(pathname: string): RouteDef | undefined {
  return ROUTES.find((route) => route.path === pathname);
}
