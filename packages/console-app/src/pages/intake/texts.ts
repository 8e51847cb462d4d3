import { defineTexts } from '../../i18n.js';

/** Ad campaign intake's texts: the Ads Manager import, the Meta pull panel and their buttons on Ad Campaign Admin. */
export const INTAKE_TEXTS = defineTexts({
  importButton: ['Import from Ads Manager', 'Impor dari Ads Manager'],
  pullButton: ['Pull from Meta', 'Tarik dari Meta'],
  imported: [
    (inserted: string, updated: string, unchanged: string) =>
      `Ads Manager import: ${inserted} inserted, ${updated} updated, ${unchanged} unchanged.`,
    (inserted: string, updated: string, unchanged: string) =>
      `Impor Ads Manager: ${inserted} ditambahkan, ${updated} diperbarui, ${unchanged} tidak berubah.`,
  ],
  campaignsFromMeta: [
    (count: string) => ` ${count} campaign(s) from Meta added or renamed: link their product.`,
    (count: string) => ` ${count} campaign dari Meta ditambahkan atau berganti nama: tautkan produknya.`,
  ],
  import: {
    title: ['Import from Ads Manager', 'Impor dari Ads Manager'],
    description: [
      'An Ads Manager export at ad level with a breakdown by day, CSV or XLSX, English or Indonesian. Rows already imported with the same figures are left unchanged.',
      'Ekspor Ads Manager di tingkat ad dengan rincian per hari, CSV atau XLSX, berbahasa Inggris atau Indonesia. Baris yang sudah diimpor dengan angka yang sama dibiarkan.',
    ],
    close: ['Close', 'Tutup'],
    tryAgain: ['Try again', 'Coba lagi'],
    import: ['Import', 'Impor'],
    checking: ['Checking…', 'Memeriksa…'],
    importing: ['Importing…', 'Mengimpor…'],
    chooseFirst: ['Choose an export file first.', 'Pilih file ekspor terlebih dahulu.'],
    file: ['Ads Manager export (CSV or XLSX)', 'Ekspor Ads Manager (CSV atau XLSX)'],
    fileHint: ['Choose a file or drop it here', 'Pilih file atau letakkan di sini'],
    checkingFile: ['Checking the file', 'Memeriksa file'],
    uploading: ['Uploading', 'Mengunggah'],
    saving: ['Saving…', 'Menyimpan…'],
    sizeOf: [
      (loaded: string, total: string) => `${loaded} of ${total}`,
      (loaded: string, total: string) => `${loaded} dari ${total}`,
    ],
    preview: ['Preview', 'Pratinjau'],
    /** After the row count. */
    ready: [' rows ready to import', ' baris siap diimpor'],
    summarySkipped: [', summary row skipped', ', baris ringkasan dilewati'],
    headers: [
      (language: 'id' | 'en', size: string) =>
        ` (${language === 'id' ? 'Indonesian' : 'English'} headers, ${size}).`,
      (language: 'id' | 'en', size: string) =>
        ` (judul kolom berbahasa ${language === 'id' ? 'Indonesia' : 'Inggris'}, ${size}).`,
    ],
    fixProblems: [
      (count: string) =>
        ` Fix the ${count} problem(s) below and choose the file again: nothing is imported while any remain.`,
      (count: string) =>
        ` Perbaiki ${count} masalah di bawah lalu pilih file lagi: tidak ada yang diimpor selama masih ada masalah.`,
    ],
    imported: ['Imported', 'Terimpor'],
    result: ['Import result', 'Hasil impor'],
    summary: {
      rows: ['Rows', 'Baris'],
      inserted: ['Inserted', 'Ditambahkan'],
      updated: ['Updated', 'Diperbarui'],
      unchanged: ['Unchanged', 'Tidak berubah'],
      rejected: ['Rejected', 'Ditolak'],
      adSets: ['Ad sets', 'Ad set'],
      ads: ['Ads', 'Ad'],
    },
    problems: ['Problems in the file', 'Masalah dalam file'],
    line: ['Line', 'Baris'],
    column: ['Column', 'Kolom'],
    problem: ['Problem', 'Masalah'],
  },
  pull: {
    title: ['Pull from Meta', 'Tarik dari Meta'],
    loadFailed: ['The pulls could not be loaded.', 'Data penarikan tidak dapat dimuat.'],
    loading: ['Loading pulls…', 'Memuat penarikan…'],
    noAccount: [
      'No ad account is set up for the Marketing API pull yet',
      'Belum ada akun iklan yang disiapkan untuk penarikan Marketing API',
    ],
    addOneBelow: [': add one below.', ': tambahkan di bawah.'],
    adAccount: ['Ad account', 'Akun iklan'],
    dailyOff: [' — daily pull off', ' — penarikan harian mati'],
    pullNow: ['Pull now', 'Tarik sekarang'],
    pullQueued: [
      'Pull queued: yesterday and the days Meta restates.',
      'Penarikan diantrekan: kemarin dan hari-hari yang diperbarui Meta.',
    ],
    backfillFrom: ['Backfill from', 'Isi data lama dari'],
    to: ['to', 'sampai'],
    backfill: ['Backfill (max 90 days)', 'Isi data lama (maks. 90 hari)'],
    backfillQueued: ['Backfill queued.', 'Pengisian data lama diantrekan.'],
    refresh: ['Refresh', 'Muat ulang'],
    fromField: [(message: string) => `From: ${message}`, (message: string) => `Dari: ${message}`],
    toField: [(message: string) => `To: ${message}`, (message: string) => `Sampai: ${message}`],
    addAccount: ['Add an ad account', 'Tambah akun iklan'],
    name: ['Name', 'Nama'],
    adAccountId: ['Ad account id', 'Id akun iklan'],
    adAccountIdExample: ['act_1234567890', 'act_1234567890'],
    accessToken: ['Access token', 'Access token'],
    addAccountButton: ['Add ad account', 'Tambah akun iklan'],
    adAccountIdField: [
      (message: string) => `Ad account id: ${message}`,
      (message: string) => `Id akun iklan: ${message}`,
    ],
    accountSaved: [
      'Ad account saved. Its token is stored sealed and never shown again.',
      'Akun iklan disimpan. Token-nya disimpan tersegel dan tidak pernah ditampilkan lagi.',
    ],
    noPulls: [
      'No pulls yet: the daily pull runs after 02:00 WIB.',
      'Belum ada penarikan: penarikan harian berjalan setelah pukul 02.00 WIB.',
    ],
    recent: ['Recent pulls from Meta', 'Penarikan terbaru dari Meta'],
    columns: {
      requested: ['Requested', 'Diminta'],
      account: ['Account', 'Akun'],
      days: ['Days', 'Hari'],
      kind: ['Kind', 'Jenis'],
      status: ['Status', 'Status'],
      rows: ['Rows written / read', 'Baris ditulis / dibaca'],
      pages: ['Pages', 'Halaman'],
      throttled: ['Throttled waits', 'Jeda karena dibatasi'],
      error: ['Error', 'Galat'],
    },
    status: {
      queued: ['Queued', 'Dalam antrean'],
      running: ['Running', 'Berjalan'],
      succeeded: ['Succeeded', 'Berhasil'],
      failed: ['Failed', 'Gagal'],
    },
    trigger: {
      schedule: ['Daily', 'Harian'],
      backfill: ['Backfill', 'Isi data lama'],
      manual: ['Pull now', 'Tarik sekarang'],
    },
  },
});
