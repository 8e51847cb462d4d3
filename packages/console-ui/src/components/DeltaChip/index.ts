export { DeltaChip, DELTA_CHIP_MESSAGES, type DeltaChipMessages, type DeltaChipProps } from './DeltaChip.js';
export {
  formatDelta,
  formatMeasure,
  percentChange,
  type MeasureFormat,
  type MeasureTrend,
} from './formatMeasure.js';
