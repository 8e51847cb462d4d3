import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { SHARED_CLUSTER_FILE, stopPostgres } from './postgres.js';

/**
 * One folder per run (and project) for the database templates and the shared PostgreSQL cluster
 * (templates.ts); removed, and the cluster stopped, when the run ends.
 */
export default function setup(project: TestProject) {
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-test-run-'));
  project.provide('testRunDir', runDir);
  return () => {
    const clusterFile = path.join(runDir, SHARED_CLUSTER_FILE);
    try {
      if (fs.existsSync(clusterFile)) stopPostgres(JSON.parse(fs.readFileSync(clusterFile, 'utf8')));
    } finally {
      fs.rmSync(runDir, { recursive: true, force: true });
    }
  };
}
