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
  moreNotLoaded: [
    (reason: string) => `Older conversations could not be loaded: ${reason}`,
    (reason: string) => `Percakapan lama tidak dapat dimuat: ${reason}`,
  ],
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
  numberInactive: [
    (number: string, canFix: boolean) =>
      `The number ${number} is inactive in WA Registries, so replies cannot be sent. ${canFix ? 'Activate it in WA Registries to reply here.' : 'An administrator can activate it.'}`,
    (number: string, canFix: boolean) =>
      `Nomor ${number} tidak aktif di WA Registries, jadi balasan tidak bisa dikirim. ${canFix ? 'Aktifkan di WA Registries untuk membalas di sini.' : 'Administrator dapat mengaktifkannya.'}`,
  ],
  openRegistry: [
    (number: string) => `Open ${number} in WA Registries`,
    (number: string) => `Buka ${number} di WA Registries`,
  ],
  inactiveSuffix: [' · inactive number', ' · nomor tidak aktif'],
  unregistered: {
    what: ['the messages to unregistered numbers', 'pesan ke nomor yang tidak terdaftar'],
    label: ['Messages to unregistered numbers', 'Pesan ke nomor yang tidak terdaftar'],
    summary: [
      (one: boolean) => (one ? 'message to an unregistered number' : 'messages to unregistered numbers'),
      (_one: boolean) => 'pesan ke nomor yang tidak terdaftar',
    ],
    why: [
      'Customers wrote to business numbers missing from WA Registries. Their messages are kept here: register the number, then take them into conversations.',
      'Pelanggan menulis ke nomor bisnis yang tidak ada di WA Registries. Pesannya disimpan di sini: daftarkan nomornya, lalu masukkan ke percakapan.',
    ],
    numbers: ['Numbers', 'Nomor'],
    count: [
      (n: number) => `${n.toLocaleString('id-ID')} ${n === 1 ? 'message' : 'messages'}`,
      (n: number) => `${n.toLocaleString('id-ID')} pesan`,
    ],
    last: [(time: string) => `last ${time} WIB`, (time: string) => `terakhir ${time} WIB`],
    register: ['Add it in WA Registries', 'Tambahkan di WA Registries'],
    registeredNow: ['registered now', 'sudah terdaftar'],
    adopt: ['Take into conversations', 'Masukkan ke percakapan'],
    adopted: [
      (moved: number, remaining: number) =>
        `${moved.toLocaleString('id-ID')} taken into conversations; ${remaining.toLocaleString('id-ID')} still waiting for their number.`,
      (moved: number, remaining: number) =>
        `${moved.toLocaleString('id-ID')} dimasukkan ke percakapan; ${remaining.toLocaleString('id-ID')} masih menunggu nomornya didaftarkan.`,
    ],
    messages: ['Messages', 'Pesan'],
  },
  customerData: ['Customer data', 'Data pelanggan'],
  purchases: ['Purchases', 'Pembelian'],
  noPurchases: ['No purchases with this number yet.', 'Belum ada pembelian dengan nomor ini.'],
  packages: ['Packages', 'Paket'],
  noPackages: ['No packages for this number yet.', 'Belum ada paket untuk nomor ini.'],
  problems: ['Problems of this customer', 'Masalah pelanggan ini'],
  noProblems: [
    'No problems for this customer, on any number.',
    'Belum ada masalah untuk pelanggan ini, di nomor mana pun.',
  ],
  problemStatus: {
    open: ['Open', 'Terbuka'],
    in_progress: ['In progress', 'Sedang ditangani'],
    resolved: ['Resolved', 'Selesai'],
    closed: ['Closed', 'Ditutup'],
  },
  problemLabel: [(id: number) => `Problem #${id}`, (id: number) => `Masalah #${id}`],
  fromMessage: ['its message', 'pesannya'],
  fromMessageOn: [
    (number: string) => `its message on ${number}`,
    (number: string) => `pesannya di ${number}`,
  ],
  customer: {
    title: ['Customer', 'Pelanggan'],
    numbers: [
      (count: number) =>
        count === 1
          ? 'Writes only to this number.'
          : `Writes to ${count.toLocaleString('id-ID')} of our numbers.`,
      (count: number) =>
        count === 1
          ? 'Hanya menulis ke nomor ini.'
          : `Menulis ke ${count.toLocaleString('id-ID')} nomor kita.`,
    ],
    conversations: ["This customer's conversations", 'Percakapan pelanggan ini'],
    current: ['this one', 'yang ini'],
    unread: [(count: number) => `${count} unread`, (count: number) => `${count} belum dibaca`],
    resolved: ['resolved', 'selesai'],
    inactive: ['inactive number', 'nomor tidak aktif'],
    open: [
      (number: string) => `Open the conversation on ${number}`,
      (number: string) => `Buka percakapan di ${number}`,
    ],
  },
  receipt: [(receipt: string) => ` · receipt ${receipt}`, (receipt: string) => ` · resi ${receipt}`],
  list: {
    label: ['Conversations', 'Percakapan'],
    resolved: ['Resolved', 'Selesai'],
    inactiveNumber: ['Inactive number', 'Nomor tidak aktif'],
    bot: ['Bot', 'Bot'],
    cameIn: [(number: string) => `Came in on ${number}`, (number: string) => `Masuk lewat ${number}`],
    otherNumbers: [
      (count: number) => `+${count} ${count === 1 ? 'number' : 'numbers'}`,
      (count: number) => `+${count} nomor`,
    ],
    otherNumbersLong: [
      (count: number) => `The customer also writes to ${count} other ${count === 1 ? 'number' : 'numbers'}`,
      (count: number) => `Pelanggan juga menulis ke ${count} nomor lain`,
    ],
    unread: [(count: number) => `${count} unread`, (count: number) => `${count} belum dibaca`],
  },
});
