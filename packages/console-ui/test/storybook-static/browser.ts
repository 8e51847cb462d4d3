/**
 * The built Storybook in chromium, as a designer opens it: the static build served over HTTP and its preview
 * iframe, a story selected through the preview's channel (as the sidebar does) or a Docs page on a page of its own.
 */
import { chromium, type Browser, type Page } from 'playwright';
import { CHROMIUM_ARGS, requireChromium } from '../../../../scripts/chromium.js';
import { serveStatic } from './harness.js';

export interface StoryOutcome {
  status: string;
  problems: string[];
  failedReports: string[];
}

/**
 * A ceiling for a hung story, not a timing check: the 100 000-row story took 20 s on a shared 2-core machine
 * under load (5 s idle), and `npm test` runs this pass at nice 15 beside the other projects, where a render waits
 * for whatever CPU they leave.
 */
export const STORY_TIMEOUT_MS = 300_000;

export interface Preview {
  baseUrl: string;
  browser: Browser;
  /** The preview iframe, loaded once; stories are switched inside it. */
  page: Page;
  /** Errors the preview page threw since the last `pageErrors.length = 0`. */
  pageErrors: string[];
  close: () => Promise<void>;
}

/** Serves the build, starts chromium and loads the preview until its store has read the index. */
export async function openPreview(dir: string): Promise<Preview> {
  const server = await serveStatic(dir);
  const browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS });
  const page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // Hang guards, not timing checks: the preview's first load takes long on a loaded 2-core machine.
  page.setDefaultTimeout(STORY_TIMEOUT_MS);
  await page.goto(`${server.url}/iframe.html`, { timeout: STORY_TIMEOUT_MS });
  await page.waitForFunction(
    () => {
      const preview = (window as unknown as { __STORYBOOK_PREVIEW__?: { storyStoreValue?: unknown } })
        .__STORYBOOK_PREVIEW__;
      return Boolean(preview?.storyStoreValue);
    },
    undefined,
    { timeout: STORY_TIMEOUT_MS },
  );
  return {
    baseUrl: server.url,
    browser,
    page,
    pageErrors,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/** Selects the story through the preview's channel, as the manager does, and collects what the panels show. */
export function openStory(page: Page, id: string): Promise<StoryOutcome> {
  return page.evaluate(
    ({ id, timeoutMs }) =>
      new Promise<StoryOutcome>((resolve) => {
        type Listener = (payload: never) => void;
        const channel = (
          window as unknown as {
            __STORYBOOK_ADDONS_CHANNEL__: {
              on: (event: string, listener: Listener) => void;
              off: (event: string, listener: Listener) => void;
              emit: (event: string, payload: unknown) => void;
            };
          }
        ).__STORYBOOK_ADDONS_CHANNEL__;
        const problems: string[] = [];
        const offs: Array<() => void> = [];
        const on = <T>(event: string, listener: (payload: T) => void) => {
          channel.on(event, listener as Listener);
          offs.push(() => channel.off(event, listener as Listener));
        };
        const finish = (outcome: Omit<StoryOutcome, 'problems'>) => {
          clearTimeout(timer);
          offs.forEach((off) => off());
          resolve({ ...outcome, problems });
        };
        const timer = setTimeout(
          () => finish({ status: 'timed out (the play function never finished)', failedReports: [] }),
          timeoutMs,
        );
        // The first lines of a failure: testing-library appends the whole DOM to its messages.
        const text = (error: { message?: string; name?: string } | undefined) =>
          `${error?.name ?? 'Error'}: ${error?.message ?? String(error)}`.split('\n').slice(0, 6).join('\n');
        on<{ message?: string }>('playFunctionThrewException', (error) =>
          problems.push(`play: ${text(error)}`),
        );
        on<{ message?: string }>('storyThrewException', (error) => problems.push(`render: ${text(error)}`));
        on<{ title?: string; description?: string }>('storyErrored', (error) =>
          problems.push(`error: ${error?.title ?? ''} ${error?.description ?? ''}`),
        );
        on<Array<{ message?: string }>>('unhandledErrorsWhilePlaying', (errors) =>
          problems.push(...errors.map((error) => `unhandled: ${text(error)}`)),
        );
        on('storyMissing', () => finish({ status: 'missing', failedReports: [] }));
        on<{
          storyId: string;
          status: string;
          reporters: Array<{ type: string; status: string; result?: { violations?: Array<{ id: string }> } }>;
        }>('storyFinished', (result) => {
          if (result.storyId !== id) return;
          finish({
            status: result.status,
            failedReports: result.reporters
              .filter((report) => report.status === 'failed')
              .map(
                (report) =>
                  `${report.type}: ${(report.result?.violations ?? []).map((violation) => violation.id).join(', ')}`,
              ),
          });
        });
        channel.emit('setCurrentStory', { storyId: id, viewMode: 'story' });
      }),
    { id, timeoutMs: STORY_TIMEOUT_MS },
  );
}

/**
 * Opens a Docs page on a page of its own (a Docs page renders every story of its file at once, and must not
 * disturb the story runs) and waits until it has rendered, collecting what went wrong.
 */
export async function openDocs(
  browser: Browser,
  baseUrl: string,
  id: string,
): Promise<{ status: string; problems: string[]; navigations: string[] }> {
  const docsPage = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  const problems: string[] = [];
  const navigations: string[] = [];
  docsPage.on('pageerror', (error) => problems.push(`page: ${error.message}`));
  docsPage.on('framenavigated', (frame) => {
    if (frame === docsPage.mainFrame() && !frame.url().includes(`id=${id}`)) navigations.push(frame.url());
  });
  // Catch the preview's channel the moment it is created, before any Docs event can be missed.
  await docsPage.addInitScript(() => {
    const events: Array<{ type: string; payload: unknown }> = [];
    (window as unknown as { __docsEvents: typeof events }).__docsEvents = events;
    let channel: { on: (event: string, listener: (payload: unknown) => void) => void } | undefined;
    Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
      configurable: true,
      get: () => channel,
      set: (next: typeof channel) => {
        channel = next;
        for (const type of ['docsRendered', 'storyErrored', 'storyThrewException', 'storyMissing'])
          next?.on(type, (payload) => events.push({ type, payload }));
      },
    });
  });
  try {
    await docsPage.goto(`${baseUrl}/iframe.html?id=${encodeURIComponent(id)}&viewMode=docs`, {
      timeout: STORY_TIMEOUT_MS,
    });
    const handle = await docsPage.waitForFunction(
      () => {
        const events = (window as unknown as { __docsEvents?: Array<{ type: string; payload: unknown }> })
          .__docsEvents;
        const end = events?.find((event) => event.type === 'docsRendered' || event.type === 'storyMissing');
        return end ? events : null;
      },
      undefined,
      { timeout: STORY_TIMEOUT_MS },
    );
    const events = (await handle.jsonValue()) as Array<{ type: string; payload: unknown }>;
    for (const event of events.filter((e) => e.type === 'storyErrored' || e.type === 'storyThrewException'))
      problems.push(`${event.type}: ${JSON.stringify(event.payload).slice(0, 300)}`);
    const status = events.some((event) => event.type === 'docsRendered') ? 'rendered' : 'missing';
    return { status, problems, navigations };
  } finally {
    await docsPage.close();
  }
}
