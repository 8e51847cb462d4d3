import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { createConsoleServices } from './services.js';

const services = createConsoleServices({ storage: window.localStorage });

// No <StrictMode>: its dev-only unmount/remount stops and rehydrates the XState actors behind the page guard and
// the realtime connection, which aborts the guard's in-flight check ("canceled") and skips the connection's entry
// action, so in `npm run dev` pages showed an error and the socket never connected (statelyai/xstate#4953).
// Production builds are unaffected either way.
createRoot(document.getElementById('root')!).render(<App services={services} />);
