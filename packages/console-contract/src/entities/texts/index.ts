export type * from './types.js';
export { entityTexts, localizeEntity, ruleKey } from './localize.js';
