import type { EntityTextSet } from '../types.js';
import { AD_TEXTS_ID } from './ads.js';
import { CREATOR_TEXTS_ID } from './creators.js';
import { CRM_TEXTS_ID } from './crm.js';
import { FINANCE_TEXTS_ID } from './finance.js';
import { LOGISTICS_TEXTS_ID } from './logistics.js';
import { OPERATION_TEXTS_ID } from './operations.js';

/** Bahasa Indonesia texts of every entity, by entity name. */
export const ENTITY_TEXTS_ID: EntityTextSet = {
  ...CREATOR_TEXTS_ID,
  ...AD_TEXTS_ID,
  ...OPERATION_TEXTS_ID,
  ...FINANCE_TEXTS_ID,
  ...CRM_TEXTS_ID,
  ...LOGISTICS_TEXTS_ID,
};
