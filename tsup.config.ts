import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'tsup';

// Shared by the published libraries (console-ui, console-contract); tsup runs it from the package folder.
// Every module the root barrel re-exports (each component folder, the theme, the adapters) and every machine is
// its own entry, and ESM splitting is on, so `dist/index.js` only re-exports from per-module files. With
// `sideEffects: false` in package.json a bundler that imports one component then skips the files of all the
// others (measured by packages/console-ui/bench/ui.bench.ts). Entries come from the barrels, so dist holds exactly
// the public API.
function barrelTargets(cwd: string, barrel: string): string[] {
  const file = path.join(cwd, barrel);
  if (!existsSync(file)) return [];
  const targets: string[] = [];
  for (const match of readFileSync(file, 'utf8').matchAll(/^export\s[^;]*?from\s+'(\.[^']+)\.js';/gms)) {
    const target = path.join(path.dirname(barrel), `${match[1]}.ts`);
    if (existsSync(path.join(cwd, target))) targets.push(target);
  }
  return targets;
}

function entries(cwd: string): Record<string, string> {
  const entry: Record<string, string> = { index: 'src/index.ts' };
  // A machine definition is a call a bundler cannot prove pure: machines sharing a chunk would all ship when one
  // is imported, hence one entry per machine as well.
  const modules = [...barrelTargets(cwd, 'src/index.ts'), ...barrelTargets(cwd, 'src/machines/index.ts')];
  for (const module of modules) {
    entry[module.replace(/^src\//, '').replace(/\.ts$/, '')] = module;
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
