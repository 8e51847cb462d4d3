export { MarkdownText, parseMarkdownBlocks, type MarkdownTextProps } from './MarkdownText.js';
