import { useMemo, type KeyboardEvent } from 'react';
import { styled } from 'styled-components';
import { t } from '../../theme/tokens.js';
import { Button } from '../../primitives/Button.js';
import { useMessages } from '../../theme/messages.js';
import { formatNumber } from '../NumberText/formatNumber.js';
import {
  VENN_CIRCLE_MAX_SETS,
  regionLabel,
  setsOf,
  vennShapes,
  type VennRegionInfo,
  type VennSetInfo,
} from './vennRegions.js';
import { statusLineCss, focusRingCss } from '../../primitives/css.js';
import { VENN_DIAGRAM_MESSAGES, type VennDiagramMessages } from './messages.js';
export { VENN_DIAGRAM_MESSAGES, type VennDiagramMessages } from './messages.js';

export interface VennDiagramProps {
  /** The chosen sets in order (set i is bit i of a region's mask). */
  sets: readonly VennSetInfo[];
  /** The non-empty exclusive regions with their counts. */
  regions: readonly VennRegionInfo[];
  /** `loading` and `error` replace the drawing (an error shows `error` and a retry button). */
  status?: 'ready' | 'loading' | 'error';
  error?: string | null;
  onRetry?: () => void;
  /** The region whose customers are shown; highlighted. */
  selectedMask?: number | null;
  onRegionSelect?: (mask: number) => void;
  /** Accessible name of the diagram. */
  title?: string;
  messages?: Partial<VennDiagramMessages>;
  className?: string;
}

/** Set colours, told apart also by position and label (never by colour alone). */
const PALETTE = ['#1f5fbf', '#c2410c', '#15803d', '#7e22ce', '#0e7490'];
const WIDTH = 480;
const HEIGHT = 320;

const activate = (select: () => void) => (event: KeyboardEvent) => {
  if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    select();
  }
};

/**
 * Customers shared between 2–5 sets (products, tribes): an area-proportional Venn diagram for 2–3 sets and
 * UpSet-style bars for 4–5. Every exclusive region is a button (mouse, Enter or Space) that reports its mask.
 *
 * @example
 * ```tsx
 * <VennDiagram
 *   sets={[{ label: 'Kelas A', total: 4 }, { label: 'Kelas B', total: 3 }]}
 *   regions={[{ mask: 1, count: 2 }, { mask: 2, count: 1 }, { mask: 3, count: 2 }]}
 *   onRegionSelect={(mask) => showCustomers(mask)}
 * />
 * ```
 */
export function VennDiagram({
  sets,
  regions,
  status = 'ready',
  error = null,
  onRetry,
  selectedMask = null,
  onRegionSelect,
  title: titleProp,
  messages: custom,
  className,
}: VennDiagramProps) {
  const messages = useMessages('vennDiagram', VENN_DIAGRAM_MESSAGES, custom);
  const title = titleProp ?? messages.title;
  const labels = sets.map((set) => set.label);
  const visible = regions.filter((region) => region.count > 0);
  const state = status !== 'ready' ? status : visible.length === 0 ? 'empty' : 'ready';
  const mode = sets.length <= VENN_CIRCLE_MAX_SETS ? 'venn' : 'upset';
  // The counts decide the shapes: a new array with the same counts keeps them.
  const setsKey = JSON.stringify(sets);
  const regionsKey = JSON.stringify(visible);
  const shapes = useMemo(
    () =>
      state === 'ready' && mode === 'venn'
        ? vennShapes(
            JSON.parse(setsKey) as VennSetInfo[],
            JSON.parse(regionsKey) as VennRegionInfo[],
            WIDTH,
            HEIGHT,
          )
        : null,
    [state, mode, setsKey, regionsKey],
  );
  const regionName = (region: VennRegionInfo) =>
    `${regionLabel(region.mask, labels, messages.only)}: ${formatNumber(region.count)} ${messages.customers}`;
  const select = (mask: number) => onRegionSelect?.(mask);

  let body;
  if (state === 'loading') {
    body = (
      <p className="cui-venn__status" role="status">
        <span className="cui-venn__skeleton" aria-hidden="true" />
        {messages.loading}
      </p>
    );
  } else if (state === 'error') {
    body = (
      <div className="cui-venn__status" role="alert">
        <p>{error}</p>
        {onRetry ? <Button onClick={onRetry}>{messages.retry}</Button> : null}
      </div>
    );
  } else if (state === 'empty') {
    body = <p className="cui-venn__status">{messages.empty}</p>;
  } else if (shapes) {
    body = (
      <svg
        className="cui-venn__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="group"
        aria-label={title}
        preserveAspectRatio="xMidYMid meet"
      >
        {shapes.circles.map((circle) => (
          <circle
            key={circle.index}
            className="cui-venn__circle"
            cx={circle.x}
            cy={circle.y}
            r={circle.radius}
            fill={PALETTE[circle.index]}
            stroke={PALETTE[circle.index]}
            aria-hidden="true"
          />
        ))}
        {shapes.regions.map((region) => (
          <path
            key={region.mask}
            className="cui-venn__region"
            d={region.path}
            fillRule="evenodd"
            role="button"
            tabIndex={0}
            aria-label={regionName(region)}
            aria-pressed={selectedMask === region.mask}
            data-mask={region.mask}
            data-state={selectedMask === region.mask ? 'selected' : 'idle'}
            onClick={() => select(region.mask)}
            onKeyDown={activate(() => select(region.mask))}
          />
        ))}
        {shapes.regions.map((region) => (
          <text
            key={region.mask}
            className="cui-venn__count"
            x={region.text.x}
            y={region.text.y}
            textAnchor="middle"
            dominantBaseline="middle"
            aria-hidden="true"
          >
            {formatNumber(region.count)}
          </text>
        ))}
      </svg>
    );
  } else {
    body = (
      <UpSet
        sets={sets}
        regions={visible}
        selectedMask={selectedMask}
        caption={messages.upsetCaption}
        regionName={regionName}
        onSelect={select}
      />
    );
  }

  return (
    <Frame
      className={['cui-venn', className].filter(Boolean).join(' ')}
      data-state={state}
      data-mode={state === 'ready' && !shapes ? 'upset' : mode}
      aria-busy={state === 'loading'}
    >
      <ul className="cui-venn__legend" aria-label={messages.legend}>
        {sets.map((set, i) => (
          <li key={`${i}-${set.label}`}>
            <span className="cui-venn__swatch" style={{ background: PALETTE[i] }} aria-hidden="true" />
            {set.label}
            {state === 'ready' ? (
              <span className="cui-venn__total">
                {formatNumber(set.total)} {messages.customers}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      {body}
    </Frame>
  );
}

function UpSet({
  sets,
  regions,
  selectedMask,
  caption,
  regionName,
  onSelect,
}: {
  sets: readonly VennSetInfo[];
  regions: readonly VennRegionInfo[];
  selectedMask: number | null;
  caption: string;
  regionName: (region: VennRegionInfo) => string;
  onSelect: (mask: number) => void;
}) {
  const rows = [...regions].sort((a, b) => b.count - a.count || a.mask - b.mask);
  const max = Math.max(1, ...rows.map((row) => row.count));
  return (
    <div className="cui-venn__upset" role="group" aria-label={caption}>
      {rows.map((row) => {
        const inside = new Set(setsOf(row.mask, sets.length));
        return (
          <button
            key={row.mask}
            type="button"
            className="cui-venn__upset-row"
            aria-label={regionName(row)}
            aria-pressed={selectedMask === row.mask}
            data-mask={row.mask}
            data-state={selectedMask === row.mask ? 'selected' : 'idle'}
            onClick={() => onSelect(row.mask)}
          >
            <span className="cui-venn__dots" aria-hidden="true">
              {sets.map((_, i) => (
                <span
                  key={i}
                  className="cui-venn__dot"
                  data-in={inside.has(i) ? 'true' : 'false'}
                  style={inside.has(i) ? { background: PALETTE[i] } : undefined}
                />
              ))}
            </span>
            <span className="cui-venn__bar-track" aria-hidden="true">
              <span className="cui-venn__bar" style={{ width: `${(row.count / max) * 100}%` }} />
            </span>
            <span className="cui-venn__bar-count" aria-hidden="true">
              {formatNumber(row.count)}
            </span>
          </button>
        );
      })}
    </div>
  );
}

const Frame = styled.figure`
  margin: 0;
  display: grid;
  gap: ${t.space3};
  color: ${t.colorText};
  font-family: ${t.fontFamily};

  .cui-venn__legend {
    display: flex;
    flex-wrap: wrap;
    gap: ${t.space2} ${t.space4};
    margin: 0;
    padding: 0;
    list-style: none;
    font-size: ${t.fontSizeSm};
  }
  .cui-venn__legend li {
    display: inline-flex;
    align-items: center;
    gap: ${t.space1};
  }
  .cui-venn__swatch {
    width: 12px;
    height: 12px;
    border-radius: 50%;
  }
  .cui-venn__total {
    color: ${t.colorTextMuted};
    margin-inline-start: ${t.space1};
  }
  .cui-venn__svg {
    width: 100%;
    max-width: 560px;
    height: auto;
  }
  .cui-venn__circle {
    fill-opacity: 0.18;
    stroke-width: 2;
  }
  .cui-venn__region {
    fill: transparent;
    cursor: pointer;
    outline: none;
  }
  .cui-venn__region:hover {
    fill: ${t.colorPrimary};
    fill-opacity: 0.12;
  }
  .cui-venn__region:focus-visible {
    stroke: ${t.colorFocus};
    stroke-width: 3;
    stroke-dasharray: 6 3;
  }
  .cui-venn__region[data-state='selected'] {
    fill: ${t.colorPrimary};
    fill-opacity: 0.32;
    stroke: ${t.colorText};
    stroke-width: 2;
  }
  .cui-venn__count {
    font-size: 15px;
    font-weight: 600;
    fill: ${t.colorText};
    pointer-events: none;
    font-variant-numeric: tabular-nums;
  }
  .cui-venn__status {
    ${statusLineCss}
  }
  .cui-venn__skeleton {
    display: block;
    width: min(100%, 320px);
    height: 160px;
    border-radius: ${t.radiusMd};
    background: ${t.colorBorder};
    opacity: 0.5;
  }
  .cui-venn__upset {
    display: grid;
    gap: ${t.space1};
    max-width: 640px;
  }
  .cui-venn__upset-row {
    display: grid;
    grid-template-columns: auto 1fr 4.5em;
    align-items: center;
    gap: ${t.space3};
    padding: ${t.space1} ${t.space2};
    border: 1px solid transparent;
    border-radius: ${t.radiusSm};
    background: transparent;
    color: inherit;
    font: inherit;
    text-align: start;
    cursor: pointer;
  }
  .cui-venn__upset-row:hover {
    background: ${t.colorPrimarySoft};
  }
  .cui-venn__upset-row:focus-visible {
    ${focusRingCss}
  }
  .cui-venn__upset-row[data-state='selected'] {
    border-color: ${t.colorPrimary};
    background: ${t.colorPrimarySoft};
  }
  .cui-venn__dots {
    display: inline-flex;
    gap: 6px;
  }
  .cui-venn__dot {
    width: 12px;
    height: 12px;
    border-radius: 50%;
    background: ${t.colorBorder};
  }
  .cui-venn__bar-track {
    height: 14px;
    background: ${t.colorBg};
    border-radius: ${t.radiusSm};
    overflow: hidden;
  }
  .cui-venn__bar {
    display: block;
    height: 100%;
    background: ${t.colorPrimary};
  }
  .cui-venn__bar-count {
    text-align: end;
    font-variant-numeric: tabular-nums;
    font-size: ${t.fontSizeSm};
  }
`;
