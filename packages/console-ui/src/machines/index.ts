export * from './session.machine.js';
export * from './startScreen.machine.js';
export * from './loginButton.machine.js';
export * from './pageGuard.machine.js';
export * from './permissionRefresh.machine.js';
export * from './filterPresets.machine.js';
export * from './realtimeConnection.machine.js';
export * from './problemStatus.machine.js';
