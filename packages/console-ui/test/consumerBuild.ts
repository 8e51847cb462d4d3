/**
 * The consumer check's guard (consumer.test.ts): it packs the library's build, made before the tests by `npm test`
 * (`npx turbo run build`), and fails with what to run when that build is missing or older than the sources.
 */
import type { Stats } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** The built entry files the tarball must hold; `npm test` (`npx turbo run build`) makes them before the tests. */
const BUILT = ['dist/index.js', 'dist/index.cjs', 'dist/index.d.ts', 'dist/index.d.cts'];
/** Files under src/ that are not part of the build: a change to them does not make the build stale. */
const NOT_BUILT = /\.(test|stories|fixtures)\.[cm]?tsx?$|\.mdx?$/;
const BUILD_HINT =
  'run `npx turbo run build --filter=@staff/console-ui` first (npm test builds before its tests)';

/**
 * The build this check packs, made by `npx turbo run build` before the tests: the check neither builds again nor
 * packs a missing or stale build. Stale: a source file changed after the oldest built entry file was written.
 */
export async function requireBuild(libDir: string): Promise<void> {
  const built = await Promise.all(BUILT.map((file) => stat(path.join(libDir, file)).catch(() => null)));
  const missing = BUILT.filter((_, index) => !built[index]);
  if (missing.length > 0)
    throw new Error(`console-ui is not built (${missing.join(', ')} missing): ${BUILD_HINT}.`);
  const builtAt = Math.min(...built.map((s) => (s as Stats).mtimeMs));
  const sources = (await readdir(path.join(libDir, 'src'), { recursive: true, withFileTypes: true })).filter(
    (entry) => entry.isFile() && !NOT_BUILT.test(entry.name),
  );
  for (const source of sources) {
    const file = path.join(source.parentPath, source.name);
    if ((await stat(file)).mtimeMs > builtAt)
      throw new Error(
        `console-ui's build is older than ${path.relative(libDir, file)}: ${BUILD_HINT}` +
          ' (with --force if turbo replays its cache).',
      );
  }
}
