export {
  DateRangePicker,
  dateRangeFromPreset,
  type DateRangePickerProps,
  type DateRangePickerValue,
} from './DateRangePicker.js';
export {
  DATE_RANGE_PRESETS,
  addDays,
  daysInRange,
  formatDayRange,
  isIsoDay,
  jakartaDay,
  presetRange,
  previousRange,
  type DateRangePreset,
  type DayRange,
} from './jakartaDates.js';
