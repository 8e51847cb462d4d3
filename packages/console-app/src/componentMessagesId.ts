// console-ui's Indonesian messages as a chunk of their own, loaded with the Indonesian error catalogue (i18n.tsx).
export { CONSOLE_MESSAGES_ID } from '@staff/console-ui';
