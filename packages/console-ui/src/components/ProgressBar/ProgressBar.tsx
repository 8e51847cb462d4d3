import { t } from '../../theme/tokens.js';
import { useThemeCheck } from '../../theme/ThemeProvider.js';
import { useStaticStyles } from '../../primitives/staticStyles.js';

export type ProgressBarStatus = 'active' | 'done' | 'error';

export interface ProgressBarProps {
  /** Visible label, also the bar's accessible name. */
  label: string;
  /** Done so far, 0…max; `null` while the total is not known (an indeterminate bar). */
  value: number | null;
  /** Default 1 (value is a share). */
  max?: number;
  status?: ProgressBarStatus;
  /** Text after the label, e.g. "1,2 MB dari 3,4 MB"; default the percentage. */
  valueText?: string;
  className?: string;
}

/**
 * A static sheet, not styled-components: an upload row or a job's progress ships no styled-components for its bar.
 * One class per rule (the fill's colours by the bar's status), about as specific as the styled rules were.
 */
const PROGRESS_BAR_CSS = `.cui-progress-bar {
  display: grid;
  gap: ${t.space1};
  font-family: ${t.fontFamily};
  color: ${t.colorText};
  min-width: 12rem;
}
.cui-progress-bar__head {
  display: flex;
  gap: ${t.space3};
  font-size: ${t.fontSizeSm};
}
.cui-progress-bar__value {
  margin-inline-start: auto;
  color: ${t.colorTextMuted};
  font-variant-numeric: tabular-nums;
}
.cui-progress-bar__track {
  position: relative;
  height: 8px;
  overflow: hidden;
  border-radius: 999px;
  background: ${t.colorBorder};
}
.cui-progress-bar__fill {
  height: 100%;
  border-radius: inherit;
  background: ${t.colorPrimary};
  transition: width 120ms linear;
}
.cui-progress-bar[data-status='done'] .cui-progress-bar__fill {
  background: ${t.colorSuccess};
}
.cui-progress-bar[data-status='error'] .cui-progress-bar__fill {
  background: ${t.colorDanger};
}
.cui-progress-bar[data-indeterminate] .cui-progress-bar__fill {
  width: 30%;
  animation: cui-progress-slide 1.2s ease-in-out infinite;
}
@keyframes cui-progress-slide {
  from {
    transform: translateX(-100%);
  }
  to {
    transform: translateX(340%);
  }
}
/* Right to left the bar fills from the right: the slide runs from the inline start, mirrored. */
.cui-progress-bar[data-indeterminate]:dir(rtl) .cui-progress-bar__fill {
  animation-name: cui-progress-slide-rtl;
}
@keyframes cui-progress-slide-rtl {
  from {
    transform: translateX(100%);
  }
  to {
    transform: translateX(-340%);
  }
}
@media (prefers-reduced-motion: reduce) {
  .cui-progress-bar__fill {
    animation: none !important;
  }
}`;

/** The share a value is of max, clamped to 0…1. */
export function progressShare(value: number, max = 1): number {
  if (!(max > 0) || !Number.isFinite(value)) return 0;
  return Math.min(1, Math.max(0, value / max));
}

/**
 * A labelled progress bar (`role="progressbar"` with aria-valuenow/min/max and a value text), determinate or
 * indeterminate (`value={null}`), with done and error colours.
 *
 * @example
 * ```tsx
 * <ProgressBar label="Mengunggah" value={loaded} max={total} />
 * ```
 */
export function ProgressBar({
  label,
  value,
  max = 1,
  status = 'active',
  valueText,
  className,
}: ProgressBarProps) {
  useThemeCheck('ProgressBar');
  useStaticStyles('progress-bar', PROGRESS_BAR_CSS);
  const share = value === null ? null : progressShare(value, max);
  const percent = share === null ? null : Math.round(share * 100);
  const text = valueText ?? (percent === null ? undefined : `${percent}%`);
  return (
    <div
      className={['cui-progress-bar', className].filter(Boolean).join(' ')}
      data-status={status}
      data-indeterminate={share === null ? '' : undefined}
    >
      <div className="cui-progress-bar__head">
        <span>{label}</span>
        {text ? <span className="cui-progress-bar__value">{text}</span> : null}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={text}
        aria-invalid={status === 'error' ? true : undefined}
        className="cui-progress-bar__track"
      >
        <div
          className="cui-progress-bar__fill"
          style={share === null ? undefined : { width: `${share * 100}%` }}
        />
      </div>
    </div>
  );
}
