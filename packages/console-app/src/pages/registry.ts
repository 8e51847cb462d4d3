import type { ComponentType } from 'react';
import { ROUTES } from '@staff/console-contract';
import type { ConsoleServices } from '../services.js';
import { lazyWithPreload, preloadData, type Preloaded } from './preload.js';
import type { PageProps } from './types.js';
import { USAGE_WINDOW_DAYS } from './usageWindow.js';

/** A page's lazily loaded code and, when it has one, its first data request. */
export interface PageEntry {
  Component: ComponentType<PageProps<never>>;
  /** Starts downloading the page's code. */
  preload: () => Promise<unknown>;
  /** Starts the page's first data request, for the address the visit opened (`search`, read in that render). */
  loadData?: (services: ConsoleServices, search: string) => Preloaded<unknown>;
}

const usageStatistics = lazyWithPreload<PageProps<never>>(() => import('./UsageStatisticsPage.js'));
const users = lazyWithPreload<PageProps>(() => import('./admin/UsersPage.js'));
const userPermissions = lazyWithPreload<PageProps>(() => import('./admin/UserPermissionsPage.js'));
const resourcePage = lazyWithPreload<PageProps<never>>(() => import('./resources/ResourcePage.js'));
const reportPage = lazyWithPreload<PageProps>(() => import('./reports/ReportPage.js'));
const vennPage = lazyWithPreload<PageProps>(() => import('./venn/VennPage.js'));
const problemsPage = lazyWithPreload<PageProps>(() => import('./problems/ProblemsPage.js'));
/** The packages list with the logistics flow (both logistics routes). */
const logisticsPage = lazyWithPreload<PageProps<never>>(() => import('./logistics/LogisticsPage.js'));
/** Master Ad Campaign with "Import from Ads Manager". */
const adCampaignsPage = lazyWithPreload<PageProps<never>>(() => import('./intake/AdCampaignsPage.js'));
/** Change Email with the requests' processing: approve, reject, in bulk, the decision in the panel (#32). */
const changeEmailsPage = lazyWithPreload<PageProps<never>>(
  () => import('./changeEmails/ChangeEmailsPage.js'),
);
/** Hook Generations with the generator (brief → streamed hooks → drafts). */
const hookGenerationsPage = lazyWithPreload<PageProps<never>>(() => import('./hooks/HookGenerationsPage.js'));
/** Master Ad Creative with each creative's picture and "Refresh from Meta". */
const masterAdCreativesPage = lazyWithPreload<PageProps<never>>(
  () => import('./creatives/MasterAdCreativesPage.js'),
);
const meetingRooms = lazyWithPreload<PageProps>(() => import('./meetings/MeetingRoomsPage.js'));
const gptInsights = lazyWithPreload<PageProps>(() => import('./insights/GptInsightsPage.js'));
const sheetReport = lazyWithPreload<PageProps>(() => import('./sheetReports/SheetReportPage.js'));
const chatList = lazyWithPreload<PageProps>(() => import('./chats/ChatListPage.js'));
const botAutoResponse = lazyWithPreload<PageProps>(() => import('./bots/BotAutoResponsePage.js'));
const botLogin = lazyWithPreload<PageProps>(() => import('./bots/BotLoginPage.js'));
const operations = lazyWithPreload<PageProps>(() => import('./operations/OperationsPage.js'));
const auditLog = lazyWithPreload<PageProps>(() => import('./operations/AuditLogPage.js'));

const resourceEntries = new Map<string, PageEntry>();

/** A resource route's page: the generic list, or one that adds its entity's flows to it. */
function pageOfEntity(entity: string | undefined) {
  if (entity === 'packages') return logisticsPage;
  if (entity === 'ad_campaigns') return adCampaignsPage;
  if (entity === 'change_emails') return changeEmailsPage;
  if (entity === 'hook_generations') return hookGenerationsPage;
  if (entity === 'master_ad_creatives') return masterAdCreativesPage;
  return resourcePage;
}

function entityOfRoute(routeId: string): string | undefined {
  const page = ROUTES.find((route) => route.id === routeId)?.page;
  return page?.kind === 'resource' ? page.entity : undefined;
}

function resourceEntry(routeId: string): PageEntry {
  const known = resourceEntries.get(routeId);
  if (known) return known;
  const entry: PageEntry = {
    // The entity's name from the route table (not its definition: the shell ships without them, issue 33).
    ...pageOfEntity(entityOfRoute(routeId)),
    // The list's first page, for the address being opened, starts with the permission check. The address is the
    // one of the render that started the visit: read after the import, it could already be the user's next view.
    loadData: (services, search) =>
      preloadData(async () => {
        const { loadListForRoute } = await import('./resources/loadList.js');
        return loadListForRoute(services.api, routeId, search);
      }),
  };
  resourceEntries.set(routeId, entry);
  return entry;
}

/**
 * Custom pages by the component id their route descriptor names (`{ kind: 'custom', component }`). Every id the
 * route table names must be here: registry.test.ts fails on one without a page (there is no fallback page).
 */
export const CUSTOM_PAGES: Readonly<Record<string, PageEntry>> = {
  'usage-statistics': {
    ...usageStatistics,
    loadData: (services) => preloadData(() => services.fetchMyActivity(USAGE_WINDOW_DAYS)),
  },
  // Administration (ADR 007): they load their own data, filtered and paged.
  users,
  'user-permissions': userPermissions,
  // Cust Venn Diagram: its own choices, then GET /api/venn.
  'product-distribution-venn': vennPage,
  // Cust Problem Tracking: board and list over /api/problems.
  'problem-tracker': problemsPage,
  // General affairs and logs (issue 15): they load their own data.
  'meeting-room-dashboard': meetingRooms,
  'gpt-insights': gptInsights,
  'sheet-report': sheetReport,
  // WhatsApp conversations (issue 16): the page loads and follows its own data.
  'customer-chats': chatList,
  'bot-auto-response': botAutoResponse,
  'bot-login': botLogin,
  // The administrator's running console and audit log (issue #29): they load their own data.
  operations,
  'audit-log': auditLog,
};

/** A route of the table with no page in this build: a programming error the registry test catches. */
export class MissingPageError extends Error {
  constructor(routeId: string) {
    super(`No page for route "${routeId}": add it to pages/registry.ts`);
    this.name = 'MissingPageError';
  }
}

/**
 * The page of a route, from its descriptor in the contract's route table: every `resource` route is the one
 * generic master-data page (the descriptor names the entity; the definitions load with that page's chunk, not
 * the shell's), `custom` routes their component, `report` routes the report page.
 */
export function pageFor(routeId: string): PageEntry {
  const page = ROUTES.find((route) => route.id === routeId)?.page;
  if (page?.kind === 'resource') return resourceEntry(routeId);
  const entry =
    page?.kind === 'custom'
      ? CUSTOM_PAGES[page.component]
      : // The report ids of the route table are the report definitions' (the contract's reports.test); checking them
        // here took the definitions and their schemas into the shell's chunk (issue 33).
        page?.kind === 'report'
        ? reportPage
        : undefined;
  if (!entry) throw new MissingPageError(routeId);
  return entry;
}
