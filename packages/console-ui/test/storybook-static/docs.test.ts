/**
 * Smoke pass over the built Storybook (what a designer opens): every Docs page renders, and with it every story of
 * its file, without an error and without navigating away. Play functions are not replayed here: the `storybook`
 * project plays every story (with axe) against the sources; this checks what the production build serves. That every
 * story is on its file's Docs page is read from the index by the `stories-index` project (coverage.test.ts).
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDocs, openPreview, STORY_TIMEOUT_MS, type Preview } from './browser.js';
import { readIndex } from './harness.js';

const entries = await readIndex(inject('storybookStaticDir'));
const stories = entries.filter((entry) => entry.type === 'story');
const docsPages = entries.filter((entry) => entry.type === 'docs');

let preview: Preview;
beforeAll(async () => {
  preview = await openPreview(inject('storybookStaticDir'));
});
afterAll(async () => {
  await preview?.close();
});

it('the build lists stories and Docs pages', () => {
  expect(stories.length).toBeGreaterThan(100);
  expect(docsPages.map((entry) => entry.id)).toContain('introduction-embedding-console-ui--docs');
});

describe('every Docs page renders', () => {
  for (const docs of docsPages) {
    it(docs.title, { timeout: STORY_TIMEOUT_MS + 10_000 }, async () => {
      const outcome = await openDocs(preview.browser, preview.baseUrl, docs.id);
      expect(outcome, docs.id).toEqual({ status: 'rendered', problems: [], navigations: [] });
    });
  }
});
