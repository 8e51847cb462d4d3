export { ERROR_TEXTS_ID, INDONESIAN_ERROR_TEXTS, SPEC_ERROR_TEXTS } from './errorTexts.js';
export { isCatalogued, translateFieldMessages, translateMessage } from './translate.js';
export type { LabelHint } from './labels.js';
