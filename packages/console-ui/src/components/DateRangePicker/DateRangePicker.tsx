import { useId, useState } from 'react';
import { styled } from 'styled-components';
import { t } from '../../theme/tokens.js';
import { useMessages } from '../../theme/messages.js';
import { useControllableState } from '../../primitives/useControllableState.js';
import {
  DATE_RANGE_PRESETS,
  formatDayRange,
  isIsoDay,
  presetRange,
  type DateRangePreset,
  type DayRange,
} from './jakartaDates.js';
import { controlBoxCss, focusRingCss } from '../../primitives/css.js';
import { DATE_RANGE_PICKER_MESSAGES, type DateRangePickerMessages } from './messages.js';
export { DATE_RANGE_PICKER_MESSAGES, type DateRangePickerMessages } from './messages.js';

export interface DateRangePickerValue extends DayRange {
  preset: DateRangePreset;
}

export interface DateRangePickerProps {
  /** Default `messages.label` ("Periode"). */
  label?: string;
  value?: DateRangePickerValue;
  defaultValue?: DateRangePickerValue;
  onValueChange?: (value: DateRangePickerValue) => void;
  /** The instant "today" is computed from (tests and stories pin it); defaults to the clock. */
  now?: Date;
  /** Latest day that can be chosen ("YYYY-MM-DD"); defaults to today in Jakarta. */
  max?: string;
  disabled?: boolean;
  className?: string;
  messages?: Partial<DateRangePickerMessages>;
}

/** A preset's value at `now`. */
export function dateRangeFromPreset(
  preset: Exclude<DateRangePreset, 'custom'>,
  now?: Date,
): DateRangePickerValue {
  return { preset, ...presetRange(preset, now) };
}

/**
 * Picks a range of Jakarta calendar days: a preset (Hari ini, Kemarin, 7 / 14 / 30 hari terakhir, Bulan ini,
 * Bulan lalu) or two custom days. A custom range is reported only when both days are valid and in order.
 *
 * @example
 * ```tsx
 * <DateRangePicker defaultValue={dateRangeFromPreset('last7')} onValueChange={setRange} />
 * ```
 */
export function DateRangePicker({
  label: labelProp,
  value,
  defaultValue,
  onValueChange,
  now,
  max,
  disabled = false,
  className,
  messages,
}: DateRangePickerProps) {
  const m = useMessages('dateRangePicker', DATE_RANGE_PICKER_MESSAGES, messages);
  const label = labelProp ?? m.label;
  const id = useId();
  const [current, setCurrent] = useControllableState(
    value,
    defaultValue ?? dateRangeFromPreset('last7', now),
    onValueChange,
  );
  const [draft, setDraft] = useState<DayRange>({ from: current.from, to: current.to });
  const [custom, setCustom] = useState(current.preset === 'custom');
  const [error, setError] = useState<string | null>(null);
  const showCustom = custom || current.preset === 'custom';
  const latest = max ?? presetRange('today', now ?? new Date()).to;

  const choose = (preset: DateRangePreset) => {
    setError(null);
    if (preset === 'custom') {
      setCustom(true);
      setDraft({ from: current.from, to: current.to });
      return;
    }
    setCustom(false);
    setCurrent(dateRangeFromPreset(preset, now ?? new Date()));
  };

  const applyCustom = (next: DayRange) => {
    setDraft(next);
    if (!isIsoDay(next.from) || !isIsoDay(next.to)) {
      setError(m.bothDays);
      return;
    }
    if (next.from > next.to) {
      setError(m.firstAfterLast);
      return;
    }
    if (next.to > latest) {
      setError(m.lastAfterMax(formatDayRange({ from: latest, to: latest })));
      return;
    }
    setError(null);
    setCurrent({ preset: 'custom', ...next });
  };

  return (
    <Root
      className={['cui-date-range', className].filter(Boolean).join(' ')}
      role="group"
      aria-labelledby={`${id}-label`}
    >
      <span id={`${id}-label`} className="cui-date-range__label">
        {label}
      </span>
      <select
        aria-label={m.presetSelect(label)}
        value={showCustom ? 'custom' : current.preset}
        disabled={disabled}
        onChange={(event) => choose(event.target.value as DateRangePreset)}
      >
        {DATE_RANGE_PRESETS.map((preset) => (
          <option key={preset.id} value={preset.id}>
            {m.presets[preset.id] ?? preset.label}
          </option>
        ))}
      </select>
      {showCustom ? (
        <span className="cui-date-range__custom">
          <label>
            <span>{m.from}</span>
            <input
              type="date"
              value={draft.from}
              max={latest}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => applyCustom({ ...draft, from: event.target.value })}
            />
          </label>
          <label>
            <span>{m.to}</span>
            <input
              type="date"
              value={draft.to}
              max={latest}
              disabled={disabled}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(event) => applyCustom({ ...draft, to: event.target.value })}
            />
          </label>
        </span>
      ) : null}
      <output className="cui-date-range__summary" aria-live="polite">
        {formatDayRange(current)}
      </output>
      {error ? (
        <span id={`${id}-error`} className="cui-date-range__error" role="alert">
          {error}
        </span>
      ) : null}
    </Root>
  );
}

const Root = styled.div`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${t.space2};
  font-family: ${t.fontFamily};
  font-size: ${t.fontSizeSm};
  color: ${t.colorText};
  max-width: 100%;

  .cui-date-range__label {
    font-weight: 600;
  }
  select,
  input {
    ${controlBoxCss}
    padding: 4px 8px;
    min-height: 32px;
    color-scheme: light dark;
  }
  select:focus-visible,
  input:focus-visible {
    ${focusRingCss}
  }
  .cui-date-range__custom {
    display: inline-flex;
    flex-wrap: wrap;
    gap: ${t.space2};
  }
  .cui-date-range__custom label {
    display: inline-flex;
    align-items: center;
    gap: ${t.space1};
  }
  .cui-date-range__summary {
    color: ${t.colorTextMuted};
  }
  .cui-date-range__error {
    flex-basis: 100%;
    color: ${t.colorDanger};
  }
`;
