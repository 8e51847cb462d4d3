import { createElement, forwardRef, type ComponentPropsWithoutRef } from 'react';
import { t, visuallyHiddenCss } from '@staff/console-ui';
import { withClass } from '../PageLayout.js';
import './page.css';

// The pages' shared CSS blocks, as plain strings a page's styled component interpolates (`${panelCss}`), and the
// shared elements (Panel, Table, Facts, PageButton) on the static sheet page.css (issue 33: the landing renders
// them without styled-components). Keep a block and its class in page.css alike.
const css = String.raw;

/** A raised surface: background, border, rounded corners, padding. */
export const surfaceCss = css`
  background: ${t.colorSurface};
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusMd};
  padding: ${t.space4};
`;

/** Children stacked with a gap, an `h2` heading them. */
export const stackCss = css`
  display: flex;
  flex-direction: column;
  gap: ${t.space3};
  h2 {
    margin: 0;
    font-size: ${t.fontSizeLg};
  }
`;

/** A card on a page: a surface with its children stacked; pages extend it. */
export const panelCss = css`
  ${surfaceCss}
  ${stackCss}
`;

/** A `<section>` card (`.app-panel`: panelCss); `styled(Panel)` adds a page's own rules. */
export const Panel = ({ className, ...rest }: ComponentPropsWithoutRef<'section'>) =>
  createElement('section', { className: withClass('app-panel', className), ...rest });

/** Rows of data: full width, ruled, numbers (`.num`) right-aligned. Used on a `table` or nested as `table { … }`. */
export const tableCss = css`
  width: 100%;
  border-collapse: collapse;
  font-size: ${t.fontSizeSm};
  th,
  td {
    text-align: left;
    padding: ${t.space1} ${t.space2};
    border-bottom: 1px solid ${t.colorBorder};
  }
  .num {
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;

/** A `<table>` in tableCss's look (`.app-table`). */
export const Table = ({ className, ...rest }: ComponentPropsWithoutRef<'table'>) =>
  createElement('table', { className: withClass('app-table', className), ...rest });

/** The look of a text input, select or textarea; the caller names the selector (and may set a background). */
export const controlCss = css`
  font: inherit;
  padding: ${t.space1} ${t.space2};
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusSm};
  background: ${t.colorBg};
  color: ${t.colorText};
`;

/** A control on the page's background, not in a panel: the surface keeps it a field. */
export const pageControlCss = css`
  ${controlCss}
  background: ${t.colorSurface};
`;

/** A panel's `header`: its `h2` title at one end, its actions at the other, wrapping when narrow. */
export const headerRowCss = css`
  header {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    align-items: center;
    gap: ${t.space3};
  }
  h2 {
    margin: 0;
    font-size: ${t.fontSizeLg};
  }
`;

/** A `<dl>` of facts: each muted term beside its value (`.app-facts`). */
export const Facts = ({ className, ...rest }: ComponentPropsWithoutRef<'dl'>) =>
  createElement('dl', { className: withClass('app-facts', className), ...rest });

/** Hidden from sight, read by screen readers. */
export const srOnlyCss = css`
  ${visuallyHiddenCss}
`;

/**
 * A form laid out as `.fields` (a grid) of `.field` rows (label above control), `.wide` for a full row, `.sr` for
 * screen-reader text.
 */
export const fieldsCss = css`
  .fields {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(12rem, 1fr));
    gap: ${t.space3};
  }
  .field {
    display: flex;
    flex-direction: column;
    gap: ${t.space1};
  }
  .wide {
    grid-column: 1 / -1;
  }
  label {
    font-size: ${t.fontSizeSm};
    color: ${t.colorTextMuted};
  }
  .sr {
    ${srOnlyCss}
  }
`;

/**
 * A page's plain `<button>` in the console-ui Button look, kept on one line; `data-kind="primary"` for the main
 * action, `"danger"` for deletes. (The element's own `type` applies: a button in a form submits unless told.)
 */
export const PageButton = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'>>(
  function PageButton({ className, ...rest }, ref) {
    return createElement('button', { ref, className: withClass('app-page-button', className), ...rest });
  },
);

/** A row of controls, centred on one line, wrapping when narrow (a page sets its own gap where it needs more). */
export const toolbarCss = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${t.space2};
`;

/** A toolbar of controls that wraps and lines them up on their bottom edge (labels above inputs stay level). */
export const controlRowCss = css`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  label {
    gap: ${t.space1};
  }
`;
