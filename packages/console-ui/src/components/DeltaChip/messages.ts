// The default texts, apart from the component: the console's language sets import them without the component's code.

/** The screen-reader text of DeltaChip (key `deltaChip` in `ConsoleMessagesProvider`). */
export interface DeltaChipMessages {
  previousPeriod: string;
  /** Receive the formatted change ("+12,50%") and what it is compared to. */
  up: (change: string, comparedTo: string) => string;
  down: (change: string, comparedTo: string) => string;
  flat: (change: string, comparedTo: string) => string;
  none: (comparedTo: string) => string;
}

export const DELTA_CHIP_MESSAGES: DeltaChipMessages = {
  previousPeriod: 'previous period',
  up: (change, comparedTo) => `up ${change} from the ${comparedTo}`,
  down: (change, comparedTo) => `down ${change} from the ${comparedTo}`,
  flat: (change, comparedTo) => `unchanged ${change} from the ${comparedTo}`,
  none: (comparedTo) => `no comparison with the ${comparedTo}`,
};
