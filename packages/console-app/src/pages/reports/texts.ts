import { defineTexts } from '../../i18n.js';

/** The report pages' own texts (titles, measure and dimension labels come from the contract's report definitions). */
export const REPORT_TEXTS = defineTexts({
  period: ['Period', 'Periode'],
  groupBy: ['Group by', 'Kelompokkan menurut'],
  compare: ['Compare with the previous period', 'Bandingkan dengan periode sebelumnya'],
  exportCsv: ['Export CSV', 'Ekspor CSV'],
  exportXlsx: ['Export XLSX', 'Ekspor XLSX'],
  clearDay: [(day: string) => `Clear day filter (${day})`, (day: string) => `Hapus filter hari (${day})`],
  keyFigures: ['Key figures', 'Angka utama'],
  requestFailed: ['Request failed.', 'Permintaan gagal.'],
  couldNotExport: [
    (reason: string) => `Could not export: ${reason}`,
    (reason: string) => `Gagal mengekspor: ${reason}`,
  ],
  couldNotLoad: ['Could not load.', 'Gagal memuat.'],
  couldNotLoadReport: [
    (reason: string) => `Could not load the report: ${reason}`,
    (reason: string) => `Gagal memuat laporan: ${reason}`,
  ],
  noData: [(range: string) => `No data for ${range}.`, (range: string) => `Tidak ada data untuk ${range}.`],
  /** Under an ad's or creative's name: what tells two of one name apart. */
  adDetail: [
    (ads: string, campaigns: string) => (campaigns ? `Ad ${ads} · ${campaigns}` : `Ad ${ads}`),
    (ads: string, campaigns: string) => (campaigns ? `Iklan ${ads} · ${campaigns}` : `Iklan ${ads}`),
  ],
  chart: {
    and: [' and ', ' dan '],
    byGroup: [
      (names: string, group: string, top: string) => `${names} by ${group} (top ${top})`,
      (names: string, group: string, top: string) => `${names} per ${group} (${top} teratas)`,
    ],
    perDay: [(names: string) => `${names} per day`, (names: string) => `${names} per hari`],
    perMonth: [(names: string) => `${names} per month`, (names: string) => `${names} per bulan`],
  },
  saved: {
    savedViews: ['Saved views', 'Tampilan tersimpan'],
    none: ['No saved views', 'Belum ada tampilan tersimpan'],
    choose: ['Choose a view…', 'Pilih tampilan…'],
    remove: [(name: string) => `Delete view “${name}”`, (name: string) => `Hapus tampilan “${name}”`],
    saveThis: ['Save this view', 'Simpan tampilan ini'],
    name: ['View name', 'Nama tampilan'],
    shared: ['Shared', 'Dibagikan'],
    save: ['Save view', 'Simpan tampilan'],
    couldNotLoad: [
      (reason: string) => `Could not load the saved views: ${reason}`,
      (reason: string) => `Gagal memuat tampilan tersimpan: ${reason}`,
    ],
    couldNotSave: [
      (reason: string) => `Could not save the view: ${reason}`,
      (reason: string) => `Gagal menyimpan tampilan: ${reason}`,
    ],
    couldNotDelete: [
      (reason: string) => `Could not delete the view: ${reason}`,
      (reason: string) => `Gagal menghapus tampilan: ${reason}`,
    ],
  },
});
