// The English sets of the components whose defaults are Indonesian, and `CONSOLE_MESSAGES_EN_OVERRIDES`. A module
// of its own that imports types only: an English host that passes the overrides gets no other component's texts
// (a bundler places a module by the modules that import it, whether or not the importer's use is kept; issue 33).
import type { BoardMessages } from '../components/Board/messages.js';
import type { BotLoginMessages } from '../components/BotLogin/messages.js';
import type { ChatThreadMessages } from '../components/ChatThread/messages.js';
import type { LoginFormMessages } from '../components/LoginForm/messages.js';
import type { VennDiagramMessages } from '../components/VennDiagram/messages.js';
import type { ConsoleMessageSets } from './types.js';

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
