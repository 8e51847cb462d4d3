export {
  BOT_LOGIN_MESSAGES,
  BotLoginPanel,
  type BotLoginMessages,
  type BotLoginPanelProps,
} from './BotLoginPanel.js';
