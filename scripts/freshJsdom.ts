import { cleanup } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * The jsdom projects share one module graph and one window per worker (`isolate: false`): importing React, the
 * console-ui barrel and the app's graph afresh for every file cost half the projects' time. Each file (through the
 * setup file, which runs before it) starts from what a new window would give it: nothing mounted, empty storage,
 * the root address, a bare <html>, real timers and no stubs left by the file before.
 */
export function freshJsdom(): void {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
  document.body.replaceChildren();
  document.title = '';
  const root = document.documentElement;
  for (const attribute of [...root.attributes]) root.removeAttribute(attribute.name);
}
