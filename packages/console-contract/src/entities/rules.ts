import type { EntityRule } from './types.js';

/** Short builders for the rules across fields, so an entity's `rules` read as a list like its `fields`. */
export const rule = {
  /** `field` is required when `whenField` has one of `values`. */
  requiredWhen: (field: string, whenField: string, values: string[], message: string): EntityRule => ({
    kind: 'requiredWhen',
    field,
    when: { field: whenField, in: values },
    message,
  }),
  /** `field` stays empty unless `whenField` has one of `values`. */
  onlyWhen: (field: string, whenField: string, values: string[], message: string): EntityRule => ({
    kind: 'onlyWhen',
    field,
    when: { field: whenField, in: values },
    message,
  }),
  /** At most one of `fields` is set; the message goes on `field`. */
  atMostOne: (field: string, fields: string[], message: string): EntityRule => ({
    kind: 'atMostOne',
    field,
    fields,
    message,
  }),
  /** `field` is not before (below) `other` when both are set. */
  notBefore: (field: string, other: string, message: string): EntityRule => ({
    kind: 'notBefore',
    field,
    other,
    message,
  }),
  /** `field` differs from `other` (case-insensitive) when both are set. */
  differentFrom: (field: string, other: string, message: string): EntityRule => ({
    kind: 'differentFrom',
    field,
    other,
    message,
  }),
};
