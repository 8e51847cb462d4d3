/** A finished run of background work, for the metrics (src/ops/metrics.ts). */
export interface JobRun {
  job: string;
  ok: boolean;
  seconds: number;
}

const listeners = new Set<(run: JobRun) => void>();

/** Listens to every background run of this process; returns the unsubscribe. */
export function onJobRun(listener: (run: JobRun) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the job runners (`every`, `runOnce`); a listener's error never reaches the job. */
export function reportJobRun(run: JobRun): void {
  for (const listener of listeners) {
    try {
      listener(run);
    } catch {
      // Metrics are not worth a failed job.
    }
  }
}
