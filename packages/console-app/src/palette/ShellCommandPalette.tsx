import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  SEARCH_MIN_LENGTH,
  findRoute,
  menuDefinition,
  readableKeys,
  routeOpensFor,
  visibleMenu,
} from '@staff/console-contract';
import {
  CommandPalette,
  type CommandPaletteItem,
  type CommandPaletteRecordsState,
  type PermissionEntry,
} from '@staff/console-ui';
import { useServices } from '../services.js';

const MENU = menuDefinition();
/** Typing pauses this long before the record search is sent. */
const SEARCH_DELAY_MS = 200;

/**
 * The pages of the palette: the sidebar's items for these permissions (the contract's `visibleMenu`, as the shell
 * gives the Sidebar), less those the page guard would refuse (groups shown to everyone list pages a user may not
 * open).
 */
export function palettePages(permissions: readonly PermissionEntry[] | null): CommandPaletteItem[] {
  const readable = readableKeys(permissions);
  return visibleMenu(MENU, permissions).flatMap((group) =>
    group.items
      .filter((item) => {
        const route = findRoute(item.path);
        return route !== undefined && routeOpensFor(route, (key) => readable.has(key));
      })
      .map((item) => ({ id: item.path, label: item.label, description: group.label })),
  );
}

/** Ctrl-K / ⌘-K anywhere in the signed-in shell toggles the palette. */
export function useCommandPaletteShortcut(toggle: () => void) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      event.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);
}

interface RecordSearch {
  state: CommandPaletteRecordsState;
  records: CommandPaletteItem[];
}

/** The signed-in shell's command palette: pages from the permissions, records from `GET /api/search`. */
export function ShellCommandPalette({
  open,
  onClose,
  permissions,
}: {
  open: boolean;
  onClose: () => void;
  permissions: readonly PermissionEntry[] | null;
}) {
  const services = useServices();
  const navigate = useNavigate();
  const pages = useMemo(() => palettePages(permissions), [permissions]);
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState<RecordSearch>({ state: 'idle', records: [] });
  const [attempt, setAttempt] = useState(0);

  // A fresh palette each time it opens.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setQuery('');
      setSearch({ state: 'idle', records: [] });
    }
  }

  const q = query.trim();
  const searching = open && q.length >= SEARCH_MIN_LENGTH;
  // Loading from the keystroke on, not from when the delayed request leaves: no stale "nothing found".
  const [searchedFor, setSearchedFor] = useState('');
  if (searching && searchedFor !== `${attempt}:${q}`) {
    setSearchedFor(`${attempt}:${q}`);
    setSearch({ state: 'loading', records: [] });
  }

  useEffect(() => {
    if (!searching) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      services.searchRecords(q, controller.signal).then(
        (answer) =>
          setSearch({
            state: 'ready',
            records: answer.hits.map((hit) => ({
              id: hit.path,
              label: hit.title,
              description: hit.entity_label,
            })),
          }),
        () => {
          if (!controller.signal.aborted) setSearch({ state: 'error', records: [] });
        },
      );
    }, SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [searching, q, attempt, services]);

  const onSelect = useCallback(
    (item: CommandPaletteItem) => {
      onClose();
      navigate(item.id);
    },
    [navigate, onClose],
  );

  return (
    <CommandPalette
      open={open}
      onClose={onClose}
      pages={pages}
      records={search.records}
      recordsState={searching ? search.state : 'idle'}
      recordsMinLength={SEARCH_MIN_LENGTH}
      query={query}
      onQueryChange={setQuery}
      onSelect={onSelect}
      onRetry={() => setAttempt((n) => n + 1)}
    />
  );
}
