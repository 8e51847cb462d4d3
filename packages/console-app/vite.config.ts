import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress.js';
import { serverOnlyZodParts } from './serverOnly.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const backend = process.env.CONSOLE_BACKEND ?? 'http://localhost:3000';

// The app bundles console-ui and the contract from source (like the tests do), so it builds without their dist
// and tree-shakes per module.
export default defineConfig({
  plugins: [react(), serverOnlyZodParts(), precompress()],
  resolve: {
    alias: {
      '@staff/console-contract': path.join(root, 'packages/console-contract/src/index.ts'),
      '@staff/console-ui': path.join(root, 'packages/console-ui/src/index.ts'),
    },
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
});
