import { lazyWithPreload } from '../pages/preload.js';

/**
 * The signed-in console (`/app/*`), loaded on demand. `preloadShell()` starts the download early: when a login
 * is submitted (the success label holds 2 s anyway) and when the start screen finds a valid session.
 */
export const { Component: LazyAppRoutes, preload: preloadShell } = lazyWithPreload(
  () => import('./AppRoutes.js'),
);
