import { useCallback, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { styled } from 'styled-components';
import { pageControlCss, toolbarCss } from '../common/styles.js';
import {
  canRead,
  localizeReport,
  localizeReportResponse,
  localizeReportRows,
  REPORT_DEFINITIONS,
  recordPath,
  reportsEndpoints,
  type ReportDefinition,
  type ReportId,
  type ReportResponse,
  type ReportRow,
  toPermissionMap,
} from '@staff/console-contract';
import {
  buttonCss,
  Chart,
  CreativeThumbnail,
  DateRangePicker,
  formatDay,
  formatDayRange,
  formatMonth,
  KpiCard,
  ReportTable,
  t,
  type ReportSort,
  type ReportTableColumn,
  type ReportTableRow,
  type ReportValue,
} from '@staff/console-ui';
import { ApiError } from '../../api/apiError.js';
import { createReportsApi } from '../../api/reports.js';
import { useServices } from '../../services.js';
import { useConsoleContext } from '../../routes/consoleContext.js';
import { RoutePage } from '../PageLayout.js';
import { useEndpoint } from '../useEndpoint.js';
import type { PageProps } from '../types.js';
import { chartGroups, readReportView, reportQuery, writeReportView, type ReportView } from './reportView.js';
import { SavedReportViews } from './SavedReportViews.js';
import { useLanguage, useTextsOf } from '../../i18n.js';
import { REPORT_TEXTS } from './texts.js';

type ReportTexts = (typeof REPORT_TEXTS)['en'];

type Load =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: ReportResponse };

/** A drilled row's next level: loading, its rows, or why it could not be loaded. */
type Level = ReportRow[] | 'loading' | { error: string };

/** A report row as the table shows it, with its drilled level: its rows (as `rowsOf` builds them), loading, or why not. */
function toTableRow(
  row: ReportRow,
  level: Level | undefined,
  rowsOf: (rows: ReportRow[]) => ReportTableRow[],
): ReportTableRow {
  return {
    key: row.key,
    values: row.values,
    ...(row.deltas ? { deltas: row.deltas } : {}),
    drillable: row.drillable ?? false,
    ...(Array.isArray(level) ? { children: rowsOf(level) } : {}),
    ...(level === 'loading' ? { childrenLoading: true } : {}),
    ...(level && !Array.isArray(level) && level !== 'loading' ? { childrenError: level.error } : {}),
  };
}

/**
 * The one report page: every report route shows it, driven by the report's definition in the contract (KPI
 * cards, chart, table with totals and drill-down, range, comparison, export). The view lives in the address.
 */
export default function ReportPage({ route }: PageProps) {
  // Labels and formulas in the chosen language; keys, formats and the spec's title stay.
  const { language } = useLanguage();
  const definition = localizeReport(REPORT_DEFINITIONS[route.id as ReportId], language);
  const services = useServices();
  const reportsApi = useMemo(() => createReportsApi(services.api), [services.api]);
  const texts = useTextsOf(REPORT_TEXTS);
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readReportView(params, definition), [params, definition]);
  const query = useMemo(() => reportQuery(view), [view]);
  // A newer view shows "loading" until its own answer arrives (useEndpoint keeps the old one meanwhile).
  const requestKey = JSON.stringify(query);
  const {
    data: answer,
    error: failure,
    loading,
    reload,
  } = useEndpoint(reportsEndpoints.report, { params: { id: definition.id }, query });
  const load: Load = loading
    ? { status: 'loading' }
    : failure
      ? { status: 'error', message: failure.message || texts.requestFailed }
      : answer
        ? { status: 'ready', data: answer }
        : { status: 'loading' };
  const [drilled, setDrilled] = useState<{ key: string; rows: Record<string, Level> }>({
    key: '',
    rows: {},
  });
  const children = drilled.key === requestKey ? drilled.rows : {};
  const setChildren = (update: (current: Record<string, Level>) => Record<string, Level>) =>
    setDrilled((current) => ({
      key: requestKey,
      rows: update(current.key === requestKey ? current.rows : {}),
    }));
  const [exportError, setExportError] = useState<string | null>(null);

  const setView = (next: Partial<ReportView>) =>
    setParams(writeReportView({ ...view, ...next }), { replace: false });
  // The router applies a new address in a transition: the box shows the click at once, not when the address lands.
  const [compareShown, setCompareShown] = useState(view.compare);
  const [compareInAddress, setCompareInAddress] = useState(view.compare);
  if (compareInAddress !== view.compare) {
    setCompareInAddress(view.compare);
    setCompareShown(view.compare);
  }

  const drill = useCallback(
    (path: string[]) => {
      const filters: Record<string, string> = {};
      path.forEach((key, index) => {
        filters[definition.drillPath[definition.drillPath.indexOf(view.groupBy) + index]!] = key;
      });
      const next = definition.drillPath[definition.drillPath.indexOf(view.groupBy) + path.length];
      if (!next) return;
      const id = path.join('/');
      setChildren((current) => ({ ...current, [id]: 'loading' }));
      reportsApi
        .report(definition.id, reportQuery(view, { ...filters, group_by: next }))
        .then((level) => {
          // The next level's label goes in the table's first column.
          const rows = level.rows.map((row) => ({
            ...row,
            values: { ...row.values, [view.groupBy]: row.values[next as string] ?? row.key },
          }));
          setChildren((current) => ({ ...current, [id]: rows }));
        })
        .catch((error: unknown) =>
          setChildren((current) => ({
            ...current,
            [id]: { error: ApiError.from(error).message || texts.requestFailed },
          })),
        );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setChildren is rebuilt each render from requestKey
    [reportsApi, definition, view, requestKey, texts],
  );

  const exportAs = async (format: 'csv' | 'xlsx') => {
    setExportError(null);
    try {
      const file = await reportsApi.export(definition.id, reportQuery(view), format);
      const url = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = url;
      link.download = `${definition.id}_${view.range.from}_${view.range.to}.${format}`;
      link.click();
      URL.revokeObjectURL(url);
    } catch (error) {
      setExportError(texts.couldNotExport(ApiError.from(error).message || texts.requestFailed));
    }
  };

  // Group names the server makes up ("(no tribe)") in the chosen language; names from the data stay.
  const answered = load.status === 'ready' ? (answer ?? null) : null;
  const data = useMemo(() => answered && localizeReportResponse(answered, language), [answered, language]);
  const groupLabel = definition.dimensions.find((d) => d.key === view.groupBy)?.label ?? view.groupBy;
  const columns: ReportTableColumn[] = [
    { key: view.groupBy, label: groupLabel, kind: 'dimension' },
    ...definition.measures.map((measure) => ({
      key: measure.key,
      label: measure.label,
      kind: 'measure' as const,
      format: measure.format,
      trend: measure.trend,
      description: measure.formula,
    })),
  ];
  const rangeText = formatDayRange(view.range);
  const chart = chartOf(definition, data, groupLabel, texts);

  const buildRows = (rows: ReportRow[], parent: string[] = []): ReportTableRow[] =>
    rows.map((row) => {
      const path = [...parent, row.key];
      return toTableRow(row, children[path.join('/')], (rows) =>
        buildRows(localizeReportRows(rows, language), path),
      );
    });

  const sort: ReportSort | null = view.sort
    ? { field: view.sort.replace(/^-/, ''), direction: view.sort.startsWith('-') ? 'desc' : 'asc' }
    : null;

  return (
    <RoutePage route={route}>
      <Toolbar>
        <DateRangePicker
          value={view.range}
          onValueChange={(range) => setView({ range, day: null })}
          label={texts.period}
        />
        <label>
          <span>{texts.groupBy}</span>{' '}
          <select
            value={view.groupBy}
            onChange={(event) => setView({ groupBy: event.target.value, day: null })}
          >
            {definition.dimensions.map((dimension) => (
              <option key={dimension.key} value={dimension.key}>
                {dimension.label}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input
            type="checkbox"
            checked={compareShown}
            onChange={(event) => {
              setCompareShown(event.target.checked);
              setView({ compare: event.target.checked });
            }}
          />{' '}
          {texts.compare}
        </label>
        <button type="button" onClick={() => void exportAs('csv')}>
          {texts.exportCsv}
        </button>
        <button type="button" onClick={() => void exportAs('xlsx')}>
          {texts.exportXlsx}
        </button>
        <SavedReportViews
          reportId={definition.id}
          current={Object.fromEntries(writeReportView({ ...view, day: null }))}
          onApply={(saved) => setParams(new URLSearchParams(saved as Record<string, string>))}
        />
        {view.day ? (
          <button type="button" onClick={() => setView({ day: null })}>
            {texts.clearDay(view.day)}
          </button>
        ) : null}
      </Toolbar>
      {exportError ? <p role="alert">{exportError}</p> : null}
      {definition.help ? <Help>{definition.help}</Help> : null}
      <Kpis aria-label={texts.keyFigures}>
        {definition.kpis.map((key) => {
          const measure = definition.measures.find((m) => m.key === key)!;
          return (
            <KpiCard
              key={key}
              label={measure.label}
              format={measure.format}
              trend={measure.trend}
              hint={measure.formula}
              loading={load.status === 'loading'}
              error={load.status === 'error' ? texts.couldNotLoad : null}
              value={data?.totals.values[key] ?? null}
              {...(view.compare && data ? { delta: data.totals.deltas?.[key] ?? null } : {})}
            />
          );
        })}
      </Kpis>
      <Chart
        kind={definition.chart.kind}
        label={chart.label}
        loading={load.status === 'loading'}
        error={load.status === 'error' ? load.message : null}
        emptyMessage={texts.noData(rangeText)}
        categories={chart.points.map((point) => point.label)}
        // No axis named: the chart measures amounts in one unit on one axis (spend and revenue both in rupiah).
        series={definition.chart.measures.map((key) => {
          const measure = definition.measures.find((m) => m.key === key)!;
          return {
            name: measure.label,
            format: measure.format,
            data: chart.points.map((point) => point.values[key] as number | null),
          } as const;
        })}
        {...(definition.chart.by === 'day'
          ? {
              // The chart speaks in labels ("28 Okt"); the address keeps the day.
              onCategoryClick: (label: string) =>
                setView({ day: chart.points.find((point) => point.label === label)?.key ?? null }),
              selectedCategory: chart.points.find((point) => point.key === view.day)?.label ?? null,
            }
          : {})}
      />
      <ReportTable
        label={`${route.title}, ${rangeText}`}
        columns={columns}
        rows={data ? buildRows(data.rows) : []}
        {...(data ? { totals: data.totals.values } : {})}
        {...(data?.totals.deltas ? { totalsDeltas: data.totals.deltas } : {})}
        showDeltas={view.compare}
        loading={load.status === 'loading'}
        error={load.status === 'error' ? texts.couldNotLoadReport(load.message) : null}
        onRetry={reload}
        emptyMessage={texts.noData(rangeText)}
        sort={sort}
        onSortChange={(next) =>
          setView({ sort: next ? `${next.direction === 'desc' ? '-' : ''}${next.field}` : null })
        }
        onDrill={(path) => drill(path)}
        renderDimension={(column, row) =>
          (data?.report === 'ad-creatives' && column.key === 'creative') ||
          (data?.report === 'ad-aggregated' && column.key === 'ad') ? (
            <CreativeLabel value={row.values[column.key]} values={row.values} texts={texts} />
          ) : (
            <Dimension value={row.values[column.key]} />
          )
        }
      />
    </RoutePage>
  );
}

/** How many groups a chart by group shows: the top of the table's order. */
const CHART_GROUPS = 10;

/**
 * The chart's points: the days or months of the range (the answer's series), or the table's top groups (top
 * creatives, tribes, creators) in the table's order.
 */
function chartOf(
  definition: ReportDefinition,
  data: ReportResponse | null,
  groupLabel: string,
  texts: ReportTexts,
) {
  const names = definition.chart.measures
    .map((key) => definition.measures.find((m) => m.key === key)?.label)
    .join(texts.chart.and);
  if (definition.chart.by === 'group') {
    const rows = chartGroups(definition, data?.rows ?? [], CHART_GROUPS);
    return {
      label: texts.chart.byGroup(names, groupLabel.toLowerCase(), String(CHART_GROUPS)),
      points: rows.map((row) => ({
        key: row.key,
        label: String(row.values[data!.group_by] ?? row.key),
        values: row.values,
      })),
    };
  }
  const sameYear = data ? data.from.slice(0, 4) === data.to.slice(0, 4) : true;
  return {
    label: definition.chart.by === 'day' ? texts.chart.perDay(names) : texts.chart.perMonth(names),
    points:
      data?.series.map((point) => ({
        key: point.key,
        label: periodLabel(point.key, sameYear),
        values: point.values,
      })) ?? [],
  };
}

/** A day or month of a chart as staff read it ("28 Okt", "November 2026"); a day's year when the range has two. */
function periodLabel(key: string, sameYear: boolean): string {
  if (/^\d{4}-\d{2}$/.test(key)) return formatMonth(key);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(key)) return key;
  return formatDay(key, { year: !sameYear });
}

/** A row's label. */
function Dimension({ value }: { value: ReportValue | undefined }) {
  return <>{value === null || value === undefined ? '' : String(value)}</>;
}

/**
 * A creative of the Ad Creative report or an ad of Ad Aggregated: its picture (the record's or Meta's; a
 * placeholder when there is none or its address is dead) and its name, linked to its Master Ad Creative record for
 * those who may read it; under it, small and muted, the ad id and campaign that tell two of one name apart.
 */
function CreativeLabel({
  value,
  values,
  texts,
}: {
  value: ReportValue | undefined;
  values: Record<string, ReportValue | undefined>;
  texts: ReportTexts;
}) {
  const { permissions } = useConsoleContext();
  const text = value === null || value === undefined ? '' : String(value);
  const thumbnail = typeof values.thumbnail === 'string' ? values.thumbnail : null;
  const recordId = Number(values.record_id);
  const map = toPermissionMap(permissions);
  const path =
    Number.isInteger(recordId) && recordId > 0
      ? recordPath('master_ad_creatives', recordId, (key) => canRead(map, key))
      : null;
  // Ad Creative answers the ads behind a creative; Ad Aggregated's row is one ad, its key.
  const ads = typeof values.ad_ids === 'string' ? values.ad_ids : values.ad_id;
  const campaigns = typeof values.campaigns === 'string' ? values.campaigns : '';
  return (
    <Labelled>
      <CreativeThumbnail src={thumbnail} name={text} kind={thumbnail ? 'image' : 'none'} />
      <span>
        {path ? <Link to={path}>{text}</Link> : text}
        {typeof ads === 'string' && ads !== '' ? <Detail>{texts.adDetail(ads, campaigns)}</Detail> : null}
      </span>
    </Labelled>
  );
}

const Labelled = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${t.space2};
`;

const Detail = styled.small`
  display: block;
  color: ${t.colorTextMuted};
  font-size: ${t.fontSizeSm};
`;

const Toolbar = styled.div`
  ${toolbarCss}
  gap: ${t.space3};
  margin-bottom: ${t.space4};

  /* The toolbar's own controls (and the saved views'), not the date range picker's, in the console's look. */
  > label > select,
  > form > input:not([type='checkbox']) {
    ${pageControlCss}
    box-sizing: border-box;
    min-height: 32px;
  }
  > button,
  > form > button {
    ${buttonCss}
    min-height: 32px;
    white-space: nowrap;
  }
`;

const Help = styled.p`
  margin: 0 0 ${t.space4};
  max-width: 72ch;
  color: ${t.colorTextMuted};
`;

const Kpis = styled.section`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr));
  gap: ${t.space3};
  margin-bottom: ${t.space4};
`;
