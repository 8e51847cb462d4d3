export * from './permissions.js';
export * from './routes.js';
export * from './menu.js';
export * from './api.js';
export * from './admin.js';
export * from './entities/index.js';
export * from './intake.js';
export * from './reports.js';
