import { defineConfig } from 'tsup';

// Shared by the published libraries (console-ui, console-contract). Each public folder is its own entry and
// ESM splitting is on, so a bundler that imports one component skips the chunks of the others.
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  dts: { compilerOptions: { ignoreDeprecations: '6.0' } },
  splitting: true,
  sourcemap: true,
  clean: true,
  treeshake: true,
  target: 'es2022',
  outExtension: ({ format }) => ({ js: format === 'cjs' ? '.cjs' : '.js' }),
});
