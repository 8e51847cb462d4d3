import { describe, expect, it } from 'vitest';
import { REPORT_DEFINITIONS, type ReportResponse } from './reports.js';
import {
  localizeReport,
  localizeReportResponse,
  localizeReportRows,
  REPORT_TEXTS_ID,
} from './reportTexts.js';

const definitions = Object.values(REPORT_DEFINITIONS);

describe('report texts in Bahasa Indonesia', () => {
  it('has an Indonesian text for every measure, formula and dimension of every report, and none stale', () => {
    const used = new Set(
      definitions.flatMap((def) => [
        ...def.measures.flatMap((measure) => [measure.label, measure.formula]),
        ...def.dimensions.map((dimension) => dimension.label),
        ...(def.help === undefined ? [] : [def.help]),
      ]),
    );
    expect([...used].filter((text) => !(text in REPORT_TEXTS_ID))).toEqual([]);
    expect(Object.keys(REPORT_TEXTS_ID).filter((text) => !used.has(text))).toEqual([]);
  });

  it('swaps only the texts: keys, formats, title and the rest stay', () => {
    const overall = REPORT_DEFINITIONS.overall;
    const id = localizeReport(overall, 'id');
    expect(id.title).toBe(overall.title);
    expect(id.measures.map((m) => [m.key, m.format, m.trend])).toEqual(
      overall.measures.map((m) => [m.key, m.format, m.trend]),
    );
    expect(id.dimensions.map((d) => d.key)).toEqual(overall.dimensions.map((d) => d.key));
    expect(id.measures.find((m) => m.key === 'spend')?.label).toBe('Belanja iklan');
    expect(localizeReport(overall, 'id')).toBe(id);
    expect(localizeReport(overall, 'en')).toBe(overall);
  });
});

describe('report group names in Bahasa Indonesia', () => {
  const answer: ReportResponse = {
    report: 'tribe-x-mayar',
    from: '2026-11-01',
    to: '2026-11-30',
    group_by: 'tribe',
    rows: [
      { key: '3', values: { tribe: 'Tribe Alpha', revenue: 10 } },
      { key: '', values: { tribe: '(no tribe)', revenue: 5 }, previous: { tribe: '(no tribe)', revenue: 4 } },
      { key: '7', values: { ad: 'Promo (no hook)', product: '(no product)', hook: '(no hook)' } },
    ],
    totals: { key: 'total', values: { revenue: 15 } },
    series: [],
  };

  it("puts the server's names for a group without one in Indonesian, and leaves names from the data alone", () => {
    const rows = localizeReportResponse(answer, 'id').rows;
    expect(rows[0]).toBe(answer.rows[0]);
    expect(rows[1]!.values).toEqual({ tribe: '(tanpa tribe)', revenue: 5 });
    expect(rows[1]!.previous).toEqual({ tribe: '(tanpa tribe)', revenue: 4 });
    expect(rows[2]!.values).toEqual({
      ad: 'Promo (no hook)',
      product: '(tanpa produk)',
      hook: '(tanpa hook)',
    });
    // The answer itself is not changed.
    expect(answer.rows[1]!.values.tribe).toBe('(no tribe)');
  });

  it('returns the same answer in English, or when no row has such a name', () => {
    expect(localizeReportResponse(answer, 'en')).toBe(answer);
    const named = { ...answer, rows: [answer.rows[0]!] };
    expect(localizeReportResponse(named, 'id')).toBe(named);
    expect(localizeReportRows(answer.rows, 'en')).toBe(answer.rows);
  });
});
