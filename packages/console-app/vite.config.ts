import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.js';
import { serverOnlyZodParts } from './serverOnly.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const backend = process.env.CONSOLE_BACKEND ?? 'http://localhost:3000';

/**
 * react-router's package exports offer only its development build (dev warnings on: `warningOnce` on every
 * `<Routes>` render, their texts in the bundle); the production build beside it is the same code with them off.
 * The browser build takes that one (issue 33); dev and the tests keep the warnings. A router upgrade that moves
 * the files fails the build here.
 */
function reactRouterProduction() {
  const dist = path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist',
  );
  const entries = {
    'react-router': path.join(dist, 'production/index.mjs'),
    'react-router/dom': path.join(dist, 'production/dom-export.mjs'),
  };
  for (const file of Object.values(entries))
    if (!existsSync(file))
      throw new Error(`vite.config.ts: react-router's production build is not at ${file}`);
  return Object.entries(entries).map(([name, file]) => ({
    find: new RegExp(`^${name.replace('/', '\\/')}$`),
    replacement: file,
  }));
}

// The app bundles console-ui and the contract from source (like the tests do), so it builds without their dist
// and tree-shakes per module.
export default defineConfig(({ command }) => ({
  plugins: [react(), serverOnlyZodParts(), precompress()],
  resolve: {
    alias: [
      {
        find: '@staff/console-contract',
        replacement: path.join(root, 'packages/console-contract/src/index.ts'),
      },
      { find: '@staff/console-ui', replacement: path.join(root, 'packages/console-ui/src/index.ts') },
      ...(command === 'build' ? reactRouterProduction() : []),
    ],
  },
  server: {
    proxy: {
      // Host kept as the dev server's: the backend accepts same-origin sockets and requests only.
      '/api': { target: backend },
      '/socket.io': { target: backend, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
}));
