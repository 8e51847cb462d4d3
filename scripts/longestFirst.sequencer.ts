import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Each file's tests' seconds in a full run (`<project> <file>`), from a fresh clone's log (ADR 063, session 33).
 * Refresh after a file's weight changes a lot; a file not listed runs after the listed ones of its project.
 */
const KNOWN_SECONDS = JSON.parse(readFileSync(path.join(root, 'scripts/fileTimes.json'), 'utf8')) as Record<
  string,
  number
>;

/**
 * Vitest's order, but within a project the longest files first (the last files a run waits for are then short
 * ones, not a one-minute e2e file that started last). Vitest sorts by the durations in its own cache, which a fresh
 * clone does not have: there it ran a project's files in name order. With a cache, its durations win.
 */
export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const seconds = (spec: TestSpecification) => {
      const file = path.relative(root, spec.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`)?.duration;
      return cached !== undefined ? cached / 1000 : (KNOWN_SECONDS[`${spec.project.name} ${file}`] ?? -1);
    };
    // Vitest's order of groups and projects (each project's place: where its first file was), then the weight,
    // then vitest's own order.
    const projectRank = new Map<string, number>();
    ordered.forEach((spec, index) => {
      if (!projectRank.has(spec.project.name)) projectRank.set(spec.project.name, index);
    });
    const keyed = ordered.map((spec, index) => ({
      spec,
      key: [projectRank.get(spec.project.name)!, -seconds(spec), index],
    }));
    keyed.sort((a, b) => a.key[0]! - b.key[0]! || a.key[1]! - b.key[1]! || a.key[2]! - b.key[2]!);
    return keyed.map(({ spec }) => spec);
  }
}
