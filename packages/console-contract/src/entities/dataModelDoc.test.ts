/**
 * Keeps the field tables of docs/data-model.md equal to the definitions. After changing an entity, run
 * `UPDATE_DATA_MODEL_DOC=1 npx vitest run --project contract dataModelDoc` to rewrite them.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { resourceRoutes } from '../routes.js';
import { ENTITIES } from './index.js';
import type { EntityDef, FieldDef } from './types.js';
import { maxLengthOf, numericBounds } from './validation.js';

const DOC = fileURLToPath(new URL('../../../../docs/data-model.md', import.meta.url));
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function constraints(field: FieldDef): string {
  const parts: string[] = [];
  if (['text', 'longtext', 'email', 'url', 'secret'].includes(field.type))
    parts.push(`≤ ${maxLengthOf(field)} chars`);
  if (field.type === 'tags')
    parts.push(`≤ ${maxLengthOf(field)} items of ≤ ${field.itemMaxLength ?? 60} chars`);
  if (
    ['integer', 'number', 'money', 'percent'].includes(field.type) &&
    (field.min !== undefined || field.max !== undefined)
  ) {
    const { min, max } = numericBounds(field);
    parts.push(field.max !== undefined ? `${min}–${max}` : `≥ ${min}`);
  }
  if (field.normalize)
    parts.push(
      { upper: 'stored upper-case', lower: 'stored lower-case', handle: 'stored lower-case without @' }[
        field.normalize
      ],
    );
  if (field.pattern) parts.push(field.patternMessage ?? `pattern ${field.pattern}`);
  if (field.options) parts.push(field.options.map((o) => `\`${o.value}\``).join(', '));
  if (field.relation) parts.push(`→ ${field.relation.entity} (${field.relation.labelField})`);
  if (field.unique) parts.push('unique');
  if (field.defaultValue !== undefined) parts.push(`default \`${String(field.defaultValue)}\``);
  return parts.join('; ');
}

function flags(field: FieldDef): string {
  return [
    field.list && 'list',
    field.sortable && 'sort',
    field.filterable && 'filter',
    field.searchable && 'search',
  ]
    .filter(Boolean)
    .join(' · ');
}

function entitySection(def: EntityDef): string {
  const lines = [
    `### ${def.labelPlural} — \`${def.name}\``,
    '',
    `${def.description ?? ''} Page ${
      resourceRoutes(def.name)
        .map((route) => `\`${route.id}\``)
        .join(', ') || '(none)'
    }, key \`${def.permissionKey}\`, title field \`${def.titleField}\`, ` +
      `default sort \`${def.defaultSort.field}:${def.defaultSort.direction}\`, ${def.softDelete ? 'soft delete' : 'hard delete'}` +
      `${def.apiKeyWritable ? ', also writable by n8n with an API key' : ''}` +
      `${def.access === 'read-only' ? ', read-only (written by the system)' : ''}` +
      `${def.storage === 'migration' ? ', table owned by a hand-written migration' : ''}.`,
    '',
    '| field | label | type | req | constraints | shown / used for |',
    '|---|---|---|---|---|---|',
    ...def.fields.map(
      (f) =>
        `| \`${f.name}\` | ${cell(f.label)} | ${f.type} | ${f.required ? 'yes' : ''} | ${cell(constraints(f))} | ${flags(f)} |`,
    ),
  ];
  if (def.uniqueTogether?.length)
    lines.push('', `Unique together: ${def.uniqueTogether.map((g) => `(${g.join(', ')})`).join('; ')}.`);
  if (def.actions?.length)
    lines.push(
      '',
      'Actions:',
      ...def.actions.map(
        (a) =>
          `- \`${a.name}\` ${a.label} (${a.mode}${a.bulk ? ', bulk' : ''})` +
          `${a.transition ? `: ${a.transition.field} ${a.transition.from.join(' / ')} → ${a.transition.to}` : ''}` +
          `${a.set ? `; sets ${Object.keys(a.set).join(', ')}` : ''}.`,
      ),
    );
  if (def.views?.length)
    lines.push('', `Views: ${def.views.map((v) => `\`${v.id}\` ${v.label}`).join('; ')}.`);
  if (def.rules?.length)
    lines.push('', 'Rules:', ...def.rules.map((r) => `- ${r.message} (\`${r.kind}\` on \`${r.field}\`).`));
  return lines.join('\n');
}

function render(doc: string): string {
  let out = doc;
  for (const def of ENTITIES) {
    const start = `<!-- entity:${def.name}:start -->`;
    const end = `<!-- entity:${def.name}:end -->`;
    const from = out.indexOf(start);
    const to = out.indexOf(end);
    if (from < 0 || to < from) throw new Error(`docs/data-model.md lacks the markers of ${def.name}`);
    out = `${out.slice(0, from + start.length)}\n${entitySection(def)}\n${out.slice(to)}`;
  }
  return out;
}

describe('docs/data-model.md', () => {
  it('shows every entity exactly as defined', () => {
    const doc = readFileSync(DOC, 'utf8');
    const rendered = render(doc);
    if (process.env.UPDATE_DATA_MODEL_DOC === '1' && rendered !== doc) writeFileSync(DOC, rendered);
    else expect(doc).toBe(rendered);
  });
});
