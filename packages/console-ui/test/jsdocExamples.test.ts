/**
 * Every `@example` in the library's JSDoc is a fenced code block (```tsx … ```): Storybook's Docs pages and editors
 * render the comment as Markdown, where an unfenced example runs together with the prose into one paragraph.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** `file:line` of each `@example` whose first line is not an opening fence. */
function unfencedExamples(file: string): string[] {
  const lines = readFileSync(file, 'utf8').split('\n');
  const found: string[] = [];
  lines.forEach((line, index) => {
    if (!/^\s*\* @example\b/.test(line)) return;
    const sameLine = line.replace(/^\s*\* @example\s*/, '');
    const next = sameLine || (lines[index + 1] ?? '').replace(/^\s*\*\s?/, '');
    if (!next.startsWith('```')) found.push(`${path.relative(srcDir, file)}:${index + 1}`);
  });
  return found;
}

describe('JSDoc examples', () => {
  const files = sources(srcDir);

  it('are found in the sources', () => {
    expect(files.filter((file) => readFileSync(file, 'utf8').includes('@example')).length).toBeGreaterThan(
      50,
    );
  });

  it('are fenced code blocks, so Docs pages show them as code', () => {
    expect(files.flatMap(unfencedExamples)).toEqual([]);
  });
});
