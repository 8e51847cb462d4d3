import { writeFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

interface ProjectTime {
  files: number;
  tests: number;
  /** Sum of the files' own times (setup, import, tests): what the project costs a worker. */
  fileMs: number;
  firstStart: number;
  lastEnd: number;
}

/**
 * Prints, at the end of a run, each project's files, tests, the time its files took and the span from its first
 * file's start to its last file's end (projects overlap: two workers share them).
 */
export default class ProjectTimesReporter implements Reporter {
  private readonly started = new Map<string, number>();
  private readonly projects = new Map<string, ProjectTime>();
  private readonly files: { name: string; ms: number }[] = [];
  /** One line per failed test or file, repeated last so a log's tail names what failed. */
  private readonly failures: string[] = [];

  onTestModuleStart(module: TestModule) {
    this.started.set(module.moduleId + module.project.name, Date.now());
  }

  onTestModuleEnd(module: TestModule) {
    const name = module.project.name;
    const start = this.started.get(module.moduleId + name) ?? Date.now();
    const diagnostic = module.diagnostic();
    const time = this.projects.get(name) ?? { files: 0, tests: 0, fileMs: 0, firstStart: start, lastEnd: 0 };
    time.files += 1;
    time.tests += [...module.children.allTests()].length;
    const fileMs =
      diagnostic.environmentSetupDuration +
      diagnostic.prepareDuration +
      diagnostic.collectDuration +
      diagnostic.setupDuration +
      diagnostic.duration;
    time.fileMs += fileMs;
    const where = `${name} ${module.relativeModuleId}`;
    const firstLine = (message: string | undefined) => (message ?? '').split('\n')[0]!.slice(0, 200);
    for (const error of module.errors()) this.failures.push(`${where}: ${firstLine(error.message)}`);
    for (const test of module.children.allTests()) {
      const result = test.result();
      if (result.state === 'failed')
        this.failures.push(`${where} > ${test.fullName}: ${firstLine(result.errors?.[0]?.message)}`);
    }
    this.files.push({ name: `${name} ${module.relativeModuleId}`, ms: fileMs });
    time.firstStart = Math.min(time.firstStart, start);
    time.lastEnd = Math.max(time.lastEnd, Date.now());
    this.projects.set(name, time);
  }

  onTestRunEnd() {
    if (this.projects.size === 0) return;
    const rows = [...this.projects].sort(([, a], [, b]) => a.firstStart - b.firstStart);
    const width = Math.max(...rows.map(([name]) => name.length), 'project'.length);
    const line = (cells: string[]) =>
      console.log(`  ${cells[0]!.padEnd(width)}  ${cells.slice(1).join('  ')}`);
    console.log('\nTime per vitest project (files run two at a time):');
    line(['project', 'files', 'tests', 'file time', '    span']);
    for (const [name, time] of rows) {
      line([
        name,
        String(time.files).padStart(5),
        String(time.tests).padStart(5),
        `${(time.fileMs / 1000).toFixed(0).padStart(7)} s`,
        `${((time.lastEnd - time.firstStart) / 1000).toFixed(0).padStart(6)} s`,
      ]);
    }
    // Where a slow run went: the files that cost a worker most.
    console.log('\nThe slowest files (their own time):');
    for (const file of [...this.files].sort((a, b) => b.ms - a.ms).slice(0, 15))
      console.log(`  ${(file.ms / 1000).toFixed(0).padStart(5)} s  ${file.name}`);
    if (this.failures.length > 0) {
      console.log(`\nFailed (${this.failures.length}):`);
      for (const failure of this.failures) console.log(`  ${failure}`);
    }
    // scripts/test.mjs prints them again after its own table, the last lines of a CI log.
    if (process.env.CONSOLE_TEST_FAILURES)
      writeFileSync(process.env.CONSOLE_TEST_FAILURES, this.failures.join('\n'));
  }
}
