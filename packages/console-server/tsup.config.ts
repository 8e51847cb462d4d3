import { defineConfig } from 'tsup';

// A Node program, not a library: two entry points, ESM, the contract bundled in (so dist runs without the
// contract's own build), every npm dependency left external and loaded from node_modules.
export default defineConfig({
  entry: { main: 'src/main.ts', cli: 'src/cli.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  dts: false,
  splitting: true,
  noExternal: ['@staff/console-contract'],
});
