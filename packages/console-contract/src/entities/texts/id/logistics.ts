import { COURIER_OPTIONS, PACKAGE_STATUSES } from '../../packages.js';
import type { EntityTextSet } from '../types.js';
import { ADDRESS, EMAIL, MAYAR_ACCOUNT, PHONE, PRODUCT, names } from './shared.js';

const valuesAsNames = (values: readonly string[]) => names(values.map((value) => ({ value, label: value })));

/** Logistics and logs: packages, their tracking events and the Purchase Log. */
export const LOGISTICS_TEXTS_ID: EntityTextSet = {
  packages: {
    label: 'Paket',
    description: 'Paket ke pelanggan: pengemasan, pengiriman dengan resi, konfirmasi penerimaan.',
    rules: { 'formatBy:receipt': 'Resi tidak sesuai dengan kurirnya' },
    fields: {
      order_ref: { label: 'Pesanan', help: 'Nomor invoice atau pembelian pemilik paket ini.' },
      recipient_name: { label: 'Penerima' },
      phone: PHONE,
      address: ADDRESS,
      qty: { label: 'Jml' },
      // The spec's status names (Waiting, Ready to Ship, Shipping), and the domain's three beside them alike.
      status: { label: 'Status', options: valuesAsNames(PACKAGE_STATUSES) },
      courier: { label: 'Kurir', options: names(COURIER_OPTIONS) },
      service: { label: 'Layanan', options: valuesAsNames(['REG', 'OKE', 'YES']) },
      receipt: { label: 'Resi', help: 'Resi / airway bill.' },
      shipping_cost: { label: 'Ongkos kirim' },
      date_sent: { label: 'Tanggal kirim' },
      cust_notified: { label: 'Pelanggan sudah diberi tahu' },
      notified_at: { label: 'Diberi tahu pada' },
      received_at: { label: 'Diterima pada' },
      receiver_name: { label: 'Diterima oleh' },
    },
    actions: {
      ready: 'Siap kirim',
      ship: 'Dikirim',
      deliver: 'Terkirim',
      return: 'Dikembalikan',
      problem: 'Bermasalah',
      notify: 'Pelanggan sudah diberi tahu',
    },
  },
  package_events: {
    label: 'Event pelacakan',
    description: 'Laporan kurir untuk sebuah paket, terbaru di atas.',
    fields: {
      package_id: { label: 'Paket' },
      at: { label: 'Waktu' },
      description: { label: 'Keterangan' },
      location: { label: 'Lokasi' },
    },
  },
  purchases: {
    label: 'Pembelian',
    description: 'Pembelian yang dilaporkan Mayar lewat webhook, terbaru di atas. Hanya baca.',
    fields: {
      mayar_created_at: { label: 'Dibuat' },
      paid_at: { label: 'Dibayar pada' },
      customer_name: { label: 'Pelanggan' },
      customer_email: EMAIL,
      customer_mobile: PHONE,
      product_name: { label: 'Nama produk' },
      product_id: PRODUCT,
      unknown_product: {
        label: 'Produk tak dikenal',
        help: 'Tidak ada produk di akun ini dengan ID produk Mayar tersebut.',
      },
      mayar_account_id: MAYAR_ACCOUNT,
      amount: { label: 'Jumlah' },
      transaction_status: {
        label: 'Status',
        options: {
          paid: 'Lunas',
          unpaid: 'Belum dibayar',
          created: 'Dibuat',
          pending: 'Menunggu',
          expired: 'Kedaluwarsa',
          failed: 'Gagal',
          refunded: 'Dikembalikan (refund)',
          closed: 'Ditutup',
          unknown: 'Tidak diketahui',
          unverified: 'Belum terverifikasi',
        },
      },
      verification: {
        label: 'Cek Mayar',
        options: { pending: 'Menunggu', verified: 'Terverifikasi', mismatch: 'Tidak cocok' },
        help: 'MAYAR_VERIFY_PAID: pengambilan ulang dari Mayar sebelum pembelian dihitung lunas. Tidak cocok: Mayar bertentangan dengan webhook.',
      },
      verify_note: {
        label: 'Catatan cek Mayar',
        help: 'Mengapa Mayar bertentangan dengan webhook, atau error terakhir saat menghubunginya.',
      },
      payment_method: { label: 'Metode pembayaran' },
      coupon_used: { label: 'Kupon' },
      utm_source: { label: 'UTM source' },
      utm_campaign: { label: 'UTM campaign' },
      mayar_id: { label: 'ID Mayar' },
      transaction_id: { label: 'ID transaksi' },
      last_event: { label: 'Event terakhir' },
    },
  },
};
