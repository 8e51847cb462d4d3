// The console's fixed paths, apart from the route table: `/login` needs them without the table (docs/adr/011-wire.md).
export const LANDING_PATH = '/app/usage-statistic';
export const START_PATH = '/';
export const LOGIN_PATH = '/login';
export const SESSION_VALID_PATH = '/app/customer-chats';
