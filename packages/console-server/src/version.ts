export const SERVER_VERSION = '1.0.0';
