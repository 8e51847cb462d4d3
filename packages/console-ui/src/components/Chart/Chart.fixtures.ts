import type { ChartSeries } from './chartOption.js';

export const days = ['1 Nov', '2 Nov', '3 Nov', '4 Nov', '5 Nov', '6 Nov', '7 Nov'];

export const spendVsRevenue: ChartSeries[] = [
  { name: 'Spend', data: [1500000, 1200000, 1800000, 900000, 2000000, 1700000, 1600000], format: 'idr' },
  {
    name: 'Mayar revenue',
    data: [4500000, 2500000, 5200000, 1000000, 6100000, null, 4800000],
    format: 'idr',
  },
];

export const campaigns = ['Kelas Excel', 'Ebook Resep', 'Webinar Bisnis'];

export const spendByCampaign: ChartSeries[] = [
  { name: 'Spend', data: [1500000, 500000, 2000000], format: 'idr' },
];

export const funnelSteps = ['Impresi', 'Klik tautan', 'Pembelian Meta', 'Pesanan Mayar'];
export const funnelSeries: ChartSeries[] = [{ name: 'Funnel', data: [292000, 4500, 120, 95] }];
