import { useEffect, useId, useRef, useState, type InputHTMLAttributes } from 'react';
import type { ResourceFieldOption } from '../../resource.js';
import { useResourceFormMessages, type ResourceFormMessages } from './messages.js';

/** Options of another entity matching a search text (empty query: the first page). */
export type LoadOptions = (entity: string, query: string) => Promise<ResourceFieldOption[]>;

export interface RelationSelectProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type' | 'role'
> {
  entity: string;
  /** Id of the chosen row, or null. */
  value: string | null;
  /** Label of the chosen row, when known up front. */
  valueLabel?: string;
  onValueChange: (id: string | null, label: string | null) => void;
  loadOptions?: LoadOptions;
  /** Wait after typing before searching, ms. */
  debounceMs?: number;
  clearable?: boolean;
  /** Accessible name of the field, for the Clear button. */
  label: string;
  /** Replaces `clearField`, `searchField`, `searching`, `loadFailed`, `noMatches`; see `RESOURCE_FORM_MESSAGES`. */
  messages?: Partial<ResourceFormMessages>;
}

type Status = 'idle' | 'loading' | 'ready' | 'error';

/**
 * A searchable select for a relation (ARIA combobox with a listbox): typing searches through `loadOptions`,
 * arrows move, Enter picks, Escape closes.
 */
export function RelationSelect({
  entity,
  value,
  valueLabel,
  onValueChange,
  loadOptions,
  debounceMs = 250,
  clearable = true,
  label,
  id,
  disabled,
  messages,
  placeholder,
  ...rest
}: RelationSelectProps) {
  const m = useResourceFormMessages(messages);
  const listId = `${useId()}-listbox`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [options, setOptions] = useState<ResourceFieldOption[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const [active, setActive] = useState(0);
  const [chosenLabel, setChosenLabel] = useState<string | null>(valueLabel ?? null);
  const request = useRef(0);

  const search = query ?? '';
  useEffect(() => {
    if (!open || !loadOptions) return;
    const ticket = ++request.current;
    const timer = setTimeout(
      () => {
        setStatus('loading');
        loadOptions(entity, search).then(
          (found) => {
            if (ticket !== request.current) return;
            setOptions(found);
            setActive(0);
            setStatus('ready');
          },
          () => {
            if (ticket === request.current) setStatus('error');
          },
        );
      },
      search === '' ? 0 : debounceMs,
    );
    return () => clearTimeout(timer);
  }, [open, search, entity, loadOptions, debounceMs]);

  const shownLabel = value === null ? '' : (chosenLabel ?? valueLabel ?? value);
  const pick = (option: ResourceFieldOption) => {
    setChosenLabel(option.label);
    setQuery(null);
    setOpen(false);
    onValueChange(option.value, option.label);
  };
  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const activeOption = open && status === 'ready' ? options[active] : undefined;

  return (
    <span className="cui-relation-select" data-state={open ? 'open' : 'closed'}>
      {/* Drawn as a picker (a chevron in the box, a hint to search) rather than a plain text box. */}
      <span className="cui-relation-select-field">
        <input
          {...rest}
          // ResourceForm passes every field's placeholder, often undefined: that must not hide the search hint.
          placeholder={placeholder ?? m.searchField(label)}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          disabled={disabled}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeOption ? `${listId}-${active}` : undefined}
          value={query ?? shownLabel}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={(event) => {
            if (
              !event.relatedTarget ||
              !(event.relatedTarget as HTMLElement).closest(`#${CSS.escape(listId)}`)
            )
              close();
          }}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
          }}
          onKeyDown={(event) => {
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              if (!open) setOpen(true);
              else setActive((index) => Math.min(index + 1, Math.max(options.length - 1, 0)));
            } else if (event.key === 'ArrowUp') {
              event.preventDefault();
              setActive((index) => Math.max(index - 1, 0));
            } else if (event.key === 'Enter' && open) {
              event.preventDefault();
              if (activeOption) pick(activeOption);
            } else if (event.key === 'Escape' && open) {
              event.preventDefault();
              event.stopPropagation();
              close();
            }
          }}
        />
        <span className="cui-relation-select-chevron" aria-hidden="true" />
      </span>
      {clearable && value !== null && !disabled ? (
        <button
          type="button"
          className="cui-button"
          aria-label={m.clearField(label)}
          onClick={() => {
            setChosenLabel(null);
            onValueChange(null, null);
          }}
        >
          ×
        </button>
      ) : null}
      <ul id={listId} role="listbox" aria-label={label} className="cui-relation-select-list" hidden={!open}>
        {open && status === 'loading' ? (
          <li role="option" aria-selected={false} aria-disabled="true" className="cui-relation-select-note">
            {m.searching}
          </li>
        ) : null}
        {open && status === 'error' ? (
          <li role="option" aria-selected={false} aria-disabled="true" className="cui-relation-select-note">
            {m.loadFailed}
          </li>
        ) : null}
        {open && status === 'ready' && options.length === 0 ? (
          <li role="option" aria-selected={false} aria-disabled="true" className="cui-relation-select-note">
            {m.noMatches}
          </li>
        ) : null}
        {open && status === 'ready'
          ? options.map((option, index) => (
              // Keyboard selection happens on the combobox (aria-activedescendant); the click is for pointers.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={option.value}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={option.value === value}
                data-active={index === active ? '' : undefined}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(option)}
              >
                {option.label}
              </li>
            ))
          : null}
      </ul>
    </span>
  );
}
