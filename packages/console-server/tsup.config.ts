import { defineConfig } from 'tsup';

// A Node program, not a library: two entry points, ESM, the contract bundled in (so dist runs without the
// contract's own build), every npm dependency left external and loaded from node_modules. demo-fakes is the
// demo's outside services, a program of its own that main forks (ADR 027).
export default defineConfig({
  entry: { main: 'src/main.ts', cli: 'src/cli.ts', 'demo-fakes': 'test/fakes/demo.ts' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  clean: true,
  dts: false,
  splitting: true,
  noExternal: ['@staff/console-contract'],
});
