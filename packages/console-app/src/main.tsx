import { createRoot } from 'react-dom/client';
import { LOGIN_PATH, loadIndonesianTexts } from '@staff/console-contract';
import { storedLanguageChoice } from './languageStorage.js';
import { renderLoginEntry } from './loginEntry.js';

const root = createRoot(document.getElementById('root')!);
// Everything but the login screen is a separate download (docs/adr/011-wire.md).
const loadConsole = () => import('./boot.js');
const path = window.location.pathname.replace(/\/+$/, '') || '/';

if (path === LOGIN_PATH.replace(/\/+$/, '')) renderLoginEntry(root, loadConsole);
else {
  // Bahasa Indonesia's error catalogue and console-ui's Indonesian messages (chunks of their own, issue 33) download
  // beside the console, not after it.
  if (storedLanguageChoice() === 'id') {
    loadIndonesianTexts().catch(() => undefined);
    import('./componentMessagesId.js').catch(() => undefined);
  }
  void loadConsole().then((boot) => boot.renderConsole(root));
}
