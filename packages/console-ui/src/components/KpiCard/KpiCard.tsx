import { useId, type CSSProperties } from 'react';
import { t } from '../../theme/tokens.js';
import { useMessages } from '../../theme/messages.js';
import { DeltaChip } from '../DeltaChip/DeltaChip.js';
import {
  formatMeasure,
  percentChange,
  type MeasureFormat,
  type MeasureTrend,
} from '../DeltaChip/formatMeasure.js';
import { panelCss, rowCss, visuallyHiddenCss } from '../../primitives/css.js';
import { SkeletonStatus } from '../../primitives/SkeletonStatus.js';
import { useStaticStyles } from '../../primitives/staticStyles.js';
import { KPI_CARD_MESSAGES, type KpiCardMessages } from './messages.js';

export { KPI_CARD_MESSAGES, type KpiCardMessages } from './messages.js';

export interface KpiCardProps {
  label: string;
  value: string | number | null | undefined;
  format?: MeasureFormat;
  /** The previous period's figure; the delta is computed from it unless `delta` is given. */
  previous?: string | number | null;
  /** Change against the previous period in percent (overrides the one computed from `previous`). */
  delta?: number | null;
  trend?: MeasureTrend;
  /** A short note on the formula, e.g. "Mayar revenue / spend". */
  hint?: string;
  loading?: boolean;
  error?: string | null;
  className?: string;
  messages?: Partial<KpiCardMessages>;
}

/**
 * A static sheet, not styled-components: a dashboard of figures ships no styled-components for its cards. Each rule
 * as specific as the styled one was (the card's class before its parts').
 */
const KPI_CARD_CSS = `.cui-kpi-card {
  ${panelCss}
  padding: ${t.space3} ${t.space4};
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: ${t.space1};
}
.cui-kpi-card p,
.cui-kpi-card h3 {
  margin: 0;
}
.cui-kpi-card .cui-kpi-card__label {
  font-size: ${t.fontSizeSm};
  font-weight: 600;
  color: ${t.colorTextMuted};
  overflow-wrap: anywhere;
}
.cui-kpi-card .cui-kpi-card__figure {
  container-type: inline-size;
}
.cui-kpi-card .cui-kpi-card__value {
  /* A glyph of the figure is at most ~0.66em wide (tabular digits, "Rp", separators). */
  font-size: min(${t.fontSizeXl}, calc(100cqi / (var(--cui-kpi-card-chars, 12) * 0.66)));
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  min-height: 1.5em;
}
.cui-kpi-card .cui-kpi-card__delta {
  ${rowCss}
}
.cui-kpi-card .cui-kpi-card__previous,
.cui-kpi-card .cui-kpi-card__hint {
  font-size: ${t.fontSizeSm};
  color: ${t.colorTextMuted};
}
.cui-kpi-card .cui-kpi-card__error {
  color: ${t.colorDanger};
  font-size: ${t.fontSizeSm};
}
.cui-kpi-card .cui-kpi-card__skeleton {
  display: inline-block;
  width: 8ch;
  height: 1em;
  border-radius: ${t.radiusSm};
  background: ${t.colorBorder};
}
.cui-kpi-card .cui-kpi-card__sr {
  ${visuallyHiddenCss}
}`;

/**
 * One headline figure of a report with its change against the previous period.
 *
 * @example
 * ```tsx
 * <KpiCard label="Real ROAS" value={3.2} format="ratio" previous={2.9} hint="Mayar revenue / spend" />
 * ```
 */
export function KpiCard({
  label,
  value,
  format = 'number',
  previous,
  delta,
  trend = 'higher',
  hint,
  loading = false,
  error = null,
  className,
  messages,
}: KpiCardProps) {
  useStaticStyles('kpi-card', KPI_CARD_CSS);
  const m = useMessages('kpiCard', KPI_CARD_MESSAGES, messages);
  const id = useId();
  const change =
    delta !== undefined ? delta : previous !== undefined ? percentChange(value, previous) : undefined;
  const state = error ? 'error' : loading ? 'loading' : 'ready';
  return (
    <section
      className={['cui-kpi-card', className].filter(Boolean).join(' ')}
      data-state={state}
      aria-labelledby={`${id}-label`}
      aria-busy={loading}
    >
      <h3 id={`${id}-label`} className="cui-kpi-card__label">
        {label}
      </h3>
      {state === 'error' ? (
        <p className="cui-kpi-card__error" role="alert">
          {error}
        </p>
      ) : state === 'loading' ? (
        <SkeletonStatus className="cui-kpi-card__value" prefix="cui-kpi-card" label={m.loading(label)} />
      ) : (
        <>
          <FittedValue text={formatMeasure(value, format)} />
          {change !== undefined ? (
            <p className="cui-kpi-card__delta">
              <DeltaChip delta={change} trend={trend} />
              {previous !== undefined ? (
                <span className="cui-kpi-card__previous">{m.previous(formatMeasure(previous, format))}</span>
              ) : null}
            </p>
          ) : null}
        </>
      )}
      {hint ? <p className="cui-kpi-card__hint">{hint}</p> : null}
    </section>
  );
}

/**
 * The figure on one line, never broken inside a number ("Rp 217.62 / 1.445"): its font shrinks with the card
 * (container units over the text's length) below the theme's size when the card is too narrow for it.
 */
function FittedValue({ text }: { text: string }) {
  return (
    <div className="cui-kpi-card__figure">
      <p className="cui-kpi-card__value" style={{ '--cui-kpi-card-chars': text.length } as CSSProperties}>
        {text}
      </p>
    </div>
  );
}
