// The default texts, apart from the component: the console's language sets import them without the component's code.

/** Every visible string of KpiCard (key `kpiCard` in `ConsoleMessagesProvider`); its chip uses `deltaChip`. */
export interface KpiCardMessages {
  /** Receives the card's label. */
  loading: (label: string) => string;
  /** Receives the previous period's formatted figure. */
  previous: (value: string) => string;
}

export const KPI_CARD_MESSAGES: KpiCardMessages = {
  loading: (label) => `Loading ${label}…`,
  previous: (value) => `before: ${value}`,
};
