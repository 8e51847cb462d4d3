import { defineTexts } from '../../i18n.js';

const requestsEn = (count: string, one: boolean) => `${count} ${one ? 'request' : 'requests'}`;

/** Change Email's own texts (the page title, the entity's labels and the statuses are the contract's). */
export const CHANGE_EMAIL_TEXTS = defineTexts({
  pendingOnly: ['Pending requests', 'Permintaan tertunda'],
  allRequests: ['All requests', 'Semua permintaan'],
  help: [
    'Approving moves the customer’s purchases (and so their product access) from the old email to the new one, tells the customer on WhatsApp (template email_changed, from an active Notification number) and asks Mayar to change the customer’s email (Mayar’s “update customer email”, per Mayar account). The WhatsApp message and the Mayar call are sent after the approval and retried when the service is down. Rejecting needs a reason.',
    'Menyetujui memindahkan pembelian pelanggan (dan akses produknya) dari email lama ke email baru, mengabari pelanggan lewat WhatsApp (template email_changed, dari nomor Notification yang aktif) dan meminta Mayar mengganti email pelanggan (“update customer email” Mayar, per akun Mayar). Pesan WhatsApp dan panggilan ke Mayar dikirim setelah persetujuan dan diulang bila layanannya sedang mati. Menolak perlu alasan.',
  ],
  approve: ['Approve', 'Setujui'],
  reject: ['Reject', 'Tolak'],
  approveOf: [(title: string) => `Approve: ${title}`, (title: string) => `Setujui: ${title}`],
  rejectOf: [(title: string) => `Reject: ${title}`, (title: string) => `Tolak: ${title}`],
  approveSelected: [(count: string) => `Approve (${count})`, (count: string) => `Setujui (${count})`],
  rejectSelected: [(count: string) => `Reject (${count})`, (count: string) => `Tolak (${count})`],
  approveTitle: [
    (count: string, one: boolean) => `Approve ${requestsEn(count, one)}?`,
    (count: string) => `Setujui ${count} permintaan?`,
  ],
  approveDescription: [
    'Each request’s purchases move from the old email to the new one, the customer is told on WhatsApp and Mayar is asked to change the customer’s email. This cannot be undone from here.',
    'Pembelian tiap permintaan dipindahkan dari email lama ke email baru, pelanggan dikabari lewat WhatsApp dan Mayar diminta mengganti email pelanggan. Ini tidak bisa dibatalkan dari sini.',
  ],
  rejectTitle: [
    (count: string, one: boolean) => `Reject ${requestsEn(count, one)}?`,
    (count: string) => `Tolak ${count} permintaan?`,
  ],
  rejectDescription: [
    'Nothing moves and nobody is messaged; the reason is kept with the decision.',
    'Tidak ada yang dipindahkan dan tidak ada pesan terkirim; alasannya disimpan bersama keputusan.',
  ],
  reason: ['Reason', 'Alasan'],
  reasonHelp: ['Shown in the request’s decision.', 'Ditampilkan pada keputusan permintaan.'],
  reasonRequired: ['Give a reason for rejecting', 'Tuliskan alasan penolakan'],
  cancel: ['Cancel', 'Batal'],
  working: ['Working…', 'Memproses…'],
  approvedTitle: [
    (done: string, total: string) => `Approved ${done} of ${total}`,
    (done: string, total: string) => `Disetujui ${done} dari ${total}`,
  ],
  rejectedTitle: [
    (done: string, total: string) => `Rejected ${done} of ${total}`,
    (done: string, total: string) => `Ditolak ${done} dari ${total}`,
  ],
  approvingTitle: [(total: string) => `Approving ${total}…`, (total: string) => `Menyetujui ${total}…`],
  rejectingTitle: [(total: string) => `Rejecting ${total}…`, (total: string) => `Menolak ${total}…`],
  moved: [
    (count: string, one: boolean) => `${count} ${one ? 'purchase' : 'purchases'} moved`,
    (count: string) => `${count} pembelian dipindahkan`,
  ],
  rejectedBecause: [(reason: string) => `Rejected: ${reason}`, (reason: string) => `Ditolak: ${reason}`],
  failed: ['Could not decide', 'Tidak dapat diputuskan'],
  decision: {
    title: ['Decision', 'Keputusan'],
    loading: ['Loading the decision…', 'Memuat keputusan…'],
    none: ['Not decided yet.', 'Belum diputuskan.'],
    approvedBy: [
      (who: string, when: string) => `Approved by ${who} on ${when}`,
      (who: string, when: string) => `Disetujui oleh ${who} pada ${when}`,
    ],
    rejectedBy: [
      (who: string, when: string) => `Rejected by ${who} on ${when}`,
      (who: string, when: string) => `Ditolak oleh ${who} pada ${when}`,
    ],
    someone: ['someone', 'seseorang'],
    reason: ['Reason', 'Alasan'],
    purchases: ['Purchases moved', 'Pembelian dipindahkan'],
    whatsapp: ['WhatsApp message', 'Pesan WhatsApp'],
    mayar: ['Mayar customer', 'Pelanggan Mayar'],
    noMayar: ['No Mayar call (nothing moved).', 'Tidak ada panggilan ke Mayar (tidak ada yang dipindahkan).'],
    mayarAccount: [(id: string) => `Mayar account #${id}`, (id: string) => `Akun Mayar #${id}`],
    messageStatus: {
      pending: ['queued', 'dalam antrean'],
      accepted: ['accepted by WhatsApp', 'diterima WhatsApp'],
      sent: ['sent', 'terkirim'],
      delivered: ['delivered', 'sampai'],
      read: ['read', 'dibaca'],
      failed: ['failed', 'gagal'],
      skipped: ['not sent', 'tidak dikirim'],
    },
    mayarStatus: {
      pending: ['waiting to be sent', 'menunggu dikirim'],
      done: ['updated', 'diperbarui'],
      failed: ['failed', 'gagal'],
    },
    attempts: [(count: string) => `${count} attempts`, (count: string) => `${count} percobaan`],
    loadFailed: ['The decision could not be loaded', 'Keputusan tidak dapat dimuat'],
    retry: ['Try again', 'Coba lagi'],
  },
});
