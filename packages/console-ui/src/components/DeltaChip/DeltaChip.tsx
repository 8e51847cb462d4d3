import { t } from '../../theme/tokens.js';
import { useMessages } from '../../theme/messages.js';
import { formatDelta, type MeasureTrend } from './formatMeasure.js';
import { visuallyHiddenCss } from '../../primitives/css.js';
import { useStaticStyles } from '../../primitives/staticStyles.js';
import { DELTA_CHIP_MESSAGES, type DeltaChipMessages } from './messages.js';

export { DELTA_CHIP_MESSAGES, type DeltaChipMessages } from './messages.js';

export interface DeltaChipProps {
  /** Change against the previous period, in percent (null when there is nothing to compare). */
  delta: number | null | undefined;
  /** Whether a rise is good (green) or bad (red); `neutral` colours neither. */
  trend?: MeasureTrend;
  /** What the change is measured against, read by screen readers (default `messages.previousPeriod`). */
  comparedTo?: string;
  className?: string;
  messages?: Partial<DeltaChipMessages>;
}

type Direction = 'up' | 'down' | 'flat' | 'none';

function direction(delta: number | null | undefined): Direction {
  if (delta === null || delta === undefined || !Number.isFinite(delta)) return 'none';
  if (Math.abs(delta) < 0.005) return 'flat';
  return delta > 0 ? 'up' : 'down';
}

const ARROWS: Record<Direction, string> = { up: '▲', down: '▼', flat: '■', none: '' };

/**
 * A small chip showing the change of a measure against the previous period: "▲ +12,50%". Its colour says
 * whether the change is good news, its arrow and text say the direction (colour is never the only signal).
 *
 * @example
 * ```tsx
 * <DeltaChip delta={12.5} trend="higher" />
 * ```
 */
export function DeltaChip({
  delta,
  trend = 'higher',
  comparedTo: comparedToProp,
  className,
  messages,
}: DeltaChipProps) {
  const m = useMessages('deltaChip', DELTA_CHIP_MESSAGES, messages);
  const comparedTo = comparedToProp ?? m.previousPeriod;
  const dir = direction(delta);
  const good =
    dir === 'up' || dir === 'down'
      ? trend === 'neutral'
        ? 'neutral'
        : (dir === 'up') === (trend === 'higher')
          ? 'good'
          : 'bad'
      : 'neutral';
  const text = formatDelta(delta);
  useStaticStyles('delta-chip', DELTA_CHIP_CSS);
  return (
    <span
      className={['cui-delta-chip', className].filter(Boolean).join(' ')}
      data-direction={dir}
      data-tone={good}
    >
      {ARROWS[dir] ? <span aria-hidden="true">{ARROWS[dir]} </span> : null}
      <span aria-hidden="true">{text}</span>
      <span className="cui-delta-chip__sr">
        {dir === 'none' ? m.none(comparedTo) : m[dir](text, comparedTo)}
      </span>
    </span>
  );
}

/**
 * A static sheet, not styled-components (as NumberText's): a KPI row or a table cell with change chips ships no
 * styled-components for them. Each rule is one class (with its data attribute), as specific as the styled rules were.
 */
const DELTA_CHIP_CSS = `.cui-delta-chip {
  display: inline-flex;
  align-items: center;
  gap: 2px;
  padding: 1px 6px;
  border-radius: 999px;
  font-size: ${t.fontSizeSm};
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  color: ${t.colorTextMuted};
  background: ${t.colorBg};
}
.cui-delta-chip[data-tone='good'] {
  color: ${t.colorSuccess};
  background: ${t.colorSuccessSoft};
}
.cui-delta-chip[data-tone='bad'] {
  color: ${t.colorDanger};
  background: ${t.colorDangerSoft};
}
.cui-delta-chip__sr {
  ${visuallyHiddenCss}
}`;
