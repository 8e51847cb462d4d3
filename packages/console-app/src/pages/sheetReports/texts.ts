import { defineTexts } from '../../i18n.js';
import { COMMON_TEXTS } from '../../commonTexts.js';

/**
 * Sheet Report's own texts. Weekday names stay Indonesian in both languages (the contract's SHEET_WEEKDAYS: dates
 * are id-ID), as do the report titles (the spec's).
 */
export const SHEET_REPORT_TEXTS = defineTexts({
  description: [
    'Scheduled exports of the reports to CSV or XLSX files, daily or weekly in Asia/Jakarta.',
    'Ekspor terjadwal laporan ke file CSV atau XLSX, harian atau mingguan menurut waktu Asia/Jakarta.',
  ],
  readOnly: [
    'You may see the schedules and download their files; changing or running them needs write access.',
    'Anda dapat melihat jadwal dan mengunduh filenya; mengubah atau menjalankannya memerlukan akses tulis.',
  ],
  requestFailed: ['The request failed.', 'Permintaan gagal.'],
  unknownError: ['unknown error', 'galat tidak diketahui'],
  columns: {
    name: ['Name', 'Nama'],
    report: ['Report', 'Laporan'],
    schedule: ['Schedule', 'Jadwal'],
    next: ['Next', 'Berikutnya'],
    last: ['Last', 'Terakhir'],
    actions: ['Actions', 'Aksi'],
    started: ['Started', 'Mulai'],
    trigger: ['Trigger', 'Pemicu'],
    status: COMMON_TEXTS.status,
    rows: ['Rows', 'Baris'],
    duration: ['Duration (ms)', 'Durasi (ms)'],
    error: ['Error', 'Galat'],
    file: ['File', 'File'],
  },
  sources: {
    report: ['Report', 'Laporan'],
    view: ['Saved view (list)', 'Tampilan tersimpan (daftar)'],
  },
  frequencies: {
    daily: ['Daily', 'Harian'],
    weekly: ['Weekly', 'Mingguan'],
  },
  scheduleText: {
    weekly: [
      (day: string, time: string) => `Weekly, ${day} ${time} WIB`,
      (day: string, time: string) => `Mingguan, ${day} ${time} WIB`,
    ],
    daily: [(time: string) => `Daily ${time} WIB`, (time: string) => `Harian ${time} WIB`],
  },
  status: {
    running: ['Running', 'Berjalan'],
    succeeded: ['Succeeded', 'Berhasil'],
    failed: COMMON_TEXTS.failed,
  },
  saved: [(name: string) => `Schedule "${name}" saved.`, (name: string) => `Jadwal "${name}" disimpan.`],
  exported: [
    (name: string, rows: string) => `${name}: ${rows} rows exported.`,
    (name: string, rows: string) => `${name}: ${rows} baris diekspor.`,
  ],
  runFailed: [
    (name: string, error: string) => `${name}: failed — ${error}`,
    (name: string, error: string) => `${name}: gagal — ${error}`,
  ],
  confirmDelete: [
    (name: string) => `Delete the schedule "${name}" with its log and files?`,
    (name: string) => `Hapus jadwal "${name}" beserta log dan filenya?`,
  ],
  couldNotDownload: [
    (reason: string) => `Could not download: ${reason}`,
    (reason: string) => `Gagal mengunduh: ${reason}`,
  ],
  form: {
    newTitle: ['New schedule', 'Jadwal baru'],
    editTitle: ['Edit schedule', 'Ubah jadwal'],
    name: ['Name', 'Nama'],
    source: ['Source', 'Sumber'],
    view: ['Saved view', 'Tampilan tersimpan'],
    viewHint: [
      'Save a view on any list page; the file holds all its rows.',
      'Simpan tampilan di halaman daftar mana pun; file berisi semua barisnya.',
    ],
    viewsLoading: COMMON_TEXTS.loading,
    viewsFailed: ['Could not be loaded', 'Tidak dapat dimuat'],
    noViews: ['No saved views yet', 'Belum ada tampilan tersimpan'],
    choose: ['Choose…', 'Pilih…'],
    report: ['Report', 'Laporan'],
    groupBy: ['Group by', 'Kelompokkan menurut'],
    defaultGroup: [(label: string) => `${label} (default)`, (label: string) => `${label} (bawaan)`],
    days: ['Range (last days)', 'Rentang (hari terakhir)'],
    format: ['Format', 'Format'],
    frequency: ['Frequency', 'Frekuensi'],
    time: ['Time (WIB)', 'Jam (WIB)'],
    weekday: ['Day', 'Hari'],
    keep: ['Keep the latest files', 'Simpan file terakhir'],
    google: ['Also write into a Google Sheet', 'Tulis juga ke Google Sheet'],
    spreadsheet: ['Spreadsheet (address or id)', 'Spreadsheet (alamat atau id)'],
    sheet: ['Sheet (tab)', 'Sheet (tab)'],
    credentials: ['Service account JSON key', 'Kunci JSON service account'],
    credentialsExample: [
      '{"type": "service_account", "client_email": …, "private_key": …}',
      '{"type": "service_account", "client_email": …, "private_key": …}',
    ],
    credentialsStored: [
      (email: string) => `Stored for ${email}; leave empty to keep using it`,
      (email: string) => `Tersimpan untuk ${email}; kosongkan untuk tetap memakainya`,
    ],
    credentialsHint: [
      'Share the spreadsheet with the service account’s address as an editor. The key is stored encrypted and never shown again.',
      'Bagikan spreadsheet ke alamat service account sebagai editor. Kunci disimpan terenkripsi dan tidak pernah ditampilkan lagi.',
    ],
    active: COMMON_TEXTS.active,
    saving: COMMON_TEXTS.saving,
    create: ['Create schedule', 'Buat jadwal'],
    save: ['Save', 'Simpan'],
    cancel: COMMON_TEXTS.cancel,
  },
  list: {
    title: ['Schedules', 'Jadwal'],
    empty: ['No schedules yet.', 'Belum ada jadwal.'],
    viewSource: [(name: string) => `View "${name}"`, (name: string) => `Tampilan "${name}"`],
    viewDeleted: ['Deleted view', 'Tampilan terhapus'],
    googleSheet: [' · Google Sheet', ' · Google Sheet'],
    days: [(days: string) => `${days} days`, (days: string) => `${days} hari`],
    inactive: ['Inactive', 'Nonaktif'],
    log: ['Log', 'Log'],
    logOf: [(name: string) => `Log ${name}`, (name: string) => `Log ${name}`],
    runNow: ['Run now', 'Jalankan sekarang'],
    runNowOf: [(name: string) => `Run ${name} now`, (name: string) => `Jalankan ${name} sekarang`],
    running: ['Running…', 'Berjalan…'],
    edit: COMMON_TEXTS.edit,
    editOf: [(name: string) => `Edit ${name}`, (name: string) => `Ubah ${name}`],
    remove: COMMON_TEXTS.delete,
    removeOf: [(name: string) => `Delete ${name}`, (name: string) => `Hapus ${name}`],
  },
  runs: {
    title: [(name: string) => `Log: ${name}`, (name: string) => `Log: ${name}`],
    label: ['Run log', 'Log jalan'],
    empty: ['Never run yet.', 'Belum pernah dijalankan.'],
    manual: ['Manual', 'Manual'],
    scheduled: ['Schedule', 'Jadwal'],
    download: ['Download', 'Unduh'],
    downloadOf: [(file: string) => `Download ${file}`, (file: string) => `Unduh ${file}`],
  },
});
