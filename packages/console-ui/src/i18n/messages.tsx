// The English message sets and `consoleMessages`; the Indonesian sets are in messagesId.tsx (re-exported here), a
// module of their own so an app that loads them on demand keeps them off its English pages. Each set is typed
// against its component's messages interface, so a key added to a component without its translation fails
// typecheck. The spec's fixed strings (the DateRangePicker presets, "Sign Out") are the same in both languages;
// LoginForm is English in the English set (the console app keeps the spec's Indonesian login texts for its /login).
// The defaults come from each component's messages module, not its index: importing the component would put its
// code (the Venn layout, the room schedule, the report table…) in every page's shared chunk (issue 33).
import type { BoardMessages } from '../components/Board/messages.js';
import type { BotLoginMessages } from '../components/BotLogin/messages.js';
import { BULK_OUTCOMES_MESSAGES } from '../components/BulkOutcomes/messages.js';
import { CHART_MESSAGES } from '../components/Chart/messages.js';
import type { ChatThreadMessages } from '../components/ChatThread/messages.js';
import { COMMAND_PALETTE_MESSAGES } from '../components/CommandPalette/messages.js';
import { CREATIVE_PREVIEW_MESSAGES } from '../components/CreativePreview/messages.js';
import { DATA_TABLE_MESSAGES } from '../components/DataTable/model.js';
import { DATE_RANGE_PICKER_MESSAGES } from '../components/DateRangePicker/messages.js';
import { DELTA_CHIP_MESSAGES } from '../components/DeltaChip/messages.js';
import { FILTER_BAR_MESSAGES } from '../components/FilterBar/messages.js';
import { KPI_CARD_MESSAGES } from '../components/KpiCard/messages.js';
import type { LoginFormMessages } from '../components/LoginForm/messages.js';
import { MARKDOWN_TEXT_MESSAGES } from '../components/MarkdownText/messages.js';
import { HOOK_PICKER_MESSAGES } from '../components/HookPicker/messages.js';
import { RECORD_HISTORY_MESSAGES } from '../components/RecordHistory/messages.js';
import { REPORT_TABLE_MESSAGES } from '../components/ReportTable/messages.js';
import { RESOURCE_FORM_MESSAGES } from '../components/ResourceForm/messages.js';
import { ROOM_SCHEDULE_MESSAGES } from '../components/RoomSchedule/messages.js';
import { SIDEBAR_MESSAGES } from '../components/Sidebar/messages.js';
import type { VennDiagramMessages } from '../components/VennDiagram/messages.js';
import { FIELD_VALUE_WORDS } from '../resource.js';
import type { ConsoleLanguage, ConsoleMessageSets } from './types.js';
import { CONSOLE_MESSAGES_ID } from './messagesId.js';

export type { ConsoleLanguage, ConsoleMessageSets } from './types.js';
export * from './messagesId.js';

export const CHAT_THREAD_MESSAGES_EN: ChatThreadMessages = {
  loading: 'Loading the conversation…',
  empty: 'No messages yet.',
  retry: 'Try again',
  placeholder: 'Write a reply…',
  send: 'Send',
  sending: 'Sending…',
  windowClosed: "More than 24 hours since the customer's last message: only a template can be sent.",
  template: 'Template',
  parameter: (n) => `Value {{${n}}}`,
  sendTemplate: 'Send template',
  readOnly: 'You can only read this conversation.',
  closed: 'Replies cannot be sent from this conversation',
  bot: 'Bot',
  reply: 'Reply',
  list: (title) => `Messages with ${title}`,
  statuses: {
    received: 'Received',
    pending: 'Waiting to be sent',
    accepted: 'Handed to WhatsApp',
    sent: 'Sent',
    delivered: 'Delivered',
    read: 'Read',
    failed: 'Failed',
  },
};

export const BOARD_MESSAGES_EN: BoardMessages = {
  instructions:
    'Press Space to pick up a card, left/right arrows to choose a column, Enter or Space to drop, Escape to cancel.',
  empty: 'Empty',
  saving: 'Saving…',
  loading: 'Loading the board…',
  retry: 'Try again',
  grabbed: (card, column) => `${card} picked up from ${column}.`,
  target: (column) => `Target: ${column}.`,
  noTarget: 'This card cannot move to another column.',
  moved: (card, column) => `${card} moved to ${column}.`,
  cancelled: (card) => `${card} not moved.`,
};

/**
 * LoginForm in English, for a host whose users read English (`consoleMessages('en')`). The default set,
 * `LOGIN_FORM_MESSAGES`, keeps the console's Indonesian texts, which its spec fixes for the console's own /login.
 */
export const LOGIN_FORM_MESSAGES_EN: LoginFormMessages = {
  intro: 'Please enter your username and password to sign in.',
  username: 'Username',
  password: 'Password',
  login: 'Login',
  loading: 'Loading...',
  success: 'Login successful, please wait',
  genericError: 'Error : Could not reach the server',
  errorPrefix: 'Error : ',
  codeIntro: 'Enter the 6-digit code from your authenticator app',
  codeLabel: 'Authenticator code',
  recoveryIntro: 'Enter one of your recovery codes.',
  recoveryLabel: 'Recovery code',
  useRecovery: 'Use a recovery code',
  useAuthenticator: 'Use a code from the authenticator app',
  back: 'Back to login',
};

export const VENN_DIAGRAM_MESSAGES_EN: VennDiagramMessages = {
  loading: 'Counting customers…',
  empty: 'No customers with paid purchases for this choice.',
  retry: 'Try again',
  customers: 'customers',
  upsetCaption: 'Customer overlaps (UpSet): one row per exclusive region',
  title: 'Venn diagram',
  legend: 'Sets',
  only: (names) => `${names} only`,
};

export const BOT_LOGIN_MESSAGES_EN: BotLoginMessages = {
  status: {
    pending: 'Waiting for verification',
    connected: 'Connected',
    failed: 'Failed',
    disconnected: 'Disconnected',
  },
  statusLabel: (status) => `Status: ${status}`,
  method: { SMS: 'SMS', VOICE: 'Voice call' },
  methodInSentence: { SMS: 'SMS', VOICE: 'a voice call' },
  intro: 'Meta sends a 6-digit code to this number. Choose how it is sent, then enter the code here.',
  sendCodeBy: 'Send the code by',
  requestCode: 'Request code',
  reconnect: 'Reconnect',
  codeSent: (method) => `The code was sent by ${method}. Enter its 6 digits.`,
  codeLabel: 'Verification code',
  resendCode: 'Send the code again',
  cancel: 'Cancel',
  codeAccepted: 'Code accepted. Enter the two-step verification PIN (6 digits) for this number.',
  pinLabel: 'Two-step verification PIN',
  pinNote: 'The PIN is only passed on to WhatsApp, never stored in the console.',
  connected: 'This number is connected as a bot and answers customers’ messages.',
  disconnect: 'Disconnect',
  busy: {
    requestingCode: 'Requesting the code…',
    verifyingCode: 'Checking the code…',
    registering: 'Registering the number…',
    disconnecting: 'Disconnecting…',
  },
};

/**
 * English for the components whose defaults are Indonesian, and nothing else: what an English host gives
 * `ConsoleMessagesProvider` when it wants no other component's texts in its bundle (every other component falls
 * back to its own English defaults). Merged over the defaults, it is `CONSOLE_MESSAGES_EN`.
 */
export const CONSOLE_MESSAGES_EN_OVERRIDES = {
  board: BOARD_MESSAGES_EN,
  botLogin: BOT_LOGIN_MESSAGES_EN,
  chatThread: CHAT_THREAD_MESSAGES_EN,
  loginForm: LOGIN_FORM_MESSAGES_EN,
  vennDiagram: VENN_DIAGRAM_MESSAGES_EN,
} satisfies Partial<ConsoleMessageSets>;

/** English for every component: the defaults, with English for the components whose defaults are Indonesian. */
export const CONSOLE_MESSAGES_EN: ConsoleMessageSets = {
  ...CONSOLE_MESSAGES_EN_OVERRIDES,
  bulkOutcomes: BULK_OUTCOMES_MESSAGES,
  chart: CHART_MESSAGES,
  commandPalette: COMMAND_PALETTE_MESSAGES,
  creativePreview: CREATIVE_PREVIEW_MESSAGES,
  dataTable: DATA_TABLE_MESSAGES,
  dateRangePicker: DATE_RANGE_PICKER_MESSAGES,
  deltaChip: DELTA_CHIP_MESSAGES,
  filterBar: FILTER_BAR_MESSAGES,
  kpiCard: KPI_CARD_MESSAGES,
  markdownText: MARKDOWN_TEXT_MESSAGES,
  hookPicker: HOOK_PICKER_MESSAGES,
  recordHistory: RECORD_HISTORY_MESSAGES,
  reportTable: REPORT_TABLE_MESSAGES,
  resourceForm: RESOURCE_FORM_MESSAGES,
  roomSchedule: ROOM_SCHEDULE_MESSAGES,
  sidebar: SIDEBAR_MESSAGES,
  values: FIELD_VALUE_WORDS,
};

/** The message sets of a language, for `ConsoleMessagesProvider`. */
export function consoleMessages(language: ConsoleLanguage): ConsoleMessageSets {
  return language === 'id' ? CONSOLE_MESSAGES_ID : CONSOLE_MESSAGES_EN;
}
