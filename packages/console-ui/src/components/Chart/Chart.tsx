import type { ECharts } from 'echarts/core';
import { useContext, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { styled } from 'styled-components';
import { useThemeMode } from '../../theme/ThemeProvider.js';
import { t } from '../../theme/tokens.js';
import { useMessages } from '../../theme/messages.js';
import { buildChartOption, clickedCategory, type ChartKind, type ChartSeries } from './chartOption.js';
import { controlBoxCss, panelCss, visuallyHiddenCss } from '../../primitives/css.js';
import { CHART_MESSAGES, type ChartMessages } from './messages.js';
import { EchartsLoaderContext, isEchartsMissing } from './echartsLoader.js';
export { CHART_MESSAGES, type ChartMessages } from './messages.js';

export interface ChartProps {
  kind: ChartKind;
  /** Accessible name and caption. */
  label: string;
  categories: string[];
  series: ChartSeries[];
  /** Height in px. */
  height?: number;
  loading?: boolean;
  error?: string | null;
  emptyMessage?: string;
  /** A click on a bar, point, funnel step or axis label reports its category (e.g. to filter the table). */
  onCategoryClick?: (category: string) => void;
  /** The category currently filtered on, announced next to the chart. */
  selectedCategory?: string | null;
  className?: string;
  messages?: Partial<ChartMessages>;
}

/**
 * A report chart on Apache ECharts (line, bar, combo with two axes, funnel), following the theme's light or dark
 * mode, with a description of its data for screen readers (values in id-ID) and a keyboard path to every
 * category.
 *
 * @example
 * ```tsx
 * <Chart kind="combo" label="Spend vs revenue" categories={days}
 *   series={[{ name: 'Spend', data: spend, format: 'idr' }, { name: 'Revenue', data: revenue, format: 'idr' }]} />
 * ```
 */
export function Chart({
  kind,
  label,
  categories,
  series,
  height = 320,
  loading = false,
  error = null,
  emptyMessage,
  onCategoryClick,
  selectedCategory = null,
  className,
  messages,
}: ChartProps) {
  const m = useMessages('chart', CHART_MESSAGES, messages);
  const id = useId();
  const mode = useThemeMode();
  const host = useRef<HTMLDivElement>(null);
  const figure = useRef<HTMLElement>(null);
  const chart = useRef<ECharts | null>(null);
  // The page's direction where the chart stands: right-to-left mirrors the chart's axes.
  const [rtl, setRtl] = useState(false);
  useLayoutEffect(() => {
    if (figure.current) setRtl(getComputedStyle(figure.current).direction === 'rtl');
  }, []);
  const option = useMemo(
    () => buildChartOption({ kind, label, categories, series }, m.aria, { rtl }),
    [kind, label, categories, series, m.aria, rtl],
  );
  const optionRef = useRef(option);
  const clickRef = useRef(onCategoryClick);
  useEffect(() => {
    clickRef.current = onCategoryClick;
  }, [onCategoryClick]);
  const load = useContext(EchartsLoaderContext);
  // Why ECharts could not be loaded: not installed (the optional peer), or any other failure.
  const [loadFailure, setLoadFailure] = useState<'missing' | 'failed' | null>(null);
  const empty = categories.length === 0 || series.every((s) => s.data.every((v) => v === null));
  const state = error || loadFailure ? 'error' : loading ? 'loading' : empty ? 'empty' : 'ready';

  useEffect(() => {
    const element = host.current;
    if (state !== 'ready' || !element) return;
    let cancelled = false;
    let instance: ECharts | null = null;
    let observer: ResizeObserver | undefined;
    load().then(
      ({ init }) => {
        if (cancelled) return;
        instance = init(element, mode === 'dark' ? 'dark' : undefined, {
          renderer: 'svg',
          // jsdom and hidden containers measure 0: fall back to a readable width.
          width: element.clientWidth || 600,
          height,
        });
        chart.current = instance;
        instance.on('click', (params) => {
          const category = clickedCategory(
            params as { componentType?: string; name?: string; value?: unknown },
          );
          if (category !== null) clickRef.current?.(category);
        });
        instance.setOption(optionRef.current, { notMerge: true });
        if (typeof ResizeObserver !== 'undefined') {
          const chartInstance = instance;
          observer = new ResizeObserver(() => {
            if (element.clientWidth > 0) chartInstance.resize({ width: element.clientWidth, height });
          });
          observer.observe(element);
        }
      },
      (reason: unknown) => {
        const missing = isEchartsMissing(reason);
        // For the developer who embedded a Chart without installing the optional peer.
        if (missing)
          console.error(
            'console-ui: <Chart> needs the optional peer dependency "echarts", which is not installed: npm install echarts',
            reason,
          );
        if (!cancelled) setLoadFailure(missing ? 'missing' : 'failed');
      },
    );
    return () => {
      cancelled = true;
      observer?.disconnect();
      instance?.dispose();
      chart.current = null;
    };
  }, [mode, height, state, load]);

  useEffect(() => {
    optionRef.current = option;
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <Figure
      ref={figure}
      className={['cui-chart', className].filter(Boolean).join(' ')}
      data-state={state}
      aria-labelledby={`${id}-caption`}
      aria-busy={loading}
    >
      <figcaption id={`${id}-caption`}>{label}</figcaption>
      {state === 'error' ? (
        <p role="alert" className="cui-chart__message">
          {error ?? (loadFailure === 'missing' ? m.echartsMissing : m.loadFailed)}
        </p>
      ) : state === 'loading' ? (
        <p role="status" className="cui-chart__message" style={{ minHeight: height }}>
          {m.loading(label)}
        </p>
      ) : state === 'empty' ? (
        <p className="cui-chart__message" style={{ minHeight: height }}>
          {emptyMessage ?? m.empty}
        </p>
      ) : (
        <>
          <div
            ref={host}
            className="cui-chart__canvas"
            // ECharts places its SVG texts for a left-to-right page (an axis label's anchor at its end): inherited
            // right-to-left flips every anchor and puts the labels under the bars. The option mirrors the layout.
            dir="ltr"
            role="img"
            // ECharts replaces this with its generated description of the data.
            aria-label={label}
            style={{ height }}
            data-kind={kind}
          />
          {onCategoryClick ? (
            <div className="cui-chart__categories" role="group" aria-label={m.categories(label)}>
              {categories.map((category) => (
                <button
                  key={category}
                  type="button"
                  aria-pressed={selectedCategory === category}
                  onClick={() => onCategoryClick(category)}
                >
                  {category}
                </button>
              ))}
            </div>
          ) : null}
          {selectedCategory ? (
            <p className="cui-chart__selected" aria-live="polite">
              {m.selected(selectedCategory)}
            </p>
          ) : null}
        </>
      )}
    </Figure>
  );
}

const Figure = styled.figure`
  margin: 0;
  ${panelCss}
  padding: ${t.space3};
  min-width: 0;

  figcaption {
    font-weight: 600;
    margin-bottom: ${t.space2};
  }
  .cui-chart__canvas {
    width: 100%;
    overflow: hidden;
  }
  .cui-chart__message {
    margin: 0;
    display: grid;
    place-items: center;
    color: ${t.colorTextMuted};
  }
  .cui-chart__message[role='alert'] {
    color: ${t.colorDanger};
    min-height: 4rem;
  }
  /* The keyboard path to the categories: out of sight until a key reaches it. */
  .cui-chart__categories:not(:focus-within) {
    ${visuallyHiddenCss}
  }
  .cui-chart__categories {
    display: flex;
    flex-wrap: wrap;
    gap: ${t.space1};
    margin-top: ${t.space2};
  }
  .cui-chart__categories button {
    ${controlBoxCss}
    font-size: ${t.fontSizeSm};
    padding: 2px 6px;
  }
  .cui-chart__categories button[aria-pressed='true'] {
    background: ${t.colorPrimarySoft};
  }
  .cui-chart__categories button:focus-visible {
    outline: 2px solid ${t.colorFocus};
  }
  .cui-chart__selected {
    margin: ${t.space2} 0 0;
    font-size: ${t.fontSizeSm};
    color: ${t.colorTextMuted};
  }
`;
