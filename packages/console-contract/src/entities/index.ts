import { adCampaigns } from './adCampaigns.js';
import { adSets, ads } from './adSets.js';
import { bankAccounts } from './bankAccounts.js';
import { changeEmails } from './changeEmails.js';
import { companies } from './companies.js';
import { creators } from './creators.js';
import { hookGenerations } from './hookGenerations.js';
import { masterAdCreatives } from './masterAdCreatives.js';
import { mayarAccounts } from './mayarAccounts.js';
import { meetingRooms } from './meetingRooms.js';
import { monthlyTargets } from './monthlyTargets.js';
import { n8nCreators } from './n8nCreators.js';
import { pixelRegistries } from './pixelRegistries.js';
import { problemCategories } from './problemCategories.js';
import { problemSubcategories } from './problemSubcategories.js';
import { packageEvents, packages } from './packages.js';
import { products } from './products.js';
import { purchases } from './purchases.js';
import { projects } from './projects.js';
import { tribeTargets } from './tribeTargets.js';
import { tribes } from './tribes.js';
import { ROUTES } from '../routes.js';
import type { EntityDef, EntityView } from './types.js';
import { waRegistries } from './waRegistries.js';
import { webhookForwarders } from './webhookForwarders.js';

export type * from './types.js';
export * from './fields.js';
export { creatorTier } from './creators.js';
export { HOOK_FORMULA_OPTIONS } from './hookGenerations.js';
export { MAYAR_EVENT_OPTIONS } from './webhookForwarders.js';
export { COURIER_OPTIONS, LOGISTICS_WINDOW_DAYS, PACKAGE_STATUSES } from './packages.js';
export { PURCHASE_STATUS_OPTIONS } from './purchases.js';
export * from './validation.js';
export * from './jsonSchema.js';
export * from './wire.js';
export * from './demo.js';
export * from './search.js';
export {
  adCampaigns,
  adSets,
  ads,
  bankAccounts,
  changeEmails,
  companies,
  creators,
  hookGenerations,
  masterAdCreatives,
  mayarAccounts,
  meetingRooms,
  monthlyTargets,
  n8nCreators,
  packageEvents,
  packages,
  pixelRegistries,
  problemCategories,
  problemSubcategories,
  products,
  projects,
  purchases,
  tribeTargets,
  tribes,
  waRegistries,
  webhookForwarders,
};

/** Every master-data entity, in the sidebar order of their pages. */
export const ENTITIES: readonly EntityDef[] = [
  n8nCreators,
  problemCategories,
  problemSubcategories,
  creators,
  projects,
  tribeTargets,
  products,
  adCampaigns,
  adSets,
  ads,
  meetingRooms,
  tribes,
  changeEmails,
  hookGenerations,
  mayarAccounts,
  masterAdCreatives,
  pixelRegistries,
  webhookForwarders,
  waRegistries,
  companies,
  bankAccounts,
  monthlyTargets,
  packages,
  packageEvents,
  purchases,
];

export const ENTITY_NAMES = ENTITIES.map((entity) => entity.name);

export const ENTITY_BY_NAME: Readonly<Record<string, EntityDef>> = Object.freeze(
  Object.fromEntries(ENTITIES.map((entity) => [entity.name, entity])),
);

/**
 * The entity of that name (the REST path segment), or undefined.
 * @example getEntity('creators')?.permissionKey // 'databank_creators'
 */
export function getEntity(name: string): EntityDef | undefined {
  return Object.prototype.hasOwnProperty.call(ENTITY_BY_NAME, name) ? ENTITY_BY_NAME[name] : undefined;
}

/**
 * The entity shown by a page of the route table (its `resource` descriptor), or undefined for other pages.
 * @example entityForRoute('meeting-rooms')?.name // 'meeting_rooms'
 */
export function entityForRoute(routeId: string): EntityDef | undefined {
  const page = ROUTES.find((route) => route.id === routeId)?.page;
  return page?.kind === 'resource' ? getEntity(page.entity) : undefined;
}

/**
 * The view a resource route opens with (its descriptor's `preset` among the entity's `views`), with the
 * descriptor's hidden columns and renderings added.
 * @example viewForRoute('receipt-confirm')?.hiddenRenderings // ['receipt']
 */
export function viewForRoute(routeId: string): EntityView | undefined {
  const page = ROUTES.find((route) => route.id === routeId)?.page;
  if (page?.kind !== 'resource') return undefined;
  const view = page.preset ? getEntity(page.entity)?.views?.find((v) => v.id === page.preset) : undefined;
  if (!view && !page.hiddenColumns && !page.hiddenRenderings) return undefined;
  return {
    ...(view ?? { id: 'default', label: 'All' }),
    hiddenColumns: [...new Set([...(view?.hiddenColumns ?? []), ...(page.hiddenColumns ?? [])])],
    hiddenRenderings: [...new Set([...(view?.hiddenRenderings ?? []), ...(page.hiddenRenderings ?? [])])],
  };
}
