/**
 * Every story of the built Storybook, opened the way a designer opens it: the static build served over HTTP,
 * its preview iframe in chromium, one story after another in the same page (as the sidebar switches them).
 * A story passes when its play function completes, nothing throws while rendering or playing, and its reports
 * (axe, from the a11y addon) pass — the same verdict as the interactions and accessibility panels.
 * STORYBOOK_RUNS=3 opens every story three times, to catch play functions that race the UI.
 */
import { chromium, type Browser, type Page } from 'playwright';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM_ARGS, requireChromium } from '../../../../scripts/chromium.js';
import { readIndex, serveStatic } from './harness.js';

interface StoryOutcome {
  status: string;
  problems: string[];
  failedReports: string[];
}

const dir = inject('storybookStaticDir');
const entries = await readIndex(dir);
const stories = entries.filter((entry) => entry.type === 'story');
const docsPages = entries.filter((entry) => entry.type === 'docs');
const runs = Math.max(1, Number(process.env.STORYBOOK_RUNS ?? 1) || 1);
/**
 * A ceiling for a hung play function, not a timing check: the 100 000-row story took 20 s on this shared
 * 2-core machine under load (5 s idle).
 */
const STORY_TIMEOUT_MS = 60_000;

let server: Awaited<ReturnType<typeof serveStatic>>;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await serveStatic(dir);
  browser = await chromium.launch({ executablePath: requireChromium(), args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: 1024, height: 768 } });
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`${server.url}/iframe.html`);
  // The preview is ready once its store has loaded the index.
  await page.waitForFunction(() => {
    const preview = (window as unknown as { __STORYBOOK_PREVIEW__?: { storyStoreValue?: unknown } })
      .__STORYBOOK_PREVIEW__;
    return Boolean(preview?.storyStoreValue);
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Selects the story through the preview's channel, as the manager does, and collects what the panels show. */
function openStory(id: string): Promise<StoryOutcome> {
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
        on<{ message?: string }>('playFunctionThrewException', (error) => problems.push(`play: ${text(error)}`));
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
async function openDocs(id: string): Promise<{ status: string; problems: string[]; navigations: string[] }> {
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
    await docsPage.goto(`${server.url}/iframe.html?id=${encodeURIComponent(id)}&viewMode=docs`);
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

it('the build lists stories and Docs pages', () => {
  expect(stories.length).toBeGreaterThan(100);
  expect(docsPages.map((entry) => entry.id)).toContain('introduction-embedding-console-ui--docs');
});

describe('every Docs page renders', () => {
  for (const docs of docsPages) {
    it(docs.title, { timeout: STORY_TIMEOUT_MS + 10_000 }, async () => {
      const outcome = await openDocs(docs.id);
      expect(outcome, docs.id).toEqual({ status: 'rendered', problems: [], navigations: [] });
    });
  }
});

/**
 * The first story of each stories file (every component's main state) for the narrow-page check; AllStates
 * stories lay variants side by side for review and are left out.
 */
const firstOfEachFile = [
  ...new Map(
    stories
      .filter((story) => !/^all states/i.test(story.name))
      .reverse()
      .map((story) => [story.importPath, story]),
  ).values(),
].reverse();
/** `layout: 'padded'` adds 1 rem on each side; a story may itself be exactly 375 px wide. */
const PHONE = 375;
const PADDING = 16;

describe('every component fits a 375 px page', () => {
  for (const story of firstOfEachFile) {
    it(`${story.title} › ${story.name}`, { timeout: STORY_TIMEOUT_MS + 5_000 }, async () => {
      await page.setViewportSize({ width: PHONE, height: 800 });
      try {
        pageErrors.length = 0;
        const outcome = await openStory(story.id);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        // Play functions may assert a desktop layout; here only rendering without errors and the width count.
        expect(
          outcome.problems.filter((problem) => !problem.startsWith('play:')),
          story.id,
        ).toEqual([]);
        expect(width, `${story.id} makes a ${PHONE} px page ${width} px wide`).toBeLessThanOrEqual(
          PHONE + PADDING,
        );
      } finally {
        await page.setViewportSize({ width: 1024, height: 768 });
      }
    });
  }
});

for (let run = 1; run <= runs; run += 1) {
  describe(runs > 1 ? `run ${run} of ${runs}` : 'every story', () => {
    for (const story of stories) {
      it(`${story.title} › ${story.name}`, { timeout: STORY_TIMEOUT_MS + 5_000 }, async () => {
        pageErrors.length = 0;
        const outcome = await openStory(story.id);
        expect({ ...outcome, pageErrors: [...pageErrors] }, story.id).toEqual({
          status: 'success',
          problems: [],
          failedReports: [],
          pageErrors: [],
        });
      });
    }
  });
}
