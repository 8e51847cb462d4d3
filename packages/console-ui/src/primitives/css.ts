import { t } from '../theme/tokens.js';

/**
 * A form control's box (select, input, a small outlined button) in the surface colours; the caller adds its size
 * and padding.
 */
export const controlBoxCss = `
  font: inherit;
  color: ${t.colorText};
  background: ${t.colorSurface};
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusSm};
`;

/** The dimmed layer under a modal (dialog, palette): it covers the page; the caller places the panel. */
export const backdropCss = `
  position: fixed;
  inset: 0;
  z-index: 1000;
  background: rgba(10, 16, 26, 0.55);
`;

/** A component's loading, empty or error line: muted, padded, its actions (retry) stacked below. */
export const statusLineCss = `
  margin: 0;
  padding: ${t.space6} ${t.space4};
  color: ${t.colorTextMuted};
  display: grid;
  gap: ${t.space2};
  justify-items: start;
`;

/** A component's own framed box (chart, card, table, history): the theme's font and text on the surface. */
export const panelCss = `
  font-family: ${t.fontFamily};
  color: ${t.colorText};
  background: ${t.colorSurface};
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusMd};
`;

/**
 * A layer floating over the page (popover, menu, suggestion list): the raised surface, its border and shadow. The
 * caller places and sizes it and picks its corner radius.
 */
export const popoverCss = `
  background: ${t.colorSurfaceRaised};
  border: 1px solid ${t.colorBorder};
  box-shadow: ${t.shadowMd};
`;

/** Items side by side, centred on one line, wrapping when narrow (a toolbar, a row of actions or chips). */
export const rowCss = `
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${t.space2};
`;

/** The keyboard focus ring of a field or a small control; a ring drawn inside (tight rows, tabs) sets its own. */
export const focusRingCss = `
  outline: 2px solid ${t.colorFocus};
  outline-offset: 1px;
`;

/** The keyboard focus ring of a button, a link or a card: a little further out, clear of its fill. */
export const focusRingWideCss = `
  outline: 2px solid ${t.colorFocus};
  outline-offset: 2px;
`;

/** A list without bullets or indents: the component lays out its items itself. */
export const plainListCss = `
  list-style: none;
  margin: 0;
  padding: 0;
`;

/** Hidden on screen, read by screen readers (a status line, a label the design shows as an icon). */
export const visuallyHiddenCss = `
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  border: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

/** The resize grip's dots, [right, bottom] from the corner in px: rows of one, two and three along the diagonal. */
const RESIZE_GRIP_DOTS: ReadonlyArray<readonly [number, number]> = [
  [3, 3],
  [7, 3],
  [3, 7],
  [11, 3],
  [7, 7],
  [3, 11],
];

/**
 * A resizable text field's grip (`resize: vertical | both` on a textarea), drawn by console-ui rather than by the
 * browser's native theme, which ignores the dark theme and changes between browser builds: six 2 px dots in a
 * triangle in the bottom-right corner, in the muted text colour, each a square on whole pixels (no anti-aliasing).
 * Dragging the corner still resizes the field; browsers without `::-webkit-resizer` (Firefox) keep their own grip.
 */
export const resizeGripCss = `
  &::-webkit-resizer {
    background: ${RESIZE_GRIP_DOTS.map(
      ([right, bottom]) =>
        `linear-gradient(${t.colorTextMuted}, ${t.colorTextMuted}) right ${right}px bottom ${bottom}px / 2px 2px no-repeat`,
    ).join(', ')};
  }
`;
