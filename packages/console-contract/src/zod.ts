/**
 * The contract's zod: the mini build, whose functions tree-shake, so a signed-in page ships only the schema kinds
 * and checks its answers use (issue 33). zod/mini sets no locale of its own; the server's field errors (and the
 * Indonesian catalogue keyed by them) and the client's "unexpected shape" errors are zod's English texts.
 */
import { z } from 'zod/mini';
import { en } from 'zod/locales';

let english = false;

/**
 * Gives zod its English messages, once. Called where schemas are made for parsing (every endpoint, the entity
 * bodies): a bundle re-exports `z` straight from zod/mini, so this module's own top-level code runs only where one
 * of its functions is used.
 */
export function zodInEnglish(): void {
  if (english) return;
  english = true;
  z.config(en());
}
zodInEnglish();

export { z };

/**
 * A transform's `ctx.addIssue`, which zod/mini's transforms do not have (their context is the parse payload): the
 * issue as zod classic adds it, a custom one on the value being transformed unless it says otherwise.
 */
export function addIssue(
  ctx: z.core.ParsePayload,
  issue: { message: string; path?: PropertyKey[]; code?: 'custom' },
): void {
  ctx.issues.push({ code: 'custom', input: ctx.value, ...issue });
}
