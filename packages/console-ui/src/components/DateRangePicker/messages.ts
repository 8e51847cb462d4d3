// The default texts, apart from the component: the console's language sets import them without the component's code.
import { DATE_RANGE_PRESETS, type DateRangePreset } from './jakartaDates.js';

/** Every visible string of DateRangePicker (key `dateRangePicker` in `ConsoleMessagesProvider`). */
export interface DateRangePickerMessages {
  label: string;
  presetSelect: (label: string) => string;
  presets: Record<DateRangePreset, string>;
  from: string;
  to: string;
  bothDays: string;
  firstAfterLast: string;
  lastAfterMax: (day: string) => string;
}

export const DATE_RANGE_PICKER_MESSAGES: DateRangePickerMessages = {
  label: 'Periode',
  presetSelect: (label) => `${label}: preset`,
  presets: Object.fromEntries(DATE_RANGE_PRESETS.map((preset) => [preset.id, preset.label])) as Record<
    DateRangePreset,
    string
  >,
  from: 'Dari',
  to: 'Sampai',
  bothDays: 'Enter both days.',
  firstAfterLast: 'The first day must not be after the last day.',
  lastAfterMax: (day) => `The last day must not be after ${day}.`,
};
