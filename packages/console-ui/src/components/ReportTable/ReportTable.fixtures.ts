import type { Decorator } from '@storybook/react-vite';
import { REPORT_TEXTS_ID } from '@staff/console-contract';
import type { ReportTableColumn, ReportTableRow } from './ReportTable.js';

export const campaignColumns: ReportTableColumn[] = [
  { key: 'campaign', label: 'Campaign', kind: 'dimension' },
  { key: 'spend', label: 'Spend', kind: 'measure', format: 'idr', trend: 'lower' },
  { key: 'clicks', label: 'Clicks', kind: 'measure', format: 'number' },
  { key: 'ctr', label: 'CTR', kind: 'measure', format: 'percent', description: 'clicks / impressions × 100' },
  { key: 'revenue', label: 'Mayar revenue', kind: 'measure', format: 'idr' },
  { key: 'roas', label: 'Real ROAS', kind: 'measure', format: 'ratio', description: 'Mayar revenue / spend' },
];

export const campaignRows: ReportTableRow[] = [
  {
    key: 'c1',
    values: { campaign: 'Kelas Excel', spend: 1500000, clicks: 1200, ctr: 1.5, revenue: 4500000, roas: 3 },
    deltas: { spend: 10, clicks: -5, ctr: 2.5, revenue: 25, roas: 13.64 },
    drillable: true,
  },
  {
    key: 'c2',
    values: { campaign: 'Ebook Resep', spend: 500000, clicks: 800, ctr: 2, revenue: 250000, roas: 0.5 },
    deltas: { spend: -20, clicks: 0, ctr: null, revenue: -50, roas: -37.5 },
    drillable: true,
    children: [
      {
        key: 'as1',
        values: {
          campaign: 'Ad set Lookalike 1%',
          spend: 300000,
          clicks: 500,
          ctr: 2.5,
          revenue: 250000,
          roas: 0.83,
        },
        drillable: false,
      },
      {
        key: 'as2',
        values: { campaign: 'Ad set Interest', spend: 200000, clicks: 300, ctr: 1.5, revenue: 0, roas: 0 },
      },
    ],
  },
  {
    key: 'c3',
    values: {
      campaign: 'Webinar Bisnis',
      spend: 2000000,
      clicks: 2500,
      ctr: 1.25,
      revenue: null,
      roas: null,
    },
  },
];

/** Ratios from sums: CTR 4500 / 292000, ROAS 4750000 / 4000000. */
export const campaignTotals: ReportTableRow['values'] = {
  campaign: null,
  spend: 4000000,
  clicks: 4500,
  ctr: 1.54,
  revenue: 4750000,
  roas: 1.19,
};

export const longLabelRows: ReportTableRow[] = [
  {
    key: 'long',
    values: {
      campaign:
        'Kampanye Penjualan Kelas Daring Pengelolaan Keuangan Usaha Mikro Kecil dan Menengah untuk Pemula Seluruh Indonesia',
      spend: 123456789,
      clicks: 98765,
      ctr: 0.87,
      revenue: 987654321,
      roas: 8,
    },
  },
];

export function manyRows(count: number): ReportTableRow[] {
  return Array.from({ length: count }, (_, i) => ({
    key: `r${i + 1}`,
    values: {
      campaign: `Campaign ${i + 1}`,
      spend: 100000 + i * 1000,
      clicks: 100 + i,
      ctr: 1 + (i % 10) / 10,
      revenue: 200000 + i * 500,
      roas: 2,
    },
  }));
}

/** The fixtures' report texts in Indonesian: the contract's report texts, and the stories' own captions. */
const STORY_TEXTS_ID: Readonly<Record<string, string>> = {
  'Spend and revenue per day': 'Belanja iklan dan pendapatan per hari',
  // The fixture's generic clicks (the reports name Meta's two families: Link clicks, Clicks (all)).
  Clicks: 'Klik',
  'clicks / impressions × 100': 'klik / impresi × 100',
};
const inIndonesian = (text: string) => REPORT_TEXTS_ID[text] ?? STORY_TEXTS_ID[text] ?? text;

/** A report text of the fixtures as the stories show it under the toolbar's language (for plays). */
export const reportText = ({ globals }: { globals: Record<string, unknown> }, text: string) =>
  globals.language === 'id' ? inIndonesian(text) : text;

/**
 * For a stories file of the reports: its `columns` (labels, formulas), `series` names and `label` in the language
 * the Language toolbar chose.
 */
export const reportTextsInChosenLanguage: Decorator = (Story, { args, globals }) => {
  if (globals.language !== 'id') return Story();
  const next: Record<string, unknown> = { ...args };
  if (Array.isArray(args.columns))
    next.columns = (args.columns as ReportTableColumn[]).map((column) => ({
      ...column,
      label: inIndonesian(column.label),
      ...(column.description ? { description: inIndonesian(column.description) } : {}),
    }));
  if (Array.isArray(args.series))
    next.series = (args.series as Array<{ name: string }>).map((s) => ({ ...s, name: inIndonesian(s.name) }));
  if (typeof args.label === 'string') next.label = inIndonesian(args.label);
  if (typeof args.hint === 'string') next.hint = inIndonesian(args.hint);
  return Story({ args: next });
};
