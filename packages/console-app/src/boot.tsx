import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { App } from './App.js';
import { currentLanguage, languageReady } from './i18n.js';
import { createConsoleServices, type ConsoleServices } from './services.js';

export { createOtpStep, createPasswordStep } from './api/auth.js';
export { preloadShell } from './routes/lazyShell.js';

/** The console's services on the browser's storage (one set per page load). */
export const browserServices = (): ConsoleServices => createConsoleServices({ storage: window.localStorage });

/**
 * Renders the whole console (router, HTTP client, session) into `root`. In Indonesian, once the error catalogue
 * is in (issue 33: English users never download it), so no error shows in English first; if it cannot load, the
 * console renders anyway, its error texts as the server sent them.
 */
export function renderConsole(root: Root, services: ConsoleServices = browserServices()) {
  const render = () =>
    root.render(
      <StrictMode>
        <App services={services} />
      </StrictMode>,
    );
  void languageReady(currentLanguage()).then(render, render);
}
