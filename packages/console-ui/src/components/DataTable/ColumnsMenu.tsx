import { useCallback, useId, useRef, useState } from 'react';
import { styled } from 'styled-components';
import { t } from '../../theme/tokens.js';
import { useDismissable } from '../../primitives/useDismissable.js';
import { popoverCss } from '../../primitives/css.js';
import type { DataTableMessages } from './model.js';

export interface ColumnsMenuProps {
  columns: Array<{ id: string; header: string }>;
  hidden: string[];
  messages: Pick<DataTableMessages, 'columns' | 'visibleColumns'>;
  onToggle: (column: string) => void;
}

/** The "Columns" button and its checkbox list (a dismissable layer). */
export function ColumnsMenu({ columns, hidden, messages, onToggle }: ColumnsMenuProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const dismiss = useCallback(() => setOpen(false), []);
  useDismissable({ open, containerRef: rootRef, returnFocusRef: buttonRef, onDismiss: dismiss });
  return (
    <MenuRoot ref={rootRef} className="cui-data-table-columns">
      <button
        ref={buttonRef}
        type="button"
        className="cui-button"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => setOpen(!open)}
      >
        {messages.columns}
      </button>
      {open ? (
        <fieldset id={`${id}-menu`} className="cui-data-table-columns-menu">
          <legend>{messages.visibleColumns}</legend>
          {columns.map((column) => (
            <label key={column.id}>
              <input
                type="checkbox"
                checked={!hidden.includes(column.id)}
                onChange={() => onToggle(column.id)}
              />
              {column.header}
            </label>
          ))}
        </fieldset>
      ) : null}
    </MenuRoot>
  );
}

const MenuRoot = styled.div`
  position: relative;
  .cui-data-table-columns-menu {
    position: absolute;
    inset-inline-end: 0;
    top: calc(100% + ${t.space1});
    z-index: 5;
    min-width: 12rem;
    margin: 0;
    padding: ${t.space2} ${t.space3};
    display: flex;
    flex-direction: column;
    gap: ${t.space1};
    ${popoverCss}
    border-radius: ${t.radiusSm};
  }
  legend {
    float: inline-start;
    width: 100%;
    padding: 0 0 ${t.space1};
    font-size: ${t.fontSizeSm};
    color: ${t.colorTextMuted};
  }
  label {
    display: flex;
    gap: ${t.space2};
    align-items: center;
    white-space: nowrap;
  }
`;
