import { createRoot } from 'react-dom/client';
import { LOGIN_PATH } from '@staff/console-contract';
import { renderLoginEntry } from './loginEntry.js';

const root = createRoot(document.getElementById('root')!);
// Everything but the login screen is a separate download (docs/adr/011-wire.md).
const loadConsole = () => import('./boot.js');
const path = window.location.pathname.replace(/\/+$/, '') || '/';

if (path === LOGIN_PATH.replace(/\/+$/, '')) renderLoginEntry(root, loadConsole);
else void loadConsole().then((boot) => boot.renderConsole(root));
