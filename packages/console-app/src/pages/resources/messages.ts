import type { EntityDef } from '@staff/console-contract';
import { formatFieldValue } from '@staff/console-ui';
import type { RelationLabels, ResourceCallError } from '../../api/resources.js';

/** A failed call in words for the page (list, history, delete), naming the entity where that helps. */
export function errorText(error: ResourceCallError | null | undefined, def: EntityDef): string {
  if (!error) return '';
  if (error.status === undefined)
    return 'The server could not be reached. Check the connection and try again.';
  if (error.status === 403) return `You don't have permission for ${def.labelPlural.toLowerCase()}.`;
  if (error.status === 404) return `This ${def.label.toLowerCase()} no longer exists.`;
  if (error.message) return error.message;
  return `The server answered with status ${error.status}.`;
}

/**
 * The text that names a row: its title fields' shown values ("Desember 2026 · Tribe Alpha", relations by the
 * list's labels), else its title field, else its id.
 */
export function rowTitle(
  def: EntityDef,
  row: Record<string, unknown> | null | undefined,
  labels: RelationLabels = {},
): string {
  if (row && def.titleFields?.length) {
    const parts = def.titleFields.flatMap((name) => {
      const field = def.fields.find((candidate) => candidate.name === name);
      const value = row[name];
      if (!field || value === null || value === undefined || String(value).trim() === '') return [];
      if (field.type === 'relation')
        return [labels[name]?.[String(value)] ?? `${field.label} #${String(value)}`];
      return [formatFieldValue(field, value)];
    });
    if (parts.length) return parts.join(' · ');
  }
  const value = row?.[def.titleField];
  if (value !== null && value !== undefined && String(value).trim() !== '') return String(value);
  return `#${String(row?.id ?? '')}`;
}
