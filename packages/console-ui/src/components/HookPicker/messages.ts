// The default texts, apart from the component: the console's language sets import them without the component's code.
/** The visible strings of HookPicker (key `hookPicker` in `ConsoleMessagesProvider`). */
export interface HookPickerMessages {
  /** Nothing generated yet. */
  empty: string;
  /** While the hooks arrive: how many of how many. */
  streaming: (received: number, expected: number) => string;
  /** All arrived: how many, how many picked. */
  done: (count: number, picked: number) => string;
  /** The checkbox of hook `n` (1-based). */
  pick: (n: number) => string;
  /** The text box of hook `n` (1-based). */
  edit: (n: number) => string;
  /** Before the formula's name. */
  formula: string;
}

export const HOOK_PICKER_MESSAGES: HookPickerMessages = {
  empty: 'No hooks yet. Fill in the brief and press Generate.',
  streaming: (received, expected) => `Writing hooks… ${received} of ${expected}`,
  done: (count, picked) => `${count} ${count === 1 ? 'hook' : 'hooks'}, ${picked} picked`,
  pick: (n) => `Pick hook ${n}`,
  edit: (n) => `Hook ${n}`,
  formula: 'Formula',
};
