// DataTable's styled elements: the frame, toolbar, bulk bar, scrolling table and the boolean badge.
import { styled } from 'styled-components';
import { t } from '../../theme/tokens.js';
import { buttonCss } from '../../primitives/Button.js';
import { visuallyHiddenCss } from '../../primitives/css.js';

export const Root = styled.div`
  display: flex;
  flex-direction: column;
  /* Inside a grid or flex parent the table scrolls instead of widening the page. */
  min-width: 0;
  max-width: 100%;
  gap: ${t.space2};
  font-family: ${t.fontFamily};
  font-size: ${t.fontSizeMd};
  color: ${t.colorText};
  .cui-button {
    ${buttonCss}
  }
  .cui-visually-hidden {
    ${visuallyHiddenCss}
  }
`;

export const Toolbar = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${t.space2};
  .cui-data-table-toolbar-slot {
    flex: 1;
    min-width: 0;
  }
`;

export const BulkBar = styled.div`
  display: flex;
  align-items: center;
  gap: ${t.space3};
  padding: ${t.space2} ${t.space3};
  background: ${t.colorPrimarySoft};
  border-radius: ${t.radiusSm};
`;

export const Scroll = styled.div`
  /* The containing block of the visually hidden texts in cells: without it they sit outside the scroll area
     and widen the page (a 375 px page grew to 1 000 px as soon as a table had row actions). */
  position: relative;
  overflow: auto;
  min-width: 0;
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusMd};
  background: ${t.colorSurface};
  scroll-padding-top: var(--cui-dt-row-height);
  table {
    width: 100%;
    border-collapse: separate;
    border-spacing: 0;
  }
  /* Windowed rows change while scrolling: fixed layout keeps the columns from jumping to fit each window. */
  [data-layout='fixed'] & table {
    table-layout: fixed;
  }
  th,
  td {
    padding: 0 ${t.space3};
    height: var(--cui-dt-row-height);
    border-bottom: 1px solid ${t.colorBorder};
    text-align: start;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    max-width: 24rem;
  }
  th {
    position: sticky;
    top: 0;
    z-index: 1;
    background: ${t.colorSurfaceRaised};
    font-size: ${t.fontSizeSm};
    font-weight: 600;
    color: ${t.colorTextMuted};
  }
  [data-align='end'] {
    text-align: end;
    font-variant-numeric: tabular-nums;
  }
  [data-align='center'] {
    text-align: center;
  }
  .cui-data-table-select {
    width: 2.5rem;
  }
  .cui-data-table-actions {
    text-align: end;
  }
  .cui-data-table-sort {
    font: inherit;
    color: inherit;
    background: none;
    border: 0;
    padding: 0;
    display: inline-flex;
    gap: ${t.space1};
    cursor: pointer;
  }
  .cui-data-table-sort:focus-visible {
    outline: 2px solid ${t.colorFocus};
  }
  tbody tr[data-index]:hover {
    background: ${t.colorBg};
  }
  tbody tr[data-openable] {
    cursor: pointer;
  }
  tbody tr[data-state='selected'] {
    background: ${t.colorPrimarySoft};
  }
  tbody tr:focus-visible {
    outline: 2px solid ${t.colorFocus};
    outline-offset: -2px;
  }
  .cui-data-table-spacer td {
    padding: 0;
    border: 0;
    height: auto;
  }
  .cui-data-table-message {
    text-align: center;
    padding: ${t.space6};
    height: auto;
    white-space: normal;
  }
  .cui-data-table-message[data-tone='error'] [role='alert'] {
    color: ${t.colorDanger};
    margin-bottom: ${t.space3};
  }
  /*
   * Cards (narrow widths): one card per row, its first column as the title beside the selection box and the
   * row's actions, then the next key columns as "label value" lines; the record itself holds the rest.
   */
  [data-layout='cards'] & {
    border: 0;
    background: transparent;
    overflow: visible;
  }
  [data-layout='cards'] & thead {
    ${visuallyHiddenCss}
  }
  [data-layout='cards'] & table,
  [data-layout='cards'] & tbody {
    display: block;
  }
  [data-layout='cards'] & tbody tr[data-index] {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr) auto;
    align-items: center;
    gap: ${t.space1} ${t.space2};
    padding: ${t.space2} ${t.space3};
    margin-bottom: ${t.space2};
    border: 1px solid ${t.colorBorder};
    border-radius: ${t.radiusMd};
    background: ${t.colorSurface};
  }
  [data-layout='cards'] & tbody tr[data-index] > td {
    height: auto;
    padding: 0;
    border: 0;
    max-width: none;
    grid-column: 1 / -1;
    display: flex;
    gap: ${t.space2};
    justify-content: space-between;
    text-align: end;
    /* A value line wraps rather than clipping its value (a long status badge on a phone). */
    white-space: normal;
    overflow: visible;
    overflow-wrap: anywhere;
  }
  [data-layout='cards'] & tbody tr[data-index] > td[data-label]::before {
    content: attr(data-label);
    color: ${t.colorTextMuted};
    font-size: ${t.fontSizeSm};
    text-align: start;
    flex: none;
  }
  [data-layout='cards'] & tbody tr[data-index] > td:empty {
    display: none;
  }
  [data-layout='cards'] & tbody tr[data-index] > td.cui-data-table-select {
    grid-column: 1;
    grid-row: 1;
    width: auto;
  }
  [data-layout='cards'] & tbody tr[data-index] > td.cui-data-table-select + td,
  [data-layout='cards'] & tbody tr[data-index] > td:first-child:not(.cui-data-table-select) {
    grid-column: 2;
    grid-row: 1;
    font-weight: 600;
    text-align: start;
    display: block;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    min-width: 6rem;
  }
  [data-layout='cards'] & tbody tr[data-index] > td.cui-data-table-select + td::before,
  [data-layout='cards'] & tbody tr[data-index] > td:first-child:not(.cui-data-table-select)::before {
    content: none;
  }
  /* The key columns: the title and the next four. */
  [data-layout='cards']
    &
    tbody
    tr[data-index]
    > td:not(.cui-data-table-select):not(.cui-data-table-actions):nth-child(n + 7) {
    display: none;
  }
  [data-layout='cards'] & tbody tr[data-index] > td.cui-data-table-actions {
    grid-column: 3;
    grid-row: 1;
    justify-content: flex-end;
  }
  /* Two or more actions (sibling buttons, directly or in the app's wrapper) get a line of their own under the
     title, wrapping: they never push the title (an order number) out of the card. */
  [data-layout='cards'] & tbody tr[data-index] > td.cui-data-table-actions:has(button ~ button) {
    grid-column: 1 / -1;
    grid-row: 2;
    justify-content: flex-start;
    flex-wrap: wrap;
  }
  [data-layout='cards'] & tbody tr:not([data-index]) {
    display: block;
  }
  [data-layout='cards'] & tbody tr:not([data-index]) > td {
    display: block;
    height: auto;
    padding: ${t.space3};
  }
  .cui-skeleton {
    display: block;
    height: 0.75rem;
    border-radius: ${t.radiusSm};
    background: ${t.colorBorder};
    animation: cui-pulse 1.2s ease-in-out infinite;
  }
  @keyframes cui-pulse {
    50% {
      opacity: 0.45;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .cui-skeleton {
      animation: none;
    }
  }
`;

export const Badge = styled.span`
  display: inline-block;
  padding: 0 ${t.space2};
  border-radius: 999px;
  font-size: ${t.fontSizeSm};
  line-height: 1.5;
  background: ${t.colorBg};
  color: ${t.colorTextMuted};
  &[data-tone='success'] {
    background: ${t.colorSuccessSoft};
    color: ${t.colorSuccess};
  }
`;
