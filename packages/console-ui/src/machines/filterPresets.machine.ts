/**
 * Named presets of list filters and column visibility. Any list can have presets: built-in ones (handed in as
 * input) and the user's own (loaded and persisted through injected actors). The machine says whether the
 * current filters are exactly a preset or a modified copy of one.
 *
 * Filters are plain data, the list API's own (AND-ed conditions plus OR groups of alternatives), so the same
 * definition filters rows in the browser (`matchesFilter`, `matchesPreset`) and in SQL on the server.
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  type FilterSet,
  type FilterPreset,
  type FilterView,
  EMPTY_FILTER,
  presetView,
  readFilterPreset,
  viewEqualsPreset,
  userPresetId,
} from './filterPresets.model.js';

export * from './filterPresets.model.js';

// ---------------------------------------------------------------------------------------------------------
// Machine

export interface FilterPresetsInput {
  /** Which list these presets belong to; passed to the load/persist actors to scope storage. */
  listId: string;
  /**
   * Built-in presets, passed by the caller as data (console-ui defines none; the console passes its contract's
   * logistics views as presets).
   */
  presets?: readonly FilterPreset[];
  /** Preset applied when the list opens (e.g. chosen by route). */
  initialPresetId?: string;
}

export interface FilterPresetsContext {
  listId: string;
  builtInPresets: FilterPreset[];
  userPresets: FilterPreset[];
  activePresetId: string | null;
  view: FilterView;
  /** Why loading or saving user presets failed, if it did. */
  error: string | null;
}

export type FilterPresetsEvent =
  | { type: 'PRESET.SELECT'; id: string }
  | { type: 'PRESET.SAVE'; name: string }
  | { type: 'PRESET.DELETE'; id?: string }
  | { type: 'FILTER.SET'; filter: FilterSet }
  | { type: 'FILTER.RESET' }
  | { type: 'FILTER.CLEAR' }
  | { type: 'COLUMN.TOGGLE'; column: string }
  | { type: 'COLUMN.TOGGLE_RENDERING'; column: string }
  | { type: 'PERSIST.RETRY' };

export interface LoadUserPresetsInput {
  listId: string;
}

export interface PersistUserPresetsInput {
  listId: string;
  presets: FilterPreset[];
}

/** Loose shape check for presets in today's shape (`readFilterPreset` also reads a 2.x one). */
export function isFilterPreset(value: unknown): value is FilterPreset {
  return readFilterPreset(value) === value;
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) return String(error.message);
  return String(error);
}

/** Every preset the user can pick, built-in first. */
export function allPresets(
  context: Pick<FilterPresetsContext, 'builtInPresets' | 'userPresets'>,
): FilterPreset[] {
  return [...context.builtInPresets, ...context.userPresets];
}

function findPreset(context: FilterPresetsContext, id: string | null | undefined): FilterPreset | undefined {
  return id ? allPresets(context).find((preset) => preset.id === id) : undefined;
}

function toggle(list: string[], item: string): string[] {
  return list.includes(item) ? list.filter((entry) => entry !== item) : [...list, item];
}

/**
 * Named filter presets for a list.
 *
 * States: `loading` (user presets) → `ready`, a parallel state with
 * - `selection`: `preset` (the view is exactly the active preset), `modified` (a preset is active but the
 *   view was changed), `custom` (no preset active);
 * - `persistence`: `idle`, `saving` (the `persistUserPresets` actor runs after every save or delete),
 *   `failed` (`PERSIST.RETRY` tries again).
 *
 * Actors to provide: `loadUserPresets` (input `{ listId }`, resolves `FilterPreset[]`) and
 * `persistUserPresets` (input `{ listId, presets }`). The defaults keep user presets in memory only.
 *
 * @example
 * ```tsx
 * const machine = filterPresetsMachine.provide({
 *   actors: {
 *     loadUserPresets: fromPromise(async ({ input }) => JSON.parse(localStorage.getItem(input.listId) ?? '[]')),
 *     persistUserPresets: fromPromise(async ({ input }) => localStorage.setItem(input.listId, JSON.stringify(input.presets))),
 *   },
 * });
 * const actor = createActor(machine, { input: { listId: 'logistics', presets: myPresets, initialPresetId: 'packaging' } });
 * ```
 */
export const filterPresetsMachine = setup({
  types: {
    context: {} as FilterPresetsContext,
    events: {} as FilterPresetsEvent,
    input: {} as FilterPresetsInput,
    tags: {} as 'loading' | 'saving' | 'modified',
  },
  actors: {
    loadUserPresets: fromPromise<FilterPreset[], LoadUserPresetsInput>(async () => []),
    persistUserPresets: fromPromise<void, PersistUserPresetsInput>(async () => undefined),
  },
  guards: {
    presetExists: ({ context }, params: { id: string }) => findPreset(context, params.id) !== undefined,
    hasActivePreset: ({ context }) => findPreset(context, context.activePresetId) !== undefined,
    viewMatchesActivePreset: ({ context }) => {
      const preset = findPreset(context, context.activePresetId);
      return preset !== undefined && viewEqualsPreset(context.view, preset);
    },
    canSaveAs: ({ context }, params: { name: string }) => {
      const name = params.name.trim();
      return (
        name !== '' &&
        !context.builtInPresets.some((preset) => preset.name.toLowerCase() === name.toLowerCase())
      );
    },
    canDelete: ({ context }, params: { id: string | null | undefined }) => {
      const preset = findPreset(context, params.id);
      return preset !== undefined && !preset.builtIn && context.userPresets.includes(preset);
    },
  },
  actions: {
    applyInitialPreset: assign(({ context }) => {
      const preset = findPreset(context, context.activePresetId);
      return preset ? { view: presetView(preset) } : { activePresetId: null };
    }),
    storeUserPresets: assign({
      userPresets: ({ context }, params: { presets: unknown }) =>
        (Array.isArray(params.presets) ? params.presets : [])
          .map(readFilterPreset)
          .filter((preset): preset is FilterPreset => preset !== null)
          .filter((preset) => !context.builtInPresets.some((builtIn) => builtIn.id === preset.id))
          .map((preset) => ({ ...preset, builtIn: false })),
    }),
    recordError: assign({ error: (_, params: { error: unknown }) => errorText(params.error) }),
    clearError: assign({ error: null }),
    applyPreset: assign(({ context }, params: { id: string }) => {
      const preset = findPreset(context, params.id);
      return preset ? { activePresetId: preset.id, view: presetView(preset) } : {};
    }),
    resetToActivePreset: assign(({ context }) => {
      const preset = findPreset(context, context.activePresetId);
      return preset ? { view: presetView(preset) } : {};
    }),
    setFilter: assign({
      view: ({ context }, params: { filter: FilterSet }) => ({ ...context.view, filter: params.filter }),
    }),
    clearView: assign({
      activePresetId: null,
      view: { filter: EMPTY_FILTER, hiddenColumns: [], hiddenRendering: [] },
    }),
    toggleColumn: assign({
      view: ({ context }, params: { column: string }) => ({
        ...context.view,
        hiddenColumns: toggle(context.view.hiddenColumns, params.column),
      }),
    }),
    toggleRendering: assign({
      view: ({ context }, params: { column: string }) => ({
        ...context.view,
        hiddenRendering: toggle(context.view.hiddenRendering, params.column),
      }),
    }),
    saveUserPreset: assign(({ context }, params: { name: string }) => {
      const name = params.name.trim();
      const preset: FilterPreset = {
        id: userPresetId(name),
        name,
        filter: context.view.filter,
        hiddenColumns: [...context.view.hiddenColumns],
        hiddenRendering: [...context.view.hiddenRendering],
        builtIn: false,
      };
      const exists = context.userPresets.some((entry) => entry.id === preset.id);
      return {
        activePresetId: preset.id,
        userPresets: exists
          ? context.userPresets.map((entry) => (entry.id === preset.id ? preset : entry))
          : [...context.userPresets, preset],
      };
    }),
    deleteUserPreset: assign(({ context }, params: { id: string | null | undefined }) => ({
      userPresets: context.userPresets.filter((preset) => preset.id !== params.id),
      activePresetId: context.activePresetId === params.id ? null : context.activePresetId,
    })),
  },
}).createMachine({
  id: 'filterPresets',
  context: ({ input }) => ({
    listId: input.listId,
    builtInPresets: (input.presets ?? []).map((preset) => ({ ...preset, builtIn: true })),
    userPresets: [],
    activePresetId: input.initialPresetId ?? null,
    view: { filter: EMPTY_FILTER, hiddenColumns: [], hiddenRendering: [] },
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'loadUserPresets',
        input: ({ context }) => ({ listId: context.listId }),
        onDone: {
          target: 'ready',
          actions: [
            { type: 'storeUserPresets', params: ({ event }) => ({ presets: event.output }) },
            'applyInitialPreset',
          ],
        },
        onError: {
          target: 'ready',
          actions: [
            { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
            'applyInitialPreset',
          ],
        },
      },
    },
    ready: {
      type: 'parallel',
      states: {
        selection: {
          initial: 'settling',
          on: {
            'PRESET.SELECT': {
              guard: { type: 'presetExists', params: ({ event }) => ({ id: event.id }) },
              target: '.settling',
              actions: { type: 'applyPreset', params: ({ event }) => ({ id: event.id }) },
            },
            'PRESET.SAVE': {
              guard: { type: 'canSaveAs', params: ({ event }) => ({ name: event.name }) },
              target: '.settling',
              actions: { type: 'saveUserPreset', params: ({ event }) => ({ name: event.name }) },
            },
            'PRESET.DELETE': {
              guard: {
                type: 'canDelete',
                params: ({ context, event }) => ({ id: event.id ?? context.activePresetId }),
              },
              target: '.settling',
              actions: {
                type: 'deleteUserPreset',
                params: ({ context, event }) => ({ id: event.id ?? context.activePresetId }),
              },
            },
            'FILTER.SET': {
              target: '.settling',
              actions: { type: 'setFilter', params: ({ event }) => ({ filter: event.filter }) },
            },
            'FILTER.RESET': { guard: 'hasActivePreset', target: '.settling', actions: 'resetToActivePreset' },
            'FILTER.CLEAR': { target: '.settling', actions: 'clearView' },
            'COLUMN.TOGGLE': {
              target: '.settling',
              actions: { type: 'toggleColumn', params: ({ event }) => ({ column: event.column }) },
            },
            'COLUMN.TOGGLE_RENDERING': {
              target: '.settling',
              actions: { type: 'toggleRendering', params: ({ event }) => ({ column: event.column }) },
            },
          },
          states: {
            // Transient: decides from the new context which of the three the view now is.
            settling: {
              always: [
                { guard: 'viewMatchesActivePreset', target: 'preset' },
                { guard: 'hasActivePreset', target: 'modified' },
                { target: 'custom' },
              ],
            },
            preset: {},
            modified: { tags: 'modified' },
            custom: {},
          },
        },
        persistence: {
          initial: 'idle',
          // Guards of both regions see the context from before the event, so they repeat the selection checks.
          // No `reenter` here: a re-entering transition from the region would conflict with the selection
          // region's transition and be dropped. `saving` restarts itself instead.
          on: {
            'PRESET.SAVE': {
              guard: { type: 'canSaveAs', params: ({ event }) => ({ name: event.name }) },
              target: '.saving',
            },
            'PRESET.DELETE': {
              guard: {
                type: 'canDelete',
                params: ({ context, event }) => ({ id: event.id ?? context.activePresetId }),
              },
              target: '.saving',
            },
          },
          states: {
            idle: {},
            saving: {
              tags: 'saving',
              entry: 'clearError',
              on: {
                // A newer list replaces the one being written: restart with it.
                'PRESET.SAVE': {
                  guard: { type: 'canSaveAs', params: ({ event }) => ({ name: event.name }) },
                  target: 'saving',
                  reenter: true,
                },
                'PRESET.DELETE': {
                  guard: {
                    type: 'canDelete',
                    params: ({ context, event }) => ({ id: event.id ?? context.activePresetId }),
                  },
                  target: 'saving',
                  reenter: true,
                },
              },
              invoke: {
                src: 'persistUserPresets',
                input: ({ context }) => ({ listId: context.listId, presets: context.userPresets }),
                onDone: { target: 'idle' },
                onError: {
                  target: 'failed',
                  actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            failed: {
              on: { 'PERSIST.RETRY': { target: 'saving' } },
            },
          },
        },
      },
    },
  },
});
