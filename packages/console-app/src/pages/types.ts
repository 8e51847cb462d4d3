import type { RouteDef } from '@staff/console-contract';
import type { Preloaded } from './preload.js';

/** What every page receives: its route entry and the data its route started loading ahead of it. */
export interface PageProps<T = unknown> {
  route: RouteDef;
  data?: Preloaded<T>;
}
