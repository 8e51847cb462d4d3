export { APP_SHELL_COMPACT_BELOW, AppShell, type AppShellLayout, type AppShellProps } from './AppShell.js';
