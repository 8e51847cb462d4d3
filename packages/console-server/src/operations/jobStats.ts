import type { JobRunSummary } from '@staff/console-contract';
import { onJobRun } from '../ops/jobRuns.js';

/**
 * This process's runs of the background work that keeps no lease row (the outbox drains and other `every`
 * timers run on each node): counted in memory, so the pollers add no writes. Jobs under runOnce keep their
 * outcome in job_leases instead, across nodes.
 */
export interface LocalJobRuns {
  list: () => JobRunSummary[];
  stop: () => void;
}

export function trackLocalJobRuns(nodeId: string, now: () => Date = () => new Date()): LocalJobRuns {
  const jobs = new Map<string, JobRunSummary>();
  const stop = onJobRun((run) => {
    const finished = now();
    const previous = jobs.get(run.job);
    jobs.set(run.job, {
      job: run.job,
      last_started_at: new Date(finished.getTime() - run.seconds * 1000).toISOString(),
      last_finished_at: finished.toISOString(),
      last_ok: run.ok,
      last_seconds: run.seconds,
      last_node: nodeId,
      last_error: null,
      runs: (previous?.runs ?? 0) + 1,
      failures: (previous?.failures ?? 0) + (run.ok ? 0 : 1),
      consecutive_failures: run.ok ? 0 : (previous?.consecutive_failures ?? 0) + 1,
    });
  });
  return { list: () => [...jobs.values()], stop };
}
