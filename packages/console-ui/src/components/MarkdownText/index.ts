export {
  MarkdownText,
  MARKDOWN_TEXT_MESSAGES,
  parseMarkdownBlocks,
  type MarkdownTextMessages,
  type MarkdownTextProps,
} from './MarkdownText.js';
