import { css, styled } from 'styled-components';
import { buttonCss, t, visuallyHiddenCss } from '@staff/console-ui';

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

/** A `<section>` card; `styled(Panel)` adds a page's own rules. */
export const Panel = styled.section`
  ${panelCss}
`;

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

export const Table = styled.table`
  ${tableCss}
`;

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

/** A `<dl>` of facts: each muted term beside its value. */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: ${t.space1} ${t.space4};
  margin: 0;
  dt {
    color: ${t.colorTextMuted};
  }
  dd {
    margin: 0;
  }
`;

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
export const PageButton = styled.button`
  ${buttonCss}
  white-space: nowrap;
`;

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
