export const USAGE_WINDOW_DAYS = 30;
