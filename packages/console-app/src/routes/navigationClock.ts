/**
 * When the person asked for the page: the press of a link or the browser's back/forward. The page guard's 0.75 s
 * floor counts from here rather than from the guard's mount, which comes after the router's transition render
 * (100 ms and more on a slow laptop) — the delay the person sees is the spec's, not the spec's plus our render.
 */
let startedAt: number | undefined;

const mark = () => {
  startedAt = performance.now();
};

/** A same-page link press that the router will handle (no modifier, primary button, not a new tab). */
const isRouterLinkPress = (event: MouseEvent) =>
  event.button === 0 &&
  !event.metaKey &&
  !event.ctrlKey &&
  !event.shiftKey &&
  !event.altKey &&
  event.target instanceof Element &&
  !!event.target.closest('a[href^="/"]:not([target]):not([download])');

if (typeof document !== 'undefined') {
  document.addEventListener('click', (event) => isRouterLinkPress(event) && mark(), true);
  window.addEventListener('popstate', mark);
}

/**
 * When the current navigation was asked for, as a `performance.now()` time: the last link press or back/forward
 * if it is under a second old, else now. Not used up by reading: a render React throws away and redoes (or a
 * redirect right after the press) reads the same moment.
 */
export function navigationStartedAt(): number {
  const now = performance.now();
  return startedAt !== undefined && now - startedAt < 1000 ? startedAt : now;
}
