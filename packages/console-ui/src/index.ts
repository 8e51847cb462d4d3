// The one public door of console-ui. The exports test (test/exports.test.ts) fails when this list changes.
export * from './adapters.js';
export * from './theme/index.js';
export * from './machines/index.js';
export * from './components/AppShell/index.js';
export * from './components/ConnectionStatus/index.js';
export * from './components/LoginForm/index.js';
export * from './components/Notifications/index.js';
export * from './components/NumberText/index.js';
export * from './components/OtpInput/index.js';
export * from './components/PermissionGuard/index.js';
export * from './components/Sidebar/index.js';
export * from './components/StartScreen/index.js';
export * from './components/TextArea/index.js';
