import { describe, expect, it } from 'vitest';
import { REPORT_DEFINITIONS } from './reports.js';
import { localizeReport, REPORT_TEXTS_ID } from './reportTexts.js';

const definitions = Object.values(REPORT_DEFINITIONS);

describe('report texts in Bahasa Indonesia', () => {
  it('has an Indonesian text for every measure, formula and dimension of every report, and none stale', () => {
    const used = new Set(
      definitions.flatMap((def) => [
        ...def.measures.flatMap((measure) => [measure.label, measure.formula]),
        ...def.dimensions.map((dimension) => dimension.label),
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
