import { describe, expect, it } from 'vitest';
import { isPermissionKey } from './permissions.js';
import { REPORT_DEFINITIONS, REPORT_IDS, reportQuerySchema } from './reports.js';
import { ROUTES } from './routes.js';

describe('report definitions', () => {
  it('define each report of the route table once, with valid keys', () => {
    const reportRoutes = ROUTES.filter((route) => route.path.startsWith('/app/reports/'));
    expect(reportRoutes.map((route) => route.id).sort()).toEqual([...REPORT_IDS].sort());
    for (const route of reportRoutes) {
      const definition = REPORT_DEFINITIONS[route.id as keyof typeof REPORT_DEFINITIONS];
      expect(definition.id).toBe(route.id);
      expect(definition.permissions).toContain(route.key);
      for (const key of definition.permissions) expect(isPermissionKey(key)).toBe(true);
    }
    expect(REPORT_DEFINITIONS['kol-report'].permissions).toEqual(['ad_daily_tracker', 'finance_kol_report']);
  });

  it('refer only to their own dimensions and measures', () => {
    for (const definition of Object.values(REPORT_DEFINITIONS)) {
      const dimensions = new Set(definition.dimensions.map((d) => d.key));
      const measures = new Set(definition.measures.map((m) => m.key));
      expect(dimensions.size).toBe(definition.dimensions.length);
      expect(measures.size).toBe(definition.measures.length);
      for (const key of definition.kpis) expect(measures.has(key), `${definition.id} kpi ${key}`).toBe(true);
      for (const key of definition.drillPath)
        expect(dimensions.has(key), `${definition.id} drill ${key}`).toBe(true);
      for (const key of definition.chart.measures)
        expect(measures.has(key), `${definition.id} chart ${key}`).toBe(true);
      const sortable =
        dimensions.has(definition.defaultSort.field) || measures.has(definition.defaultSort.field);
      expect(sortable, `${definition.id} sort`).toBe(true);
      for (const measure of definition.measures) expect(measure.formula.length).toBeGreaterThan(3);
    }
  });
});

describe('report query', () => {
  it('accepts a range and defaults to JSON', () => {
    expect(
      reportQuerySchema.parse({ from: '2026-11-01', to: '2026-11-07', compare: 'previous' }),
    ).toMatchObject({
      format: 'json',
      compare: 'previous',
    });
  });

  it('names the field of a bad value', () => {
    const bad = (query: Record<string, string>) => reportQuerySchema.safeParse(query).error?.issues[0]?.path;
    expect(bad({ from: '2026-02-30', to: '2026-03-01' })).toEqual(['from']);
    expect(bad({ from: '2026-11-07', to: '2026-11-01' })).toEqual(['to']);
    expect(bad({ from: '2026-11-01', to: '2026-11-07', sort: 'spend;drop' })).toEqual(['sort']);
    expect(bad({ from: '2026-11-01', to: '2026-11-07', format: 'pdf' })).toEqual(['format']);
    expect(bad({ from: '2024-01-01', to: '2026-01-01' })).toEqual(['to']);
  });
});
