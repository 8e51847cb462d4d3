import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'tsup';

// Shared by the published libraries (console-ui, console-contract); tsup runs it from the package folder.
// Every public folder (each component, each machine, the theme, the adapters) is its own entry and ESM splitting
// is on, so the barrel `dist/index.js` only re-exports from per-folder files. With `sideEffects: false` in
// package.json a bundler that imports one component then skips the files of all the others
// (measured by packages/console-ui/bench/ui.bench.ts).
function entries(cwd: string): Record<string, string> {
  const entry: Record<string, string> = { index: 'src/index.ts' };
  for (const file of ['adapters.ts', 'theme/index.ts', 'machines/index.ts']) {
    if (existsSync(path.join(cwd, 'src', file))) entry[file.replace(/\.ts$/, '')] = `src/${file}`;
  }
  // One entry per machine too: a machine definition is a call a bundler cannot prove pure, so machines sharing a
  // chunk would all ship when one is imported.
  const machines = path.join(cwd, 'src', 'machines');
  if (existsSync(machines)) {
    for (const file of readdirSync(machines).sort()) {
      if (/\.machine\.ts$/.test(file) && !file.includes('.test.')) {
        entry[`machines/${file.replace(/\.ts$/, '')}`] = `src/machines/${file}`;
      }
    }
  }
  const components = path.join(cwd, 'src', 'components');
  if (existsSync(components)) {
    for (const name of readdirSync(components).sort()) {
      if (existsSync(path.join(components, name, 'index.ts'))) {
        entry[`components/${name}/index`] = `src/components/${name}/index.ts`;
      }
    }
  }
  return entry;
}

export default defineConfig(() => {
  const cwd = process.cwd();
  return {
    entry: entries(cwd),
    format: ['esm', 'cjs'],
    // Declarations for the package root only: `exports` exposes just `.`, and one declaration entry is several
    // times faster than one per folder.
    dts: { entry: { index: 'src/index.ts' }, compilerOptions: { ignoreDeprecations: '6.0' } },
    splitting: true,
    sourcemap: true,
    clean: true,
    treeshake: false,
    target: 'es2022',
    outExtension: ({ format }) => ({ js: format === 'cjs' ? '.cjs' : '.js' }),
  };
});
