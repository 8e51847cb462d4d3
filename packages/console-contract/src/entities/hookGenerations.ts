import { COLUMN, field, options, relationField } from './fields.js';
import type { EntityDef } from './types.js';

export const HOOK_FORMULA_OPTIONS = options({
  question: 'Question',
  bold_claim: 'Bold claim',
  curiosity_gap: 'Curiosity gap',
  problem_callout: 'Problem call-out',
  social_proof: 'Social proof',
  pattern_interrupt: 'Pattern interrupt',
  before_after: 'Before / after',
  urgency: 'Urgency',
});

/** One run of the hook generator: the brief, the prompt sent, the hooks returned and the one chosen. */
export const hookGenerations: EntityDef = {
  name: 'hook_generations',
  label: 'Hook generation',
  labelPlural: 'Hook generations',
  permissionKey: 'databank_mayar_accounts',
  titleField: 'target_audience',
  description: 'Ad hooks generated per product and audience; the selected hook goes to the creative team.',
  defaultSort: { field: 'generated_at', direction: 'desc' },
  softDelete: false,
  fields: [
    relationField('product_id', 'Product', 'products', { required: true, ...COLUMN.sortable }),
    field.text('target_audience', 'Target audience', {
      required: true,
      maxLength: 200,
      ...COLUMN.searchable,
      placeholder: 'Ibu muda 25–35 yang baru punya anak',
    }),
    field.longtext('pain_point', 'Pain point', { required: true, maxLength: 1000, searchable: true }),
    field.enum('formula', 'Formula', {
      required: true,
      options: HOOK_FORMULA_OPTIONS,
      ...COLUMN.sortable,
    }),
    field.enum('language', 'Language', {
      required: true,
      defaultValue: 'id',
      options: options({ id: 'Bahasa Indonesia', en: 'English' }),
      filterable: true,
    }),
    field.text('model', 'Model', {
      required: true,
      maxLength: 60,
      ...COLUMN.filterable,
      placeholder: 'gpt-4o-mini',
    }),
    field.integer('hook_count', 'Hooks asked for', { min: 1, max: 10, defaultValue: 5 }),
    field.longtext('prompt', 'Prompt', { maxLength: 8000 }),
    field.tags('outputs', 'Generated hooks', {
      maxLength: 20,
      itemMaxLength: 300,
      help: 'One hook per item.',
    }),
    field.text('selected_hook', 'Selected hook', { maxLength: 300, list: true, searchable: true }),
    field.tags('selected_hooks', 'Picked hooks', {
      maxLength: 10,
      itemMaxLength: 300,
      help: 'The hooks picked (as edited); the first is the selected hook.',
    }),
    field.integer('prompt_tokens', 'Prompt tokens', { min: 0, readOnly: true }),
    field.integer('completion_tokens', 'Answer tokens', { min: 0, readOnly: true }),
    field.money('cost_idr', 'Cost (IDR)', {
      min: 0,
      readOnly: true,
      help: 'From the tokens, the configured USD prices per million tokens and the IDR rate.',
    }),
    field.enum('status', 'Status', {
      required: true,
      defaultValue: 'generated',
      options: options({
        generated: 'Generated',
        selected: 'Selected',
        used: 'Used in an ad',
        discarded: 'Discarded',
      }),
      ...COLUMN.sortable,
    }),
    field.datetime('generated_at', 'Generated at', {
      required: true,
      ...COLUMN.sortable,
    }),
  ],
};
