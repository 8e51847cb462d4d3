import type { EntityTextSet } from '../types.js';
import {
  ACTIVE,
  DESCRIPTION,
  MAYAR_ACCOUNT,
  MONTH,
  NAME,
  NOTES,
  PIXEL,
  PRODUCT,
  TARGET_REVENUE,
  TARGET_SPEND,
  TRIBE,
  names,
} from './shared.js';

/** Operation data: products, tribes and their targets, Mayar accounts, email changes, WhatsApp numbers, rooms. */
export const OPERATION_TEXTS_ID: EntityTextSet = {
  products: {
    label: 'Produk',
    description: 'Produk yang dijual lewat Mayar, dengan harga, tribe, dan pixel yang menerima pembeliannya.',
    fields: {
      name: NAME,
      sku: { label: 'SKU', patternMessage: 'Gunakan huruf kapital, angka, atau -' },
      mayar_account_id: MAYAR_ACCOUNT,
      mayar_product_id: {
        label: 'ID produk Mayar',
        help: 'ID produk di Mayar (menghubungkan pembelian dengan produk ini).',
      },
      product_type: {
        label: 'Jenis',
        options: {
          digital_product: 'Produk digital',
          physical_product: 'Produk fisik',
          ebook: 'E-book',
          course: 'Kursus online',
          webinar: 'Webinar',
          membership: 'Membership',
          event: 'Event',
          coaching: 'Coaching',
        },
      },
      price: { label: 'Harga' },
      ships_package: {
        label: 'Mengirim paket',
        help: 'Pesanannya muncul di Logistik untuk dikemas dan dilacak.',
      },
      tribe_id: TRIBE,
      pixel_registry_id: PIXEL,
      description: DESCRIPTION,
      active: ACTIVE,
    },
  },
  tribes: {
    label: 'Tribe',
    description: 'Tim penjualan; omzet dan ad spend dirangkum per tribe.',
    fields: {
      name: NAME,
      code: {
        label: 'Kode',
        patternMessage: 'Gunakan 2–12 huruf kapital, angka, atau -',
        help: 'Kode singkat yang dipakai di nama kampanye dan tag UTM.',
      },
      leader_name: { label: 'Ketua' },
      leader_phone: { label: 'WhatsApp ketua' },
      members: { label: 'Anggota', help: 'Nama orang-orang di tribe ini.' },
      description: DESCRIPTION,
      active: ACTIVE,
    },
  },
  tribe_targets: {
    label: 'Target tribe',
    description: 'Target omzet bulanan (serta target spend dan ROAS, opsional) per tribe.',
    fields: {
      tribe_id: TRIBE,
      period: MONTH,
      target_revenue: TARGET_REVENUE,
      target_spend: TARGET_SPEND,
      target_roas: { label: 'Target ROAS', help: 'Omzet ÷ ad spend, mis. 3,5' },
      notes: NOTES,
    },
  },
  mayar_accounts: {
    label: 'Akun Mayar',
    description: 'Akun merchant Mayar dengan API key dan token webhook-nya (hanya bisa ditulis).',
    fields: {
      name: NAME,
      merchant_id: { label: 'ID merchant' },
      merchant_email: { label: 'Email merchant' },
      env: { label: 'Lingkungan', options: { production: 'Produksi', sandbox: 'Sandbox' } },
      api_key: {
        label: 'API key',
        help: 'Dashboard Mayar → Integration → API Key. Tidak pernah ditampilkan utuh lagi.',
      },
      webhook_token: {
        label: 'Token webhook',
        help: 'Memverifikasi webhook yang dikirim Mayar kepada kita.',
      },
      active: ACTIVE,
      notes: NOTES,
    },
  },
  change_emails: {
    label: 'Perubahan email',
    description: 'Permintaan memindahkan akses produk pembeli ke email yang benar, dan cara penanganannya.',
    rules: {
      'differentFrom:new_email': 'Email baru harus berbeda dari email lama',
      'requiredWhen:processed_at': 'Waktu diproses wajib diisi setelah permintaan selesai atau ditolak',
    },
    fields: {
      customer_name: { label: 'Pelanggan' },
      customer_phone: { label: 'WhatsApp pelanggan' },
      old_email: { label: 'Email lama' },
      new_email: { label: 'Email baru' },
      mayar_transaction_id: {
        label: 'ID transaksi Mayar',
        help: 'Pembelian yang aksesnya dipindahkan (dari Purchase Log).',
      },
      product_id: PRODUCT,
      reason: {
        label: 'Alasan',
        options: {
          typo: 'Salah ketik saat checkout',
          lost_access: 'Tidak bisa lagi membuka email lama',
          new_email: 'Pembeli mengganti email',
          gift: 'Dibeli sebagai hadiah',
          other: 'Lainnya',
        },
      },
      status: {
        label: 'Status',
        options: { pending: 'Menunggu', done: 'Selesai', rejected: 'Ditolak' },
      },
      requested_at: { label: 'Waktu permintaan' },
      processed_at: { label: 'Waktu diproses' },
      notes: NOTES,
    },
  },
  wa_registries: {
    label: 'Nomor WhatsApp',
    labelPlural: 'Registri WA',
    description: 'Nomor pengirim WhatsApp, gateway, dan tokennya (hanya bisa ditulis).',
    fields: {
      name: NAME,
      phone: { label: 'Nomor' },
      purpose: {
        label: 'Kegunaan',
        options: { notification: 'Notifikasi', cs: 'Customer service', bot: 'Bot' },
      },
      provider: {
        label: 'Gateway',
        options: names([
          { value: 'fonnte', label: 'Fonnte' },
          { value: 'wablas', label: 'Wablas' },
          { value: 'woowa', label: 'Woowa' },
          { value: 'qontak', label: 'Qontak' },
          { value: 'cloud_api', label: 'WhatsApp Cloud API' },
        ]),
      },
      provider_token: { label: 'Token gateway' },
      product_id: PRODUCT,
      tribe_id: TRIBE,
      active: ACTIVE,
    },
  },
  meeting_rooms: {
    label: 'Ruang rapat',
    description: 'Ruangan yang bisa dipesan staf, dengan kapasitas dan fasilitasnya.',
    fields: {
      name: NAME,
      location: { label: 'Lokasi' },
      capacity: { label: 'Kapasitas', help: 'Jumlah kursi; pemesanan tidak boleh melebihinya.' },
      facilities: { label: 'Fasilitas', placeholder: 'TV, Papan tulis, Zoom' },
      image_url: { label: 'URL foto' },
      requires_approval: {
        label: 'Perlu persetujuan',
        help: 'Pemesanan berstatus menunggu sampai GA mengonfirmasinya.',
      },
      active: ACTIVE,
    },
  },
};
