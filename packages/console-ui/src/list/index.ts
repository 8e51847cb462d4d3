export * from './types.js';
export * from './useListController.js';
export * from './searchParamsCodec.js';
