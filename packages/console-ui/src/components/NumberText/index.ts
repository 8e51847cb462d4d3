export { NumberText, type NumberTextProps } from './NumberText.js';
export {
  INVALID_NUMBER_TEXT,
  NUMBER_LOCALE,
  formatIdr,
  formatNumber,
  toNumericString,
  type FormatNumberOptions,
} from './formatNumber.js';
