import type { Language } from './preferences.js';
import type { ReportDefinition, ReportResponse, ReportRow } from './reports.js';

/**
 * Bahasa Indonesia for the reports' measure and dimension labels and their formulas, keyed by the English text
 * (one measure may read differently in two reports: CPM over spend or over a creator's fee). Report titles are
 * the spec's and stay. Terms staff use in English (CTR, CPC, ROAS, AOV…) stay too.
 */
export const REPORT_TEXTS_ID: Readonly<Record<string, string>> = {
  Spend: 'Belanja iklan',
  'sum of Meta spend': 'jumlah belanja Meta',
  Impressions: 'Impresi',
  'sum of impressions': 'jumlah impresi',
  'Clicks (all)': 'Klik (semua)',
  'sum of clicks (all) over the rows that carry them; "-" when none does':
    'jumlah klik (semua) dari baris yang memuatnya; "-" bila tidak ada',
  'CTR (link click-through rate)': 'CTR (rasio klik tautan)',
  'link clicks / impressions × 100': 'klik tautan / impresi × 100',
  'CPC (cost per link click)': 'CPC (biaya per klik tautan)',
  'spend / link clicks': 'belanja / klik tautan',
  'CTR (all)': 'CTR (semua)',
  'clicks (all) / impressions × 100, both over the rows that carry clicks (all)':
    'klik (semua) / impresi × 100, keduanya dari baris yang memuat klik (semua)',
  'CPC (all)': 'CPC (semua)',
  'spend / clicks (all), both over the rows that carry clicks (all)':
    'belanja / klik (semua), keduanya dari baris yang memuat klik (semua)',
  CPM: 'CPM',
  'spend / impressions × 1000': 'belanja / impresi × 1000',
  'Meta purchases': 'Pembelian Meta',
  'sum of Meta purchases (action type purchase)': 'jumlah pembelian Meta (action type purchase)',
  'Meta purchase value': 'Nilai pembelian Meta',
  'sum of Meta purchase value': 'jumlah nilai pembelian Meta',
  'Meta ROAS': 'ROAS Meta',
  'Meta purchase value / spend': 'nilai pembelian Meta / belanja',
  'Mayar orders': 'Order Mayar',
  'paid Mayar purchases': 'pembelian Mayar yang lunas',
  'Mayar revenue': 'Pendapatan Mayar',
  'sum of paid Mayar amounts': 'jumlah nominal Mayar yang lunas',
  'Real ROAS': 'ROAS riil',
  'Mayar revenue / spend': 'pendapatan Mayar / belanja',
  CPA: 'CPA',
  'spend / Mayar orders': 'belanja / order Mayar',
  'Attribution gap': 'Selisih atribusi',
  'Mayar orders − Meta purchases': 'order Mayar − pembelian Meta',
  Campaign: 'Kampanye',
  'Ad set': 'Ad set',
  Ad: 'Iklan',
  Product: 'Produk',
  Day: 'Hari',
  'Hook rate': 'Hook rate',
  '3-second video views / impressions × 100': 'tayangan video 3 detik / impresi × 100',
  Creative: 'Materi iklan',
  Hook: 'Hook',
  'Link clicks': 'Klik tautan',
  'sum of inline link clicks': 'jumlah klik tautan (inline)',
  Target: 'Target',
  'sum of the revenue targets of what the row measures, for the months the range touches':
    'jumlah target pendapatan dari yang diukur baris ini, untuk bulan-bulan yang tercakup rentang',
  Achievement: 'Pencapaian',
  'Mayar revenue that has a target / target × 100': 'pendapatan Mayar yang punya target / target × 100',
  Month: 'Bulan',
  Tribe: 'Tribe',
  AOV: 'AOV',
  'Mayar revenue / Mayar orders': 'pendapatan Mayar / order Mayar',
  'Gross profit': 'Laba kotor',
  'Mayar revenue − spend': 'pendapatan Mayar − belanja',
  'Gap to target': 'Kekurangan dari target',
  'target − Mayar revenue that has a target': 'target − pendapatan Mayar yang punya target',
  Fee: 'Fee',
  'sum of project fees': 'jumlah fee proyek',
  Views: 'Tayangan',
  'sum of views': 'jumlah tayangan',
  Reach: 'Jangkauan',
  'reach per project (never summed across days)': 'jangkauan per proyek (tidak dijumlahkan antarhari)',
  'Engagement rate': 'Engagement rate',
  '(likes + comments + shares + saves) / views × 100, each post’s interactions counted up to its views (at most 100 %)':
    '(suka + komentar + bagikan + simpan) / tayangan × 100, interaksi tiap posting dihitung paling banyak sejumlah tayangannya (paling tinggi 100 %)',
  'fee / views × 1000': 'fee / tayangan × 1000',
  CPV: 'CPV',
  'fee / views': 'fee / tayangan',
  CPE: 'CPE',
  'fee / (likes + comments + shares + saves)': 'fee / (suka + komentar + bagikan + simpan)',
  Orders: 'Order',
  'paid Mayar purchases with the project’s voucher code, else its UTM campaign, from the post date':
    'pembelian Mayar lunas dengan kode voucher proyek, atau kampanye UTM-nya, sejak tanggal posting',
  Revenue: 'Pendapatan',
  'sum of those purchases’ amounts': 'jumlah nominal pembelian tersebut',
  ROAS: 'ROAS',
  'revenue / fee': 'pendapatan / fee',
  ROI: 'ROI',
  '(revenue − fee) / fee × 100': '(pendapatan − fee) / fee × 100',
  Creator: 'Kreator',
  Project: 'Proyek',
  Platform: 'Platform',
  // The reports' help texts.
  'Revenue against the targets of what each row measures: a product row its product’s Monthly Target, a tribe row its tribe’s, a month row the company targets of that month. A month the range touches counts with its whole target. Achievement and the gap count only the revenue that has a target, so the totals are the sums of their rows.':
    'Pendapatan terhadap target dari yang diukur tiap baris: baris produk terhadap Monthly Target produknya, baris tribe terhadap target tribe-nya, baris bulan terhadap target perusahaan bulan itu. Bulan yang tersentuh rentang dihitung dengan target penuhnya. Pencapaian dan kekurangan hanya menghitung pendapatan yang punya target, sehingga total sama dengan jumlah barisnya.',
  'Spend and revenue reach a tribe by the same path: the product’s tribe (the campaign’s product for spend, the purchase’s product for revenue), else the campaign’s tribe. Targets are Tribe Targets; achievement and the gap count only the revenue of tribes with a target, so the totals are the sums of their rows.':
    'Belanja iklan dan pendapatan sampai ke tribe lewat jalur yang sama: tribe produknya (produk kampanye untuk belanja, produk pembelian untuk pendapatan), atau tribe kampanye. Targetnya Tribe Targets; pencapaian dan kekurangan hanya menghitung pendapatan tribe yang punya target, sehingga total sama dengan jumlah barisnya.',
  'Which creator pays back. A paid Mayar purchase counts for a project when it carries the project’s voucher code, else when its UTM campaign is the one of the project’s UTM link, from the post date to the end of the range; a purchase counts for one project only (the voucher wins). Purchases of the project’s product without either are not counted. ROI above 0 % pays back.':
    'Kreator mana yang balik modal. Pembelian Mayar yang lunas dihitung untuk sebuah proyek bila memakai kode voucher proyek, atau bila kampanye UTM-nya sama dengan kampanye di link UTM proyek, sejak tanggal posting sampai akhir rentang; satu pembelian hanya dihitung untuk satu proyek (voucher didahulukan). Pembelian produk proyek tanpa keduanya tidak dihitung. ROI di atas 0 % berarti balik modal.',
};

const localized = new WeakMap<ReportDefinition, ReportDefinition>();
const inIndonesian = (text: string) => REPORT_TEXTS_ID[text] ?? text;

/**
 * A report's definition with its measure and dimension texts in `language` (keys, formats and the title kept).
 * English is the definition itself.
 * @example localizeReport(REPORT_DEFINITIONS.overall, 'id').measures[0].label // 'Belanja iklan'
 */
export function localizeReport(def: ReportDefinition, language: Language): ReportDefinition {
  if (language !== 'id') return def;
  let result = localized.get(def);
  if (!result) {
    result = {
      ...def,
      dimensions: def.dimensions.map((dimension) => ({ ...dimension, label: inIndonesian(dimension.label) })),
      measures: def.measures.map((measure) => ({
        ...measure,
        label: inIndonesian(measure.label),
        formula: inIndonesian(measure.formula),
      })),
      ...(def.help === undefined ? {} : { help: inIndonesian(def.help) }),
    };
    localized.set(def, result);
  }
  return result;
}

/** The server's name for a group that has none (an ad without a product, a target without a tribe). */
const NO_NAME_ID: Readonly<Record<string, string>> = {
  '(no product)': '(tanpa produk)',
  '(no tribe)': '(tanpa tribe)',
  '(no ad set)': '(tanpa ad set)',
  '(no ad)': '(tanpa iklan)',
  '(no hook)': '(tanpa hook)',
};

type ReportValues = ReportRow['values'];

function valuesIn(values: ReportValues): ReportValues {
  let result: ReportValues | undefined;
  for (const [key, value] of Object.entries(values)) {
    const named = typeof value === 'string' ? NO_NAME_ID[value] : undefined;
    if (named !== undefined) (result ??= { ...values })[key] = named;
  }
  return result ?? values;
}

/**
 * Report rows with the server's "(no product)"-style group names in `language`; names from the data stay as they
 * are. Rows without such a name are returned as they came.
 * @example localizeReportRows([{ key: '', values: { tribe: '(no tribe)' } }], 'id')[0].values.tribe // '(tanpa tribe)'
 */
export function localizeReportRows<R extends ReportRow>(rows: readonly R[], language: Language): R[] {
  if (language !== 'id') return rows as R[];
  return rows.map((row) => {
    const values = valuesIn(row.values);
    const previous = row.previous && valuesIn(row.previous);
    return values === row.values && previous === row.previous
      ? row
      : { ...row, values, ...(previous ? { previous } : {}) };
  });
}

/** A report's answer with its group names in `language` (see localizeReportRows). */
export function localizeReportResponse(answer: ReportResponse, language: Language): ReportResponse {
  if (language !== 'id') return answer;
  const rows = localizeReportRows(answer.rows, language);
  return rows.every((row, index) => row === answer.rows[index]) ? answer : { ...answer, rows };
}
