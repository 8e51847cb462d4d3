export { BotLoginPanel, type BotLoginPanelProps } from './BotLoginPanel.js';
