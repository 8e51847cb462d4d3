import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { App } from './App.js';
import { createConsoleServices, type ConsoleServices } from './services.js';

export { createOtpStep, createPasswordStep } from './api/auth.js';
export { preloadShell } from './routes/lazyShell.js';

/** The console's services on the browser's storage (one set per page load). */
export const browserServices = (): ConsoleServices => createConsoleServices({ storage: window.localStorage });

/** Renders the whole console (router, HTTP client, session) into `root`. */
export function renderConsole(root: Root, services: ConsoleServices = browserServices()) {
  root.render(
    <StrictMode>
      <App services={services} />
    </StrictMode>,
  );
}
