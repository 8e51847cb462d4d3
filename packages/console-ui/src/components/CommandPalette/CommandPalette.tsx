import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { t } from '../../theme/tokens.js';
import { useThemeCheck } from '../../theme/ThemeProvider.js';
import { useMessages } from '../../theme/messages.js';
import { useControllableState } from '../../primitives/useControllableState.js';
import { backdropCss, plainListCss } from '../../primitives/css.js';
import { useStaticStyles } from '../../primitives/staticStyles.js';
import { COMMAND_PALETTE_MESSAGES, type CommandPaletteMessages } from './messages.js';

export { COMMAND_PALETTE_MESSAGES, type CommandPaletteMessages } from './messages.js';

/** One choice of the palette: a page (filtered here by its label) or a record (found by the host's search). */
export interface CommandPaletteItem {
  id: string;
  label: string;
  /** A second line: the menu group of a page, the entity of a record. */
  description?: string;
}

/** The record search's state, as the host's search reports it. */
export type CommandPaletteRecordsState = 'idle' | 'loading' | 'ready' | 'error';

export interface CommandPaletteProps {
  open: boolean;
  /** Escape, a click on the backdrop, or a choice: the host closes the palette. */
  onClose: () => void;
  /** Every page the user may open; the palette filters them by the query. */
  pages: readonly CommandPaletteItem[];
  /** The records the host found for the current query. */
  records?: readonly CommandPaletteItem[];
  recordsState?: CommandPaletteRecordsState;
  /** Shorter queries search pages only (the host does not search records). */
  recordsMinLength?: number;
  onSelect: (item: CommandPaletteItem, group: 'pages' | 'records') => void;
  /** Offered with the error: search again. */
  onRetry?: () => void;
  query?: string;
  defaultQuery?: string;
  onQueryChange?: (query: string) => void;
  messages?: Partial<CommandPaletteMessages>;
}

const words = (text: string) => text.toLocaleLowerCase('id-ID').split(/\s+/).filter(Boolean);

/** Pages whose label (or description) holds every word of the query, in their given order. */
export function filterPaletteItems(
  items: readonly CommandPaletteItem[],
  query: string,
): CommandPaletteItem[] {
  const wanted = words(query);
  if (wanted.length === 0) return [...items];
  return items.filter((item) => {
    const text = `${item.label} ${item.description ?? ''}`.toLocaleLowerCase('id-ID');
    return wanted.every((word) => text.includes(word));
  });
}

export interface UseCommandPaletteOptions {
  /** The options in the order shown. */
  options: readonly { key: string }[];
  onChoose: (index: number) => void;
  onClose: () => void;
}

/**
 * The palette's keyboard behaviour without its look: the active option (moved by ↑ ↓ Home End, wrapping),
 * Enter chooses it, Escape closes. Spread `onKeyDown` on the combobox and use `activeKey` for
 * `aria-activedescendant`.
 *
 * @example
 * ```tsx
 * const palette = useCommandPalette({ options, onChoose: (i) => go(options[i]), onClose });
 * <input role="combobox" onKeyDown={palette.onKeyDown} aria-activedescendant={idOf(palette.activeKey)} />
 * ```
 */
export function useCommandPalette({ options, onChoose, onClose }: UseCommandPaletteOptions) {
  const [active, setActive] = useState(0);
  const count = options.length;
  // The list changed under the cursor (typing, records arriving): keep it inside, else back to the top.
  const index = count === 0 ? -1 : Math.min(active, count - 1);
  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const move = (next: number) => {
        event.preventDefault();
        if (count > 0) setActive(((next % count) + count) % count);
      };
      switch (event.key) {
        case 'ArrowDown':
          return move(index + 1);
        case 'ArrowUp':
          return move(index - 1);
        case 'Home':
          return event.ctrlKey ? move(0) : undefined;
        case 'End':
          return event.ctrlKey ? move(count - 1) : undefined;
        case 'Enter':
          event.preventDefault();
          if (index >= 0) onChoose(index);
          return;
        case 'Escape':
          event.preventDefault();
          event.stopPropagation();
          onClose();
          return;
        default:
          return;
      }
    },
    [count, index, onChoose, onClose],
  );
  return {
    activeIndex: index,
    activeKey: index >= 0 ? options[index]!.key : undefined,
    setActiveIndex: setActive,
    onKeyDown,
  };
}

/**
 * A static sheet, not styled-components (ADR 048): the palette belongs to the signed-in shell and ships none of
 * it. One class per rule, as specific as the styled rules were (the panel's nested rules under its own class).
 */
const COMMAND_PALETTE_CSS = `.cui-command-palette-backdrop {${backdropCss}
  display: flex;
  justify-content: center;
  align-items: flex-start;
  padding: 12vh ${t.space4} ${t.space4};
}
.cui-command-palette {
  width: min(560px, 100%);
  max-height: 70vh;
  display: flex;
  flex-direction: column;
  background: ${t.colorSurfaceRaised};
  color: ${t.colorText};
  border-radius: ${t.radiusMd};
  box-shadow: ${t.shadowMd};
  font-family: ${t.fontFamily};
  overflow: hidden;
}
.cui-command-palette input {
  font: inherit;
  font-size: ${t.fontSizeLg};
  padding: ${t.space4};
  border: 0;
  border-bottom: 1px solid ${t.colorBorder};
  background: transparent;
  color: ${t.colorText};
}
.cui-command-palette input:focus {
  outline: 2px solid ${t.colorFocus};
  outline-offset: -2px;
}
.cui-command-palette ul {${plainListCss}}
.cui-command-palette > ul {
  overflow-y: auto;
  padding: ${t.space2} 0;
}
.cui-command-palette__group-heading {
  padding: ${t.space2} ${t.space4} ${t.space1};
  font-size: ${t.fontSizeSm};
  font-weight: 600;
  color: ${t.colorTextMuted};
}
.cui-command-palette-option {
  display: flex;
  justify-content: space-between;
  gap: ${t.space3};
  padding: ${t.space2} ${t.space4};
  cursor: pointer;
}
.cui-command-palette-option small {
  color: ${t.colorTextMuted};
  font-size: ${t.fontSizeSm};
}
.cui-command-palette-option[data-state='active'] {
  background: ${t.colorPrimarySoft};
  box-shadow: inset 3px 0 0 ${t.colorPrimary};
}
.cui-command-palette__status p {
  margin: 0;
  padding: ${t.space2} ${t.space4} ${t.space4};
  font-size: ${t.fontSizeSm};
  color: ${t.colorTextMuted};
}
.cui-command-palette__status p[data-state='error'] {
  color: ${t.colorDanger};
}
.cui-command-palette__status button {
  font: inherit;
  color: ${t.colorPrimary};
  background: transparent;
  border: 0;
  padding: 0;
  text-decoration: underline;
  cursor: pointer;
}`;

/**
 * Ctrl/⌘-K: a modal search over the pages the user may open and the records the host finds (WAI-ARIA combobox
 * with a grouped listbox). The host opens it, searches records for the query and navigates on `onSelect`;
 * focus returns to where it was when the palette closes.
 *
 * @example
 * ```tsx
 * <CommandPalette open={open} onClose={() => setOpen(false)} pages={pages} records={hits}
 *   recordsState={state} onQueryChange={search} onSelect={(item) => navigate(item.id)} />
 * ```
 */
export function CommandPalette({
  open,
  onClose,
  pages,
  records = [],
  recordsState = 'idle',
  recordsMinLength = 2,
  onSelect,
  onRetry,
  query: queryProp,
  defaultQuery = '',
  onQueryChange,
  messages: overrides,
}: CommandPaletteProps) {
  useStaticStyles('command-palette', COMMAND_PALETTE_CSS);
  useThemeCheck('CommandPalette');
  const messages = useMessages('commandPalette', COMMAND_PALETTE_MESSAGES, overrides);
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useControllableState(queryProp, defaultQuery, onQueryChange);

  const shownPages = useMemo(() => filterPaletteItems(pages, query), [pages, query]);
  const shownRecords = useMemo(() => (recordsState === 'ready' ? records : []), [recordsState, records]);
  const options = useMemo(
    () => [
      ...shownPages.map((item) => ({ key: `p-${item.id}`, item, group: 'pages' as const })),
      ...shownRecords.map((item) => ({ key: `r-${item.id}`, item, group: 'records' as const })),
    ],
    [shownPages, shownRecords],
  );
  const choose = useCallback(
    (index: number) => {
      const option = options[index];
      if (option) onSelect(option.item, option.group);
    },
    [options, onSelect],
  );
  const palette = useCommandPalette({ options, onChoose: choose, onClose });
  const optionId = (key: string) => `${id}-${key}`;

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    inputRef.current?.focus();
    return () => {
      if (previous && previous.isConnected) previous.focus();
    };
  }, [open]);

  // Scroll the active option into view as the arrows move it.
  useEffect(() => {
    if (!palette.activeKey) return;
    document.getElementById(optionId(palette.activeKey))?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId only depends on id
  }, [palette.activeKey]);

  if (!open) return null;

  const trimmed = query.trim();
  const searchesRecords = trimmed.length >= recordsMinLength;
  const nothing =
    shownPages.length === 0 && shownRecords.length === 0 && (!searchesRecords || recordsState === 'ready');

  const renderGroup = (group: 'pages' | 'records', heading: string, items: readonly CommandPaletteItem[]) => {
    if (items.length === 0) return null;
    const headingId = `${id}-${group}`;
    return (
      <li role="presentation">
        <div id={headingId} role="presentation" className="cui-command-palette__group-heading">
          {heading}
        </div>
        <ul role="group" aria-labelledby={headingId}>
          {items.map((item) => {
            const key = `${group === 'pages' ? 'p' : 'r'}-${item.id}`;
            const index = options.findIndex((option) => option.key === key);
            const selected = index === palette.activeIndex;
            return (
              // The keyboard reaches the options through the combobox (aria-activedescendant), not on each option.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={key}
                id={optionId(key)}
                role="option"
                aria-selected={selected}
                data-state={selected ? 'active' : 'inactive'}
                className="cui-command-palette-option"
                onMouseMove={() => palette.setActiveIndex(index)}
                // Keep focus in the field: a mouse-down on the option would otherwise blur it first.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(index)}
              >
                <span>{item.label}</span>
                {item.description ? <small>{item.description}</small> : null}
              </li>
            );
          })}
        </ul>
      </li>
    );
  };

  let status: ReactNode = null;
  if (searchesRecords && recordsState === 'loading') status = <p role="status">{messages.loading}</p>;
  else if (searchesRecords && recordsState === 'error')
    status = (
      <p role="alert" data-state="error">
        {messages.error}{' '}
        {onRetry ? (
          <button type="button" onClick={onRetry}>
            {messages.retry}
          </button>
        ) : null}
      </p>
    );
  else if (nothing) status = <p role="status">{messages.empty(trimmed)}</p>;
  else if (!searchesRecords)
    status = <p data-state="hint">{messages.typeMore(recordsMinLength.toLocaleString('id-ID'))}</p>;

  const listboxId = `${id}-listbox`;
  return (
    // A press on the backdrop closes, as Escape does in the field; the backdrop is no control of its own.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className="cui-command-palette-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div role="dialog" aria-modal="true" aria-label={messages.title} className="cui-command-palette">
        <input
          ref={inputRef}
          type="text"
          role="combobox"
          aria-label={messages.inputLabel}
          aria-expanded="true"
          aria-controls={listboxId}
          aria-autocomplete="list"
          aria-activedescendant={palette.activeKey ? optionId(palette.activeKey) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={messages.placeholder}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            palette.setActiveIndex(0);
          }}
          onKeyDown={palette.onKeyDown}
        />
        <ul id={listboxId} role="listbox" aria-label={messages.title}>
          {renderGroup('pages', messages.pagesGroup, shownPages)}
          {renderGroup('records', messages.recordsGroup, shownRecords)}
        </ul>
        <div aria-live="polite" className="cui-command-palette__status">
          {status}
        </div>
      </div>
    </div>
  );
}
