// Product logic over plain SQL: one engine, PostgreSQL (support/harness.ts says which files run on both).
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ReportResponse } from '@staff/console-contract';
import { seedDemoActivity } from '../src/demo/activity.js';
import { seedDemoReports } from '../src/demo/reportDemo.js';
import { Client, ONE_ENGINE, setupTestApp, userWithKeys } from './support/harness.js';

// A fixed instant: Tuesday 2026-11-24 10:00 in Jakarta; the demo's days from 11 October.
const NOW = new Date('2026-11-24T03:00:00.000Z');
const DAYS = 45;

/**
 * The reports on the demo's data (master rows, moving data through the intake, the report story): figures a
 * demanding user can believe, and totals that are the sums of their rows.
 */
describe.each(ONE_ENGINE)('reports on the demo data on %s', (engine) => {
  const { testDb, app } = setupTestApp(engine, {
    database: { demoRows: 0.1 },
    prepare: async () => {
      const db = testDb.database.db;
      await seedDemoActivity(db, { days: DAYS, campaigns: 4, now: NOW });
      story = await seedDemoReports(db, { days: DAYS, now: NOW });
    },
  });
  let story: Awaited<ReturnType<typeof seedDemoReports>>;
  let token: string;
  const client = () => new Client(app);
  const report = async (query: string) => {
    token ??= await client().token(
      await userWithKeys(testDb.database, [{ key: 'ad_daily_tracker' }, { key: 'finance_kol_report' }]),
    );
    const response = await client().get(`/api/reports/${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ReportResponse;
  };
  const sum = (answer: ReportResponse, field: string) =>
    answer.rows.reduce((total, row) => total + Number(row.values[field] ?? 0), 0);

  it('Monthly: achievement in a plausible range, each month against its own company targets', async () => {
    expect(story.targets).toBeGreaterThan(0);
    const months = await report('monthly?from=2026-10-01&to=2026-11-30&group_by=month');
    expect(months.rows.map((row) => row.key)).toEqual(['2026-10', '2026-11']);
    for (const row of months.rows) {
      // October against what it sold times a goal of 0.9–1.3; November to date (24 of 30 days) likewise.
      expect(Number(row.values.achievement), row.key).toBeGreaterThan(50);
      expect(Number(row.values.achievement), row.key).toBeLessThan(125);
      expect(Number(row.values.revenue)).toBeGreaterThan(0);
    }
    expect(months.totals.values.target).toBe(sum(months, 'target'));
    expect(months.totals.values.revenue).toBe(sum(months, 'revenue'));
    expect(Number(months.totals.values.achievement)).toBeGreaterThan(50);
    expect(Number(months.totals.values.achievement)).toBeLessThan(125);
    // The chart's series is the same months, revenue and target on one scale (targets within 2× of revenue).
    for (const point of months.series)
      expect(Number(point.values.target) / Number(point.values.revenue)).toBeLessThan(2);
    const products = await report('monthly?from=2026-10-01&to=2026-10-31&group_by=product');
    expect(products.rows.length).toBeGreaterThan(0);
    // Every product that sold has its target (one that only spent has none), met within 0.9–1.3.
    for (const row of products.rows.filter((candidate) => Number(candidate.values.revenue) > 0)) {
      expect(Number(row.values.achievement), String(row.values.product)).toBeGreaterThan(75);
      expect(Number(row.values.achievement), String(row.values.product)).toBeLessThan(115);
    }
    expect(products.totals.values.revenue).toBe(sum(products, 'revenue'));
    expect(products.totals.values.target).toBe(sum(products, 'target'));
  });

  it('Tribe X Mayar: tribes with both spend and revenue, totals the sums of their rows', async () => {
    const tribes = await report('tribe-x-mayar?from=2026-10-01&to=2026-10-31');
    const both = tribes.rows.filter((row) => Number(row.values.spend) > 0 && Number(row.values.revenue) > 0);
    expect(both.length).toBeGreaterThan(0);
    // A tribe that spends also earns: spend and revenue reach it through the same product.
    for (const row of tribes.rows.filter((candidate) => Number(candidate.values.spend) > 0))
      expect(Number(row.values.revenue), String(row.values.tribe)).toBeGreaterThan(0);
    for (const field of ['revenue', 'spend', 'target', 'target_gap'])
      expect(tribes.totals.values[field], field).toBe(sum(tribes, field));
  });

  it('KOL: creators with orders and revenue, some paying back, engagement never above 100 %', async () => {
    expect(story.purchases).toBeGreaterThan(0);
    const creators = await report('kol-report?from=2026-10-25&to=2026-11-24');
    const selling = creators.rows.filter((row) => Number(row.values.orders) > 0);
    expect(selling.length).toBeGreaterThan(2);
    expect(selling.every((row) => Number(row.values.revenue) > 0)).toBe(true);
    expect(creators.rows.some((row) => Number(row.values.roi) > 0)).toBe(true);
    expect(creators.rows.some((row) => Number(row.values.roi) < 0)).toBe(true);
    for (const row of creators.rows) expect(Number(row.values.engagement_rate ?? 0)).toBeLessThanOrEqual(100);
    // The table opens ranked by ROI: which creator pays back first.
    const rois = creators.rows.map((row) => Number(row.values.roi ?? -Infinity));
    expect(rois).toEqual([...rois].sort((a, b) => b - a));
    // Every counted purchase carries its project's voucher code or UTM campaign.
    const { rows } = await sql<{ n: string }>`
      select count(*) n from purchases where mayar_id like 'kol-%'
        and coupon_used is null and utm_campaign is null`.execute(testDb.database.db);
    expect(rows[0]!.n).toBe('0');
  });
});
