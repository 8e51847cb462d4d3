import { REPORT_DEFINITIONS } from '@staff/console-contract';
import { describe, expect, it } from 'vitest';
import { readReportView, reportQuery, writeReportView } from './reportView.js';

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
