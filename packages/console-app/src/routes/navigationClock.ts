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

/** How long ago the current navigation was asked for (0 when none is known, or it is over a second old). */
export function navigationAge(): number {
  if (startedAt === undefined) return 0;
  const age = performance.now() - startedAt;
  startedAt = undefined; // one navigation, one guard
  return age < 1000 ? age : 0;
}
