/**
 * The consumer check's guard (consumer.test.ts): it packs the library's build, made before the tests by `npm test`
 * (`npx turbo run build`), and fails with what to run when that build is missing. Not by file dates: turbo replays
 * an unchanged build from its cache without rewriting it, so a checkout that only touched the sources would fail.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';

/** The built entry files the tarball must hold; `npm test` (`npx turbo run build`) makes them before the tests. */
const BUILT = ['dist/index.js', 'dist/index.cjs', 'dist/index.d.ts', 'dist/index.d.cts'];
const BUILD_HINT =
  'run `npx turbo run build --filter=@staff/console-ui` first (npm test builds before its tests)';

/** The build this check packs, made by `npx turbo run build` before the tests: the check never builds itself. */
export async function requireBuild(libDir: string): Promise<void> {
  const built = await Promise.all(BUILT.map((file) => stat(path.join(libDir, file)).catch(() => null)));
  const missing = BUILT.filter((_, index) => !built[index]);
  if (missing.length > 0)
    throw new Error(`console-ui is not built (${missing.join(', ')} missing): ${BUILD_HINT}.`);
}
