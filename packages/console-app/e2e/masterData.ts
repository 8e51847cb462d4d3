import { ENTITIES, resourceRoutes, type EntityDef } from '@staff/console-contract';

/** The 20 master-data pages; the logistics pages (packages: actions, presets) have their own checks. */
export const MASTER_DATA = ENTITIES.filter(
  (entity) =>
    resourceRoutes(entity.name).length > 0 && !entity.actions?.length && entity.access !== 'read-only',
);

/**
 * What sets one master-data page apart from another on the one generic page: its field types (and which are
 * filterable, required, unique, normalised, read-only), its rules, soft or hard delete, unique sets, derived
 * fields, several title fields, saved views.
 */
export function pageFeatures(def: EntityDef): Set<string> {
  const features = new Set<string>([def.softDelete ? 'delete:soft' : 'delete:hard']);
  for (const field of def.fields) {
    features.add(`type:${field.type}`);
    if (field.filterable) features.add(`filter:${field.type}`);
    if (field.required) features.add(`required:${field.type}`);
    if (field.unique) features.add('unique');
    if (field.normalize) features.add(`normalize:${field.normalize}`);
    if (field.readOnly) features.add('readOnly');
  }
  for (const rule of def.rules ?? []) features.add(`rule:${rule.kind}`);
  if (def.uniqueTogether?.length) features.add('uniqueTogether');
  if (def.derive) features.add('derive');
  if (def.titleFields) features.add('titleFields');
  if (def.views?.length) features.add('views');
  return features;
}

/**
 * The fewest pages (greedy, the first declared on a tie) that between them show every feature of the 20. The
 * browser walks these; every page's API is checked on both engines by the server tests. A new entity with a
 * feature none of these has joins the walk by itself.
 */
export function coveringPages(defs: readonly EntityDef[] = MASTER_DATA): EntityDef[] {
  const left = new Set(defs.flatMap((def) => [...pageFeatures(def)]));
  const chosen: EntityDef[] = [];
  while (left.size > 0) {
    let best: EntityDef | undefined;
    let gain = 0;
    for (const def of defs) {
      const adds = [...pageFeatures(def)].filter((feature) => left.has(feature)).length;
      if (adds > gain) [best, gain] = [def, adds];
    }
    chosen.push(best!);
    for (const feature of pageFeatures(best!)) left.delete(feature);
  }
  return chosen;
}
