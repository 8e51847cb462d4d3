import type { ActorRefFrom } from 'xstate';
import type { filterPresetsMachine } from '../../machines/filterPresets.machine.js';

/** A named view stored by the server (filters, sort and columns), possibly shared with everyone who can read. */
export interface SavedView {
  id: string;
  name: string;
  shared: boolean;
  /** Whether the current user owns it (only owners may share or delete). Default true. */
  mine?: boolean;
  /** Owner's name, shown for views shared by others. */
  owner?: string;
}

export type FilterPresetsActor = ActorRefFrom<typeof filterPresetsMachine>;
