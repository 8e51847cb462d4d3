/**
 * The built Storybook at 375 px: the first story of each stories file (every component's main state) renders
 * without an error and fits a phone's page. AllStates stories lay variants side by side for review and are left
 * out; play functions may assert a desktop layout, so only rendering errors and the width count here.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPreview, openStory, STORY_TIMEOUT_MS, type Preview } from './browser.js';
import { readIndex } from './harness.js';

const entries = await readIndex(inject('storybookStaticDir'));
const stories = entries.filter((entry) => entry.type === 'story');
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

let preview: Preview;
beforeAll(async () => {
  preview = await openPreview(inject('storybookStaticDir'));
  await preview.page.setViewportSize({ width: PHONE, height: 800 });
});
afterAll(async () => {
  await preview?.close();
});

it('checks a story of every stories file', () => {
  expect(firstOfEachFile.length).toBe(new Set(stories.map((story) => story.importPath)).size);
});

describe('every component fits a 375 px page', () => {
  for (const story of firstOfEachFile) {
    it(`${story.title} › ${story.name}`, { timeout: STORY_TIMEOUT_MS + 5_000 }, async () => {
      const outcome = await openStory(preview.page, story.id);
      const width = await preview.page.evaluate(() => document.documentElement.scrollWidth);
      expect(
        outcome.problems.filter((problem) => !problem.startsWith('play:')),
        story.id,
      ).toEqual([]);
      expect(width, `${story.id} makes a ${PHONE} px page ${width} px wide`).toBeLessThanOrEqual(
        PHONE + PADDING,
      );
    });
  }
});
