import { defineTexts } from '../../i18n.js';

type Count = (count: number) => string;
const packagesEn: Count = (count) => `${count} ${count === 1 ? 'package' : 'packages'}`;
const packagesId: Count = (count) => `${count} paket`;

/** The Logistic Tracker's own texts (the status values Waiting, Ready to Ship, Shipping are the spec's data). */
export const LOGISTICS_TEXTS = defineTexts({
  actions: {
    ready: ['Ready to ship', 'Siap kirim'],
    ship: ['Ship', 'Kirim'],
    returned: ['Returned', 'Retur'],
    shipped: ['Shipped', 'Dikirim'],
  },
  row: {
    done: [
      (title: string, label: string) => `${title}: ${label}.`,
      (title: string, label: string) => `${title}: ${label}.`,
    ],
    notChanged: [
      (title: string) => `Could not change ${title}`,
      (title: string) => `${title} tidak dapat diubah`,
    ],
    confirmReceipt: ['Confirm receipt', 'Konfirmasi terima'],
    confirmReceiptOf: [
      (title: string) => `Confirm receipt: ${title}`,
      (title: string) => `Konfirmasi terima: ${title}`,
    ],
    problem: ['Problem', 'Masalah'],
    problemOf: [(title: string) => `Problem: ${title}`, (title: string) => `Masalah: ${title}`],
    markedProblem: [
      (title: string) => `${title} is marked as a problem.`,
      (title: string) => `${title} ditandai bermasalah.`,
    ],
    track: ['Track', 'Lacak'],
    trackingOf: [(title: string) => `Tracking: ${title}`, (title: string) => `Pelacakan: ${title}`],
    notify: ['Notify', 'Kabari'],
    notifyOf: [
      (title: string) => `Notify customer on WhatsApp: ${title}`,
      (title: string) => `Kabari pelanggan lewat WhatsApp: ${title}`,
    ],
    notifying: [
      (name: string) => `The WhatsApp message to ${name} is on its way.`,
      (name: string) => `Pesan WhatsApp untuk ${name} sedang dikirim.`,
    ],
    notNotified: [
      (title: string) => `Could not notify ${title}`,
      (title: string) => `${title} tidak dapat dikabari`,
    ],
  },
  bulk: {
    done: [
      (label: string, count: number) => `${label}: ${packagesEn(count)}.`,
      (label: string, count: number) => `${label}: ${packagesId(count)}.`,
    ],
    failed: [
      (label: string) => `Could not run “${label}”`,
      (label: string) => `“${label}” tidak dapat dijalankan`,
    ],
    markReady: [(count: number) => `Mark ready (${count})`, (count: number) => `Tandai siap (${count})`],
    enterReceipts: [(count: number) => `Enter receipts (${count})`, (count: number) => `Isi resi (${count})`],
    ship: [(count: number) => `Ship (${count})`, (count: number) => `Kirim (${count})`],
    confirmReceipt: [
      (count: number) => `Confirm receipt (${count})`,
      (count: number) => `Konfirmasi terima (${count})`,
    ],
    notifyCustomers: [
      (count: number) => `Notify customers (${count})`,
      (count: number) => `Kabari pelanggan (${count})`,
    ],
    notifying: [
      (count: number) =>
        `WhatsApp messages to ${count} ${count === 1 ? 'customer' : 'customers'} are on their way.`,
      (count: number) => `Pesan WhatsApp untuk ${count} pelanggan sedang dikirim.`,
    ],
    notNotified: ['Could not notify the customers', 'Pelanggan tidak dapat dikabari'],
    printLabels: [(count: number) => `Print labels (${count})`, (count: number) => `Cetak label (${count})`],
  },
  pasteReceipts: ['Paste or upload receipts', 'Tempel atau unggah resi'],
  failedMessages: {
    label: ['WhatsApp messages that failed', 'Pesan WhatsApp yang gagal'],
    count: [
      (count: number) => (count === 1 ? 'A WhatsApp message failed' : `${count} WhatsApp messages failed`),
      (count: number) => (count === 1 ? 'Satu pesan WhatsApp gagal' : `${count} pesan WhatsApp gagal`),
    ],
    noReason: ['no reason given', 'tanpa alasan'],
    sendAgain: ['Send again', 'Kirim ulang'],
    sendAgainOf: [(order: string) => `Send again: ${order}`, (order: string) => `Kirim ulang: ${order}`],
    sentAgain: [
      (order: string) => `The message for ${order} is sent again.`,
      (order: string) => `Pesan untuk ${order} dikirim ulang.`,
    ],
    notSentAgain: ['Could not send again', 'Tidak dapat dikirim ulang'],
  },
  receiptsSaved: [
    (count: number) => `Receipts saved for ${packagesEn(count)}.`,
    (count: number) => `Resi tersimpan untuk ${packagesId(count)}.`,
  ],
  receiptConfirmed: [
    (count: number) => `Receipt confirmed for ${packagesEn(count)}.`,
    (count: number) => `Penerimaan dikonfirmasi untuk ${packagesId(count)}.`,
  ],
  confirm: {
    titleOne: [
      (names: string) => `Confirm receipt of ${names}`,
      (names: string) => `Konfirmasi terima ${names}`,
    ],
    titleMany: [
      (count: number) => `Confirm receipt of ${count} packages`,
      (count: number) => `Konfirmasi terima ${count} paket`,
    ],
    becomesDelivered: ['The package becomes Delivered.', 'Status paket menjadi Delivered.'],
    confirm: ['Confirm receipt', 'Konfirmasi terima'],
    busy: ['Confirming…', 'Mengonfirmasi…'],
    notConfirmed: ['Not confirmed.', 'Belum dikonfirmasi.'],
    receivedBy: ['Received by', 'Diterima oleh'],
    dayReceived: ['Day received', 'Tanggal diterima'],
  },
  labels: {
    title: [(count: number) => `Packing labels (${count})`, (count: number) => `Label paket (${count})`],
    done: ['Done', 'Selesai'],
    notMade: ['The labels could not be made.', 'Label tidak dapat dibuat.'],
    pdf: ['Packing labels PDF', 'PDF label paket'],
    download: ['Download the labels (PDF)', 'Unduh label (PDF)'],
    making: ['Making the labels…', 'Membuat label…'],
  },
  receipts: {
    title: ['Receipt numbers', 'Nomor resi'],
    description: [
      'Courier and receipt (resi) per package. A receipt is unique per courier.',
      'Kurir dan nomor resi per paket. Satu resi hanya boleh dipakai sekali per kurir.',
    ],
    save: ['Save receipts', 'Simpan resi'],
    busy: ['Saving…', 'Menyimpan…'],
    atLeastOne: [
      'Enter a courier and receipt for at least one package.',
      'Isi kurir dan resi untuk minimal satu paket.',
    ],
    notSaved: ['The receipts were not saved.', 'Resi tidak tersimpan.'],
    table: ['Receipts to save', 'Resi yang akan disimpan'],
    order: ['Order', 'Pesanan'],
    courier: ['Courier', 'Kurir'],
    receipt: ['Receipt', 'Resi'],
    courierOf: [(order: string) => `Courier of ${order}`, (order: string) => `Kurir ${order}`],
    receiptOf: [(order: string) => `Receipt of ${order}`, (order: string) => `Resi ${order}`],
    noneSelected: [
      'No packages selected: paste or upload lines below.',
      'Tidak ada paket dipilih: tempel atau unggah baris di bawah.',
    ],
    paste: [
      'Paste lines: order, courier, receipt (from a sheet or CSV)',
      'Tempel baris: pesanan, kurir, resi (dari sheet atau CSV)',
    ],
    pasteExample: [
      'INV-1001, jne, JNE0012345678\nINV-1002, sicepat, 000123456789',
      'INV-1001, jne, JNE0012345678\nINV-1002, sicepat, 000123456789',
    ],
    addPasted: ['Add pasted lines', 'Tambahkan baris yang ditempel'],
    upload: ['Or upload a CSV file (order, courier, receipt)', 'Atau unggah file CSV (pesanan, kurir, resi)'],
    line: [
      (line: number, message: string) => `Line ${line}: ${message}.`,
      (line: number, message: string) => `Baris ${line}: ${message}.`,
    ],
  },
  tracking: {
    states: {
      not_trackable_yet: [
        'Not yet trackable: the courier does not know this receipt yet.',
        'Belum dapat dilacak: kurir belum mengenal resi ini.',
      ],
      in_transit: ['On the way.', 'Dalam perjalanan.'],
      delivered: ['Delivered, says the courier.', 'Sudah diterima, menurut kurir.'],
      returned: ['Returned to the sender, says the courier.', 'Dikembalikan ke pengirim, menurut kurir.'],
      problem: ['The courier reports a problem.', 'Kurir melaporkan masalah.'],
      error: [
        'The tracking service could not be asked; it is tried again later.',
        'Layanan pelacakan tidak dapat dihubungi; akan dicoba lagi nanti.',
      ],
    },
    title: [(order: string) => `Tracking ${order}`, (order: string) => `Pelacakan ${order}`],
    notLoaded: ['Could not load tracking.', 'Gagal memuat pelacakan.'],
    notAsked: ['The courier could not be asked.', 'Kurir tidak dapat dihubungi.'],
    checkNow: ['Check now', 'Cek sekarang'],
    close: ['Close', 'Tutup'],
    asking: ['Asking the courier…', 'Menghubungi kurir…'],
    loading: ['Loading…', 'Memuat…'],
    neverAsked: ['Not asked yet.', 'Belum pernah dicek.'],
    checked: [(when: string) => ` Checked ${when}.`, (when: string) => ` Dicek ${when}.`],
    events: ['Tracking events', 'Riwayat pelacakan'],
    noEvents: ['No events yet.', 'Belum ada riwayat.'],
    courierPage: ["The courier's tracking page", 'Halaman pelacakan kurir'],
  },
});
