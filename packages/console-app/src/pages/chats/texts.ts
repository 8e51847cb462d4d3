import { defineTexts } from '../../i18n.js';

/** The Chat List's own texts (its title is the spec's; the thread itself is console-ui's ChatThread). */
export const CHATS_TEXTS = defineTexts({
  filters: {
    all: ['All', 'Semua'],
    mine: ['Mine', 'Milik saya'],
    unassigned: ['Unassigned', 'Belum ditugaskan'],
    bot: ['Handled by the bot', 'Ditangani bot'],
    resolved: ['Resolved', 'Selesai'],
  },
  templates: {
    follow_up: ['Follow-up ({{1}} = name)', 'Tindak lanjut ({{1}} = nama)'],
    order_shipped: [
      'Order shipped ({{1}} = name, {{2}} = receipt)',
      'Pesanan dikirim ({{1}} = nama, {{2}} = resi)',
    ],
  },
  unreachable: ['The server could not be reached.', 'Server tidak dapat dihubungi.'],
  unread: ['unread messages', 'pesan belum dibaca'],
  filterLabel: ['Filter conversations', 'Saring percakapan'],
  search: ['Search name or number', 'Cari nama atau nomor'],
  loading: ['Loading conversations…', 'Memuat percakapan…'],
  notLoaded: [
    (reason: string) => `Conversations could not be loaded: ${reason}`,
    (reason: string) => `Percakapan tidak dapat dimuat: ${reason}`,
  ],
  retry: ['Try again', 'Coba lagi'],
  noMatch: ['No matching conversations.', 'Tidak ada percakapan yang cocok.'],
  none: ['No conversations yet.', 'Belum ada percakapan.'],
  pick: ['Choose a conversation to read and reply.', 'Pilih percakapan untuk membaca dan membalas.'],
  actions: ['Conversation actions', 'Tindakan percakapan'],
  back: ['← List', '← Daftar'],
  assignedTo: ['Assigned to', 'Ditugaskan ke'],
  unassigned: ['Unassigned', 'Belum ditugaskan'],
  resolve: ['Mark resolved', 'Tandai selesai'],
  reopen: ['Reopen', 'Buka lagi'],
  openProblems: ['Open Cust Problem Tracking', 'Buka Cust Problem Tracking'],
  problemCreated: [
    (id: number) => `Problem #${id} created from this message.`,
    (id: number) => `Masalah #${id} dibuat dari pesan ini.`,
  ],
  conversation: ['Conversation', 'Percakapan'],
  resolved: [' · Resolved', ' · Selesai'],
  createProblem: ['Create problem', 'Buat masalah'],
  customerData: ['Customer data', 'Data pelanggan'],
  purchases: ['Purchases', 'Pembelian'],
  noPurchases: ['No purchases with this number yet.', 'Belum ada pembelian dengan nomor ini.'],
  packages: ['Packages', 'Paket'],
  noPackages: ['No packages for this number yet.', 'Belum ada paket untuk nomor ini.'],
  receipt: [(receipt: string) => ` · receipt ${receipt}`, (receipt: string) => ` · resi ${receipt}`],
  list: {
    label: ['Conversations', 'Percakapan'],
    resolved: ['Resolved', 'Selesai'],
    unread: [(count: number) => `${count} unread`, (count: number) => `${count} belum dibaca`],
  },
});
