import { reportJobRun } from '../ops/jobRuns.js';

/**
 * An unref'd repeating timer that never overlaps itself; `stop` aborts the task's signal (a drain loop ends after
 * its batch) and waits for the run in progress. Each run is reported under `name` (metrics).
 */
export function every(
  ms: number,
  task: (signal: AbortSignal) => Promise<void>,
  name = 'background',
): { stop: () => Promise<void>; kick: () => void } {
  let running: Promise<void> | null = null;
  let stopped = false;
  let again = false;
  const stopping = new AbortController();
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    const started = performance.now();
    const report = (ok: boolean) =>
      reportJobRun({ job: name, ok, seconds: (performance.now() - started) / 1000 });
    running = task(stopping.signal)
      .then(
        () => report(true),
        () => report(false),
      )
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          tick();
        }
      });
  };
  const timer = setInterval(tick, ms);
  timer.unref();
  return {
    kick: tick,
    stop: async () => {
      stopped = true;
      stopping.abort();
      clearInterval(timer);
      await running;
    },
  };
}
