import { REPORT_DEFINITIONS } from '@staff/console-contract';
import { describe, expect, it } from 'vitest';
import { chartGroups, readReportView, reportQuery, writeReportView } from './reportView.js';

const definition = REPORT_DEFINITIONS['ads-x-mayar'];
// 23 Nov 2026, 18:00 UTC: already the 24th in Jakarta.
const NOW = new Date('2026-11-23T18:00:00Z');

describe('report view in the address', () => {
  it('defaults to the definition: its period (in Jakarta days) and first dimension', () => {
    const view = readReportView(new URLSearchParams(), definition, NOW);
    expect(view).toEqual({
      range: { preset: 'last7', from: '2026-11-17', to: '2026-11-23' },
      groupBy: 'campaign',
      sort: null,
      compare: false,
      day: null,
    });
  });

  it('round-trips a custom range, grouping, sort, comparison and a day filter', () => {
    const params = new URLSearchParams(
      'from=2026-11-01&to=2026-11-07&group_by=adset&sort=-spend&compare=previous&day=2026-11-03',
    );
    const view = readReportView(params, definition, NOW);
    expect(view.range).toEqual({ preset: 'custom', from: '2026-11-01', to: '2026-11-07' });
    expect(writeReportView(view).toString()).toBe(params.toString());
    expect(reportQuery(view, { campaign: 'C1' }, 'xlsx')).toEqual({
      from: '2026-11-01',
      to: '2026-11-07',
      group_by: 'adset',
      sort: '-spend',
      compare: 'previous',
      day: '2026-11-03',
      format: 'xlsx',
      campaign: 'C1',
    });
  });

  it('ignores what is not valid for the report', () => {
    const view = readReportView(
      new URLSearchParams('from=2026-11-07&to=2026-11-01&group_by=tribe&day=x'),
      definition,
      NOW,
    );
    expect(view.range.preset).toBe('last7');
    expect(view.groupBy).toBe('campaign');
    expect(view.day).toBeNull();
    expect(readReportView(new URLSearchParams('range=lastMonth'), definition, NOW).range).toEqual({
      preset: 'lastMonth',
      from: '2026-10-01',
      to: '2026-10-31',
    });
  });
});

describe('the groups a chart by group shows', () => {
  const row = (key: string, values: Record<string, number | null>) => ({ key, values });
  const rows = [
    row('1', { fee: 9, roi: -40 }),
    row('2', { fee: 5, roi: 120 }),
    row('3', { fee: 3, roi: null }),
    row('4', { fee: 1, roi: 15 }),
  ];

  it("ranks the KOL report's creators by ROI, highest first, whatever the table's order, none without one", () => {
    const ranked = chartGroups(REPORT_DEFINITIONS['kol-report'], rows, 2);
    expect(ranked.map((r) => r.key)).toEqual(['2', '4']);
    expect(chartGroups(REPORT_DEFINITIONS['kol-report'], rows, 10).map((r) => r.key)).toEqual([
      '2',
      '4',
      '1',
    ]);
  });

  it("keeps the table's order for a chart without a rank", () => {
    expect(chartGroups(REPORT_DEFINITIONS['tribe-x-mayar'], rows, 3).map((r) => r.key)).toEqual([
      '1',
      '2',
      '3',
    ]);
  });
});
