export { TextArea, type TextAreaProps } from './TextArea.js';
export {
  DEFAULT_NEAR_LIMIT_RATIO,
  charCount,
  useCharCounter,
  type CharCounter,
  type CharLimitStatus,
  type UseCharCounterOptions,
} from './useCharCounter.js';
