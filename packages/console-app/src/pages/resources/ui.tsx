import { styled } from 'styled-components';
import { t } from '@staff/console-ui';
import { PageButton, toolbarCss } from '../common/styles.js';

/** The page's buttons; `data-kind="primary"` for the main action, `"danger"` for deletes. */
export const Button = PageButton;

export const Toolbar = styled.div`
  ${toolbarCss}
`;

export const Notice = styled.p`
  margin: 0;
  padding: ${t.space2} ${t.space3};
  border-radius: ${t.radiusSm};
  font-size: ${t.fontSizeSm};
  background: ${t.colorInfoSoft};
  color: ${t.colorText};
  &[data-tone='warning'] {
    background: ${t.colorWarningSoft};
  }
`;

/** A row's actions: small icon buttons on one line (their names are in aria-label and title). */
export const RowActions = styled.div`
  display: inline-flex;
  flex-wrap: nowrap;
  align-items: center;
  gap: ${t.space1};
`;

export const IconButton = styled.button`
  display: inline-grid;
  place-items: center;
  width: 1.75rem;
  height: 1.75rem;
  padding: 0;
  border-radius: ${t.radiusSm};
  border: 1px solid transparent;
  background: none;
  color: ${t.colorTextMuted};
  cursor: pointer;
  &:hover {
    background: ${t.colorBg};
    border-color: ${t.colorBorder};
    color: ${t.colorText};
  }
  &[data-kind='danger']:hover {
    color: ${t.colorDanger};
  }
  &:focus-visible {
    outline: 2px solid ${t.colorFocus};
    outline-offset: 1px;
  }
  svg {
    width: 1rem;
    height: 1rem;
  }
`;

/** A line icon in the text's colour, hidden from screen readers (its button is named by aria-label). */
function LineIcon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export const PencilIcon = () => (
  <LineIcon d="M11.2 2.2a1.5 1.5 0 0 1 2.1 0l.5.5a1.5 1.5 0 0 1 0 2.1L6 12.6 2.5 13.5l.9-3.5 7.8-7.8Z" />
);

export const TrashIcon = () => (
  <LineIcon d="M2.5 4h11M6 4V2.5h4V4M4 4l.7 9.5h6.6L12 4M6.8 6.5v4.5M9.2 6.5v4.5" />
);

/**
 * Where a list's table sits: its row actions column stays pinned at the row's end (in view when the table
 * scrolls sideways), on the row's own background.
 */
export const ListArea = styled.div`
  display: contents;
  td.cui-data-table-actions,
  th.cui-data-table-actions {
    position: sticky;
    right: 0;
    width: 1%;
    padding-inline: ${t.space2};
    background: ${t.colorSurface};
    box-shadow: -1px 0 0 ${t.colorBorder};
  }
  th.cui-data-table-actions {
    z-index: 2;
    background: ${t.colorSurfaceRaised};
  }
  tbody tr[data-index]:hover td.cui-data-table-actions {
    background: ${t.colorBg};
  }
  tbody tr[data-state='selected'] td.cui-data-table-actions {
    background: ${t.colorPrimarySoft};
  }
  /* Cards (phone): nothing to pin; several actions have a line of their own (DataTable) and wrap there. */
  .cui-data-table[data-layout='cards'] td.cui-data-table-actions,
  .cui-data-table[data-layout='cards'] tbody tr[data-index]:hover td.cui-data-table-actions {
    position: static;
    width: auto;
    padding: 0;
    box-shadow: none;
    background: transparent;
  }
  .cui-data-table[data-layout='cards'] td.cui-data-table-actions > div {
    flex-wrap: wrap;
  }
`;
