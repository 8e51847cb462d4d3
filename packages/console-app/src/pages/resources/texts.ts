import { defineTexts } from '../../i18n.js';
import { COMMON_TEXTS } from '../../commonTexts.js';

// English lower-cases an entity's label inside a sentence ("New tribe"); Indonesian lower-cases only the first
// letter of a word that is not an acronym ("akun Mayar", "registri WA", but "SKU").
const lower = (label: string) => label.toLowerCase();
const lowerFirst = (label: string) =>
  label.length > 1 && label[1] === label[1]!.toLowerCase() ? label[0]!.toLowerCase() + label.slice(1) : label;

/** The master-data pages' own texts (the entities' texts come from the contract's `localizeEntity`). */
export const RESOURCE_TEXTS = defineTexts({
  noDefinition: ['This page has no master-data definition.', 'Halaman ini tidak punya definisi master data.'],
  loading: COMMON_TEXTS.loading,
  newButton: [(label: string) => `New ${lower(label)}`, (label: string) => `Tambah ${lowerFirst(label)}`],
  newTitle: [(label: string) => `New ${lower(label)}`, (label: string) => `${label} baru`],
  editTitle: [
    (label: string, title: string) => `Edit ${lower(label)} ${title}`,
    (label: string, title: string) => `Ubah ${lowerFirst(label)} ${title}`,
  ],
  readOnly: [
    (plural: string) => `You can read ${lower(plural)} but not change them.`,
    (plural: string) => `Anda bisa melihat ${lowerFirst(plural)} tetapi tidak bisa mengubahnya.`,
  ],
  noPermissionToChange: [
    (plural: string) => `You don't have permission to change ${lower(plural)}.`,
    (plural: string) => `Anda tidak punya izin untuk mengubah ${lowerFirst(plural)}.`,
  ],
  notSaved: ['The change was not saved.', 'Perubahan tidak tersimpan.'],
  created: [
    (label: string, title: string) => `${label} “${title}” created.`,
    (label: string, title: string) => `${label} “${title}” berhasil dibuat.`,
  ],
  saved: [
    (label: string, title: string) => `${label} “${title}” saved.`,
    (label: string, title: string) => `${label} “${title}” berhasil disimpan.`,
  ],
  view: {
    saved: [(name: string) => `View “${name}” saved.`, (name: string) => `Tampilan “${name}” disimpan.`],
    notSaved: ['Could not save the view', 'Tampilan tidak dapat disimpan'],
    notShared: ['Could not share the view', 'Tampilan tidak dapat dibagikan'],
    notDeleted: ['Could not delete the view', 'Tampilan tidak dapat dihapus'],
    notLoaded: [
      (reason: string) => `Saved views could not be loaded: ${reason}`,
      (reason: string) => `Tampilan tersimpan tidak dapat dimuat: ${reason}`,
    ],
  },
  filter: [(plural: string) => `Filter ${lower(plural)}`, (plural: string) => `Filter ${lowerFirst(plural)}`],
  search: [(plural: string) => `Search ${lower(plural)}…`, (plural: string) => `Cari ${lowerFirst(plural)}…`],
  exportCsv: ['Export CSV', 'Ekspor CSV'],
  exporting: ['Exporting…', 'Mengekspor…'],
  exported: [
    (count: string, plural: string) => `Exported ${count} ${lower(plural)} as CSV.`,
    (count: string, plural: string) => `${count} ${lowerFirst(plural)} diekspor sebagai CSV.`,
  ],
  exportFailed: ['Export failed', 'Ekspor gagal'],
  presetUnsupported: [
    'Some conditions of this preset do not fit this list (a field or comparison it does not have); they are left out.',
    'Beberapa kondisi preset ini tidak cocok dengan daftar ini (kolom atau perbandingan yang tidak dimilikinya); kondisi itu diabaikan.',
  ],
  edit: COMMON_TEXTS.edit,
  editRow: [(title: string) => `Edit ${title}`, (title: string) => `Ubah ${title}`],
  delete: COMMON_TEXTS.delete,
  deleteRow: [(title: string) => `Delete ${title}`, (title: string) => `Hapus ${title}`],
  deleteSelected: [
    (count: string) => `Delete selected (${count})`,
    (count: string) => `Hapus yang dipilih (${count})`,
  ],
  /** What a delete names: one row by its title, several by their count. */
  oneRow: [
    (label: string, title: string) => `${lower(label)} “${title}”`,
    (label: string, title: string) => `${lowerFirst(label)} “${title}”`,
  ],
  rows: [
    (count: string, label: string) => `${count} ${lower(label)}`,
    (count: string, label: string) => `${count} ${lowerFirst(label)}`,
  ],
  deleted: [(what: string) => `Deleted ${what}.`, (what: string) => `Dihapus: ${what}.`],
  deleteTitle: [(what: string) => `Delete ${what}?`, (what: string) => `Hapus ${what}?`],
  deleteSoftMany: [
    'They disappear from the list; their history is kept.',
    'Data hilang dari daftar; riwayatnya tetap disimpan.',
  ],
  deleteHardMany: [
    'This cannot be undone; the changes stay in the audit log.',
    'Tindakan ini tidak dapat dibatalkan; perubahannya tetap tercatat di log audit.',
  ],
  deleteSoftOne: [
    'It disappears from the list; its history is kept.',
    'Data hilang dari daftar; riwayatnya tetap disimpan.',
  ],
  deleteHardOne: [
    'This cannot be undone; the change stays in the audit log.',
    'Tindakan ini tidak dapat dibatalkan; perubahannya tetap tercatat di log audit.',
  ],
  deleting: ['Deleting…', 'Menghapus…'],
  cancel: COMMON_TEXTS.cancel,
  loadFailed: [
    (plural: string, reason: string) => `Could not load ${lower(plural)}. ${reason}`,
    (plural: string, reason: string) => `Gagal memuat ${lowerFirst(plural)}. ${reason}`,
  ],
  noMatch: [
    (plural: string) => `No ${lower(plural)} match these filters.`,
    (plural: string) => `Tidak ada ${lowerFirst(plural)} yang cocok dengan filter ini.`,
  ],
  empty: [
    (plural: string) => `No ${lower(plural)} yet.`,
    (plural: string) => `Belum ada ${lowerFirst(plural)}.`,
  ],
  /** Built-in presets of every list (viewState.ts). */
  presets: {
    active: COMMON_TEXTS.active,
    inactive: ['Inactive', 'Tidak aktif'],
    status: [(label: string) => `Status: ${label}`, (label: string) => `Status: ${label}`],
    recent: ['Changed in the last 7 days', 'Diubah dalam 7 hari terakhir'],
  },
  /** A failed call in words (messages.ts). */
  errors: {
    unreachable: [
      'The server could not be reached. Check the connection and try again.',
      'Server tidak dapat dihubungi. Periksa koneksi lalu coba lagi.',
    ],
    forbidden: [
      (plural: string) => `You don't have permission for ${lower(plural)}.`,
      (plural: string) => `Anda tidak punya izin untuk ${lowerFirst(plural)}.`,
    ],
    gone: [
      (label: string) => `This ${lower(label)} no longer exists.`,
      (label: string) => `${label} ini sudah tidak ada.`,
    ],
    status: [
      (status: string) => `The server answered with status ${status}.`,
      (status: string) => `Server menjawab dengan status ${status}.`,
    ],
  },
  /** The record panel (RecordPanel.tsx). */
  panel: {
    close: ['Close panel', 'Tutup panel'],
    showHistory: ['Show history', 'Tampilkan riwayat'],
    history: ['History', 'Riwayat'],
    noChanges: ['No changes recorded yet.', 'Belum ada perubahan tercatat.'],
  },
  /** A forwarding rule's deliveries (ForwarderDeliveries.tsx). */
  deliveries: {
    heading: ['Deliveries', 'Pengiriman'],
    status: {
      pending: ['Pending', 'Menunggu'],
      delivered: ['Delivered', 'Terkirim'],
      failed: COMMON_TEXTS.failed,
      dead: ['Dead-lettered', 'Dihentikan (dead letter)'],
    },
    loading: ['Loading deliveries…', 'Memuat pengiriman…'],
    loadFailed: ['The deliveries could not be loaded.', 'Pengiriman tidak dapat dimuat.'],
    requeued: [
      (count: string, one: boolean) => `${count} ${one ? 'delivery' : 'deliveries'} queued again.`,
      (count: string, _one: boolean) => `${count} pengiriman dimasukkan lagi ke antrean.`,
    ],
    replayFailed: ['Replay failed.', 'Kirim ulang gagal.'],
    replay: ['Replay', 'Kirim ulang'],
    replayOne: [(key: string) => `Replay delivery ${key}`, (key: string) => `Kirim ulang pengiriman ${key}`],
    replayAll: [
      (count: string) => `Replay all failed (${count})`,
      (count: string) => `Kirim ulang semua yang gagal (${count})`,
    ],
    refresh: ['Refresh', 'Muat ulang'],
    nextAttempt: [
      (time: string) => `next attempt ${time} WIB`,
      (time: string) => `percobaan berikutnya ${time} WIB`,
    ],
    empty: [
      'No deliveries yet: matching Mayar purchases will appear here.',
      'Belum ada pengiriman: pembelian Mayar yang cocok akan muncul di sini.',
    ],
    caption: ['Latest deliveries of this rule', 'Pengiriman terbaru aturan ini'],
    columns: {
      event: ['Event', 'Event'],
      status: COMMON_TEXTS.status,
      attempts: ['Attempts', 'Percobaan'],
      lastAnswer: ['Last answer', 'Jawaban terakhir'],
      queued: ['Queued', 'Masuk antrean'],
      action: ['Action', 'Tindakan'],
    },
  },
});

export type ResourceTexts = (typeof RESOURCE_TEXTS)['en'];
