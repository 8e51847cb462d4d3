export {
  DATE_RANGE_PICKER_MESSAGES,
  DateRangePicker,
  dateRangeFromPreset,
  type DateRangePickerMessages,
  type DateRangePickerProps,
  type DateRangePickerValue,
} from './DateRangePicker.js';
export {
  DATE_RANGE_PRESETS,
  addDays,
  daysInRange,
  formatDay,
  formatDayRange,
  isIsoDay,
  jakartaDay,
  presetRange,
  previousRange,
  type DateRangePreset,
  type DayRange,
} from './jakartaDates.js';
