// Bahasa Indonesia for every component, in a module of its own: an app that loads Indonesian on demand keeps it
// out of its English pages (issue 33: the console loads it with its Indonesian catalogue).
import { BOARD_MESSAGES, type BoardMessages } from '../components/Board/messages.js';
import { BOT_LOGIN_MESSAGES } from '../components/BotLogin/messages.js';
import type { BulkOutcomesMessages } from '../components/BulkOutcomes/messages.js';
import type { ChartMessages } from '../components/Chart/messages.js';
import { CHAT_THREAD_MESSAGES, type ChatThreadMessages } from '../components/ChatThread/messages.js';
import type { CommandPaletteMessages } from '../components/CommandPalette/messages.js';
import type { CreativePreviewMessages } from '../components/CreativePreview/messages.js';
import type { DataTableMessages } from '../components/DataTable/model.js';
import {
  DATE_RANGE_PICKER_MESSAGES,
  type DateRangePickerMessages,
} from '../components/DateRangePicker/messages.js';
import type { DeltaChipMessages } from '../components/DeltaChip/messages.js';
import type { FilterBarMessages } from '../components/FilterBar/messages.js';
import type { KpiCardMessages } from '../components/KpiCard/messages.js';
import { LOGIN_FORM_MESSAGES, type LoginFormMessages } from '../components/LoginForm/messages.js';
import type { MarkdownTextMessages } from '../components/MarkdownText/messages.js';
import type { HookPickerMessages } from '../components/HookPicker/messages.js';
import type { RecordHistoryMessages } from '../components/RecordHistory/messages.js';
import type { ReportTableMessages } from '../components/ReportTable/messages.js';
import type { ResourceFormMessages } from '../components/ResourceForm/messages.js';
import type { RoomScheduleMessages } from '../components/RoomSchedule/messages.js';
import { SIDEBAR_MESSAGES, type SidebarMessages } from '../components/Sidebar/messages.js';
import { VENN_DIAGRAM_MESSAGES, type VennDiagramMessages } from '../components/VennDiagram/messages.js';
import type { ConsoleMessageSets } from './types.js';

export const DATA_TABLE_MESSAGES_ID: DataTableMessages = {
  empty: 'Tidak ada data',
  retry: 'Coba lagi',
  yes: 'Ya',
  no: 'Tidak',
  actions: 'Aksi',
  columns: 'Kolom',
  visibleColumns: 'Kolom yang ditampilkan',
  bulkActions: 'Aksi massal',
  clearSelection: 'Hapus pilihan',
  rowsPerPage: 'Baris per halaman',
  previousPage: 'Halaman sebelumnya',
  nextPage: 'Halaman berikutnya',
  selectAll: 'Pilih semua baris di halaman ini',
  selectRow: (name) => `Pilih baris ${name}`,
  selected: (count) => `${count} dipilih`,
  loading: (label) => `Memuat ${label}…`,
  pageSummary: ({ first, last, total, estimated }) =>
    `${first === '0' ? '0' : `${first}–${last}`} dari ${estimated ? 'sekitar ' : ''}${total}`,
  keysetSummary: ({ shown, total, estimated }) =>
    total === undefined
      ? `${shown} ditampilkan`
      : `${shown} ditampilkan dari ${estimated ? 'sekitar ' : ''}${total}`,
};

export const FILTER_BAR_MESSAGES_ID: FilterBarMessages = {
  label: 'Filter',
  search: 'Cari',
  searchPlaceholder: 'Cari…',
  activeFilters: 'Filter aktif',
  clearAll: 'Hapus semua',
  addFilter: 'Tambah filter',
  fields: 'Kolom',
  editFilter: (text) => `Ubah filter: ${text}`,
  filterField: (field) => `Filter ${field}`,
  removeFilter: (text) => `Hapus filter ${text}`,
  isAnyOf: (field) => `${field} salah satu dari`,
  chosen: (field) => `${field} terpilih`,
  removeValue: (value) => `Hapus ${value}`,
  addValue: (field) => `Tambah ${field}`,
  contains: (field) => `${field} mengandung`,
  any: 'Semua',
  yes: 'Ya',
  no: 'Tidak',
  between: (field) => `${field} antara`,
  from: 'Dari',
  to: 'Sampai',
  isEmpty: 'Kosong',
  isNotEmpty: 'Tidak kosong',
  rangeNumbers: 'Isi angka untuk rentang',
  back: 'Kembali',
  apply: 'Terapkan',
  cancel: 'Batal',
  retry: 'Coba lagi',
  delete: 'Hapus',
  preset: 'Preset',
  loadingPresets: 'Memuat preset…',
  noPreset: 'Tanpa preset',
  builtIn: 'Bawaan',
  myPresets: 'Preset saya',
  modified: 'Diubah',
  resetTo: (preset) => `Kembalikan ke ${preset}`,
  deletePreset: (preset) => `Hapus preset ${preset}`,
  savePreset: 'Simpan preset',
  presetName: 'Nama preset',
  saveAsPreset: 'Simpan sebagai preset…',
  savingPresets: 'Menyimpan preset…',
  presetsError: (error) => `Preset: ${error}`,
  presetApproximated: (preset) =>
    `“${preset}” disimpan oleh versi lama dan hanya bisa didekati: mungkin menampilkan lebih banyak baris dari sebelumnya. Simpan lagi untuk menyimpannya seperti sekarang.`,
  savedViews: 'Tampilan tersimpan',
  activeView: (view) => `Tampilan: ${view}`,
  noSavedViews: 'Belum ada tampilan tersimpan',
  shareView: (view) => `Bagikan ${view}`,
  shared: 'Dibagikan',
  private: 'Pribadi',
  deleteView: (view) => `Hapus tampilan ${view}`,
  saveCurrentView: 'Simpan tampilan ini',
  saveViewAs: 'Simpan tampilan ini sebagai',
  shareWithEveryone: 'Bagikan ke semua yang dapat membaca daftar ini',
  saveView: 'Simpan tampilan',
  replaceFilters: (preset, count) =>
    `“${preset}” menggantikan ${count === 1 ? 'filter' : `${count} filter`} yang Anda atur. Ganti?`,
  replace: 'Ganti',
  keepFilters: 'Pertahankan milik saya',
  showFilters: (active) => (active > 0 ? `Filter (${active})` : 'Filter'),
  chip: {
    contains: (field, value) => `${field} mengandung “${value}”`,
    isEmpty: (field) => `${field} kosong`,
    isNotEmpty: (field) => `${field} tidak kosong`,
    withinLastDays: (field, days) => `${field} dalam ${days} hari terakhir`,
    or: ' atau ',
    and: ' dan ',
    presetConditions: 'kondisi preset',
  },
};

// The spec's login texts stay as the spec writes them; only the two-step texts are the console's own (already
// Indonesian).
export const LOGIN_FORM_MESSAGES_ID: LoginFormMessages = { ...LOGIN_FORM_MESSAGES };

export const SIDEBAR_MESSAGES_ID: SidebarMessages = {
  lastLogin: 'Login terakhir:',
  signOut: SIDEBAR_MESSAGES.signOut,
  refresh: 'Muat ulang izin',
  refreshing: 'Memuat ulang izin…',
  navLabel: 'Menu utama',
  locked: 'Tidak ada akses: halaman ini memerlukan izin yang tidak Anda miliki.',
};

export const RESOURCE_FORM_MESSAGES_ID: ResourceFormMessages = {
  create: 'Buat',
  save: 'Simpan perubahan',
  saving: 'Menyimpan…',
  cancel: 'Batal',
  unsavedChanges: 'Perubahan belum disimpan',
  conflict: 'Data ini sudah diubah orang lain',
  reload: 'Muat ulang',
  select: 'Pilih…',
  from: 'Dari',
  to: 'Sampai',
  required: 'Wajib diisi',
  atLeastCharacters: (count) => `Minimal ${count} karakter`,
  atMostCharacters: (count) => `Maksimal ${count} karakter`,
  atLeast: (min) => `Minimal ${min}`,
  atMost: (max) => `Maksimal ${max}`,
  wholeNumber: 'Isi bilangan bulat',
  number: 'Isi angka',
  atMostTags: (count) => `Maksimal ${count} tag`,
  tagAtMostCharacters: (count) => `Setiap tag maksimal ${count} karakter`,
  endBeforeStart: 'Akhir sebelum awal',
  json: 'Isi JSON yang valid',
  dateTime: 'Isi tanggal dan jam',
  email: 'Isi alamat email',
  url: 'Isi URL yang diawali http:// atau https://',
  invalidFormat: 'Format tidak valid',
  currency: 'Rp',
  secretSet: (mask) => `${mask} (terisi)`,
  replace: 'Ganti',
  replaceField: (field) => `Ganti ${field}`,
  keepCurrent: 'Pertahankan',
  tags: 'Tag',
  removeTag: (tag) => `Hapus ${tag}`,
  clearField: (field) => `Kosongkan ${field}`,
  searchField: (field) => `Cari ${field.toLowerCase()}…`,
  searching: 'Mencari…',
  loadFailed: 'Pilihan tidak dapat dimuat',
  noMatches: 'Tidak ada yang cocok',
};

// Presets and the field labels are the spec's; the checks are the console's own.
export const DATE_RANGE_PICKER_MESSAGES_ID: DateRangePickerMessages = {
  ...DATE_RANGE_PICKER_MESSAGES,
  presetSelect: (label) => `${label}: pilihan cepat`,
  bothDays: 'Isi kedua tanggal.',
  firstAfterLast: 'Tanggal awal tidak boleh setelah tanggal akhir.',
  lastAfterMax: (day) => `Tanggal akhir tidak boleh setelah ${day}.`,
};

export const REPORT_TABLE_MESSAGES_ID: ReportTableMessages = {
  empty: 'Tidak ada data untuk periode ini.',
  totals: 'Total',
  retry: 'Coba lagi',
  loading: (label) => `Memuat ${label}…`,
  loadingLevel: 'Memuat tingkat berikutnya…',
  emptyLevel: 'Tidak ada baris di tingkat ini.',
  levelFailed: (reason) => `Tingkat berikutnya tidak dapat dimuat: ${reason}`,
  expand: (name) => `Buka ${name}`,
  collapse: (name) => `Tutup ${name}`,
};

export const CHART_MESSAGES_ID: ChartMessages = {
  empty: 'Tidak ada data untuk periode ini.',
  loadFailed: 'Grafik tidak dapat dimuat.',
  echartsMissing: 'Grafik memerlukan paket echarts, yang belum terpasang: npm install echarts',
  loading: (label) => `Memuat ${label}…`,
  categories: (label) => `${label}: filter menurut kategori`,
  selected: (category) => `Difilter pada ${category}`,
  // ECharts ships no Indonesian locale: our own words for its description, same keys as its English one.
  aria: {
    general: { withTitle: 'Ini grafik tentang "{title}"', withoutTitle: 'Ini sebuah grafik' },
    series: {
      single: {
        prefix: '',
        withName: ', berupa {seriesType} bernama {seriesName}.',
        withoutName: ', berupa {seriesType}.',
      },
      multiple: {
        prefix: ', terdiri dari {seriesCount} seri.',
        withName: ' Seri {seriesName} berupa {seriesType}.',
        withoutName: ' Satu seri berupa {seriesType}.',
        separator: { middle: '', end: '' },
      },
    },
    data: {
      allData: ' Datanya sebagai berikut: ',
      partialData: ' {displayCnt} data pertama: ',
      withName: 'data untuk {name} adalah {value}',
      withoutName: '{value}',
      separator: { middle: ', ', end: '.' },
    },
    typeNames: { line: 'grafik garis', bar: 'grafik batang', funnel: 'grafik corong', chart: 'grafik' },
  },
};

export const KPI_CARD_MESSAGES_ID: KpiCardMessages = {
  loading: (label) => `Memuat ${label}…`,
  previous: (value) => `sebelumnya: ${value}`,
};

export const BULK_OUTCOMES_MESSAGES_ID: BulkOutcomesMessages = {
  summary: (done, failed, working) =>
    `${done} berhasil, ${failed} gagal${working === '0' ? '' : `, ${working} masih diproses`}`,
  status: { working: 'Memproses…', done: 'Berhasil', failed: 'Gagal' },
  empty: 'Tidak ada yang dipilih',
  dismiss: 'Tutup',
};

export const DELTA_CHIP_MESSAGES_ID: DeltaChipMessages = {
  previousPeriod: 'periode sebelumnya',
  up: (change, comparedTo) => `naik ${change} dari ${comparedTo}`,
  down: (change, comparedTo) => `turun ${change} dari ${comparedTo}`,
  flat: (change, comparedTo) => `tetap ${change} dari ${comparedTo}`,
  none: (comparedTo) => `tidak ada perbandingan dengan ${comparedTo}`,
};

export const RECORD_HISTORY_MESSAGES_ID: RecordHistoryMessages = {
  title: 'Riwayat',
  empty: 'Belum ada perubahan tercatat',
  loading: 'Memuat riwayat…',
  retry: 'Coba lagi',
  actions: { create: 'Dibuat', update: 'Diubah', delete: 'Dihapus', restore: 'Dipulihkan' },
  by: (action, actor) => (
    <>
      {action} oleh {actor}
    </>
  ),
  secretChanged: (field) => <>{field} diubah</>,
  changedTo: 'diubah menjadi',
};

export const CHAT_THREAD_MESSAGES_ID: ChatThreadMessages = { ...CHAT_THREAD_MESSAGES };
export const BOARD_MESSAGES_ID: BoardMessages = { ...BOARD_MESSAGES };
export const VENN_DIAGRAM_MESSAGES_ID: VennDiagramMessages = {
  ...VENN_DIAGRAM_MESSAGES,
  title: 'Diagram Venn',
  legend: 'Himpunan',
};

export const ROOM_SCHEDULE_MESSAGES_ID: RoomScheduleMessages = {
  loading: 'Memuat jadwal ruangan…',
  empty: 'Belum ada ruangan yang dapat dipesan: tambahkan ruangan (aktif) di master data Meeting Rooms.',
  rooms: 'Ruangan',
  room: 'Ruangan',
  seats: (capacity) => `${capacity} kursi`,
  freeNow: 'Kosong sekarang',
  busyUntil: (time) => `Terpakai sampai ${time}`,
  free: 'Kosong',
  book: (room, time) => `Pesan ${room} pukul ${time}`,
  by: (organizer, pending) => `oleh ${organizer}${pending ? ' (menunggu persetujuan)' : ''}`,
  until: (time) => `sampai ${time}`,
  weekCaption: (first, last) => `Pemesanan dari ${first} sampai ${last}`,
};

export const MARKDOWN_TEXT_MESSAGES_ID: MarkdownTextMessages = { empty: 'Belum ada isi.' };

export const HOOK_PICKER_MESSAGES_ID: HookPickerMessages = {
  empty: 'Belum ada hook. Isi brief lalu tekan Buat.',
  streaming: (received, expected) => `Menulis hook… ${received} dari ${expected}`,
  done: (count, picked) => `${count} hook, ${picked} dipilih`,
  pick: (n) => `Pilih hook ${n}`,
  edit: (n) => `Hook ${n}`,
  formula: 'Formula',
};

export const CREATIVE_PREVIEW_MESSAGES_ID: CreativePreviewMessages = {
  loading: 'Memuat pratinjau…',
  none: (name) => `${name}: tidak ada pratinjau`,
  broken: (name) => `${name}: gambar tidak dapat dimuat`,
  videoPoster: (name) => `${name} (poster video)`,
  noneText: 'Tidak ada pratinjau',
  brokenText: 'Gambar tidak tersedia',
  videoBadge: 'Video',
};

export const COMMAND_PALETTE_MESSAGES_ID: CommandPaletteMessages = {
  title: 'Palet perintah',
  inputLabel: 'Cari halaman dan data',
  placeholder: 'Buka halaman atau cari data…',
  pagesGroup: 'Halaman',
  recordsGroup: 'Data',
  loading: 'Mencari data…',
  empty: (query) => `Tidak ditemukan untuk “${query}”`,
  error: 'Data tidak dapat dicari.',
  retry: 'Coba lagi',
  typeMore: (minLength) => `Ketik ${minLength} karakter atau lebih untuk mencari data`,
};

/** Bahasa Indonesia for every component; give it to `ConsoleMessagesProvider`. */
export const CONSOLE_MESSAGES_ID: ConsoleMessageSets = {
  board: BOARD_MESSAGES_ID,
  botLogin: BOT_LOGIN_MESSAGES,
  bulkOutcomes: BULK_OUTCOMES_MESSAGES_ID,
  chart: CHART_MESSAGES_ID,
  chatThread: CHAT_THREAD_MESSAGES_ID,
  commandPalette: COMMAND_PALETTE_MESSAGES_ID,
  creativePreview: CREATIVE_PREVIEW_MESSAGES_ID,
  dataTable: DATA_TABLE_MESSAGES_ID,
  dateRangePicker: DATE_RANGE_PICKER_MESSAGES_ID,
  deltaChip: DELTA_CHIP_MESSAGES_ID,
  filterBar: FILTER_BAR_MESSAGES_ID,
  kpiCard: KPI_CARD_MESSAGES_ID,
  loginForm: LOGIN_FORM_MESSAGES_ID,
  markdownText: MARKDOWN_TEXT_MESSAGES_ID,
  hookPicker: HOOK_PICKER_MESSAGES_ID,
  recordHistory: RECORD_HISTORY_MESSAGES_ID,
  reportTable: REPORT_TABLE_MESSAGES_ID,
  resourceForm: RESOURCE_FORM_MESSAGES_ID,
  roomSchedule: ROOM_SCHEDULE_MESSAGES_ID,
  sidebar: SIDEBAR_MESSAGES_ID,
  vennDiagram: VENN_DIAGRAM_MESSAGES_ID,
  values: { yes: 'Ya', no: 'Tidak', notSet: 'Belum diisi' },
};
