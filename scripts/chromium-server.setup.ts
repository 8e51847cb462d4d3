import { chromium } from 'playwright';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, requireChromium } from './chromium.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's chromium (a playwright browser server), which the e2e files connect to. */
    chromiumEndpoint: string;
  }
}

/**
 * Global setup of the e2e project: one chromium for the whole run, in vitest's main process, which every file
 * connects to and leaves with its own contexts closed. Launching one per file cost 2–3 CPU-seconds and up to
 * 10 s of wall time each on a loaded 2-core machine; one held by a worker process made vitest time out
 * terminating that worker (session 26). Fails loudly, never skips, when chromium is missing.
 */
export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({
    executablePath: requireChromium(),
    args: CHROMIUM_ARGS,
  });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
