import {
  PROBLEM_PRIORITY_LABELS as PRIORITY,
  PROBLEM_STATUS_LABELS as STATUS,
} from '@staff/console-contract';
import { currentLanguage, defineTexts } from '../../i18n.js';

/** Cust Problem Tracking's own texts and the new-problem form's (also opened from the Chat List). */
export const PROBLEMS_TEXTS = defineTexts({
  unreachable: ['The server could not be reached.', 'Server tidak dapat dihubungi.'],
  statuses: {
    open: [STATUS.open, 'Terbuka'],
    in_progress: [STATUS.in_progress, 'Diproses'],
    resolved: [STATUS.resolved, 'Selesai'],
    closed: [STATUS.closed, 'Ditutup'],
  },
  priorities: {
    low: [PRIORITY.low, 'Rendah'],
    medium: [PRIORITY.medium, 'Sedang'],
    high: [PRIORITY.high, 'Tinggi'],
    urgent: [PRIORITY.urgent, 'Mendesak'],
  },
  columns: {
    customer: ['Customer', 'Pelanggan'],
    category: ['Category', 'Kategori'],
    priority: ['Priority', 'Prioritas'],
    status: ['Status', 'Status'],
    assignee: ['Assignee', 'Penanggung jawab'],
    slaDue: ['SLA due (WIB)', 'Batas SLA (WIB)'],
  },
  mine: ['Mine', 'Milik saya'],
  breached: ['SLA breached', 'Lewat SLA'],
  due: [(when: string) => `due ${when}`, (when: string) => `batas ${when}`],
  notMoved: [
    (id: number, reason: string) => `#${id} could not be moved: ${reason}`,
    (id: number, reason: string) => `#${id} tidak dapat dipindah: ${reason}`,
  ],
  newProblem: ['New problem', 'Masalah baru'],
  toolbar: ['View and filters', 'Tampilan dan filter'],
  view: ['View', 'Tampilan'],
  board: ['Board', 'Papan'],
  list: ['List', 'Daftar'],
  search: ['Search', 'Cari'],
  boardLabel: ['Customer problem board', 'Papan masalah pelanggan'],
  notLoaded: [
    (reason: string) => `Problems could not be loaded: ${reason}`,
    (reason: string) => `Masalah tidak dapat dimuat: ${reason}`,
  ],
  loading: ['Loading problems…', 'Memuat masalah…'],
  noMatch: ['No matching problems yet.', 'Belum ada masalah yang cocok.'],
  listLabel: ['Problem list', 'Daftar masalah'],
  panel: {
    notLoaded: [
      (id: number, reason: string) => `Problem #${id} could not be loaded: ${reason}`,
      (id: number, reason: string) => `Masalah #${id} tidak dapat dimuat: ${reason}`,
    ],
    loading: [(id: number) => `Loading problem #${id}…`, (id: number) => `Memuat masalah #${id}…`],
    title: [(id: number) => `Problem #${id}`, (id: number) => `Masalah #${id}`],
    close: ['Close panel', 'Tutup panel'],
    customer: ['Customer', 'Pelanggan'],
    purchase: ['Purchase / product', 'Pembelian / produk'],
    chat: ['Chat', 'Chat'],
    openChat: [
      (message: number | null) => (message ? 'Open the chat message it came from' : 'Open the chat'),
      (message: number | null) => (message ? 'Buka pesan chat asalnya' : 'Buka chat'),
    ],
    category: ['Category', 'Kategori'],
    sla: [
      (hours: number, due: string) => `${hours} hours, due ${due} WIB`,
      (hours: number, due: string) => `${hours} jam, batas ${due} WIB`,
    ],
    moveStatus: ['Move status', 'Pindahkan status'],
    assignee: ['Assignee', 'Penanggung jawab'],
    comments: [(count: number) => `Comments (${count})`, (count: number) => `Komentar (${count})`],
    newComment: ['New comment', 'Komentar baru'],
    sendComment: ['Send comment', 'Kirim komentar'],
    attachments: [(count: number) => `Attachments (${count})`, (count: number) => `Lampiran (${count})`],
    link: ['Link', 'Tautan'],
    label: ['Label', 'Label'],
    addAttachment: ['Add attachment', 'Tambah lampiran'],
  },
  form: {
    title: ['New problem', 'Masalah baru'],
    optionsNotLoaded: [
      (reason: string) => `Categories and assignees could not be loaded: ${reason}`,
      (reason: string) => `Kategori dan penanggung jawab tidak dapat dimuat: ${reason}`,
    ],
    retry: ['Try again', 'Coba lagi'],
    loadingOptions: ['Loading categories…', 'Memuat kategori…'],
    relatedPurchase: ['Related purchase', 'Pembelian terkait'],
    none: ['None', 'Tidak ada'],
    purchaseId: ['Purchase (Mayar id)', 'Pembelian (Mayar id)'],
    customerName: ['Customer name', 'Nama pelanggan'],
    email: ['Email', 'Email'],
    phone: ['Phone', 'Telepon'],
    category: ['Category', 'Kategori'],
    choose: ['Choose…', 'Pilih…'],
    subcategory: ['Sub category', 'Sub kategori'],
    hours: [(hours: number) => ` (${hours} hours)`, (hours: number) => ` (${hours} jam)`],
    priority: ['Priority', 'Prioritas'],
    subcategoryDefault: ["The sub category's default", 'Bawaan sub kategori'],
    assignee: ['Assignee', 'Penanggung jawab'],
    description: ['Description', 'Keterangan'],
    save: ['Save', 'Simpan'],
    cancel: ['Cancel', 'Batal'],
  },
});

/** A failed call's message, or that the server was not reached (outside React, in the chosen language). */
export const unreachable = () => PROBLEMS_TEXTS[currentLanguage()].unreachable;
