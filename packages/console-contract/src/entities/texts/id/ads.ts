import type { EntityTextSet, EntityTexts } from '../types.js';
import {
  ACTIVE,
  AD_ACCOUNT,
  CAMPAIGN,
  CREATOR,
  MAYAR_ACCOUNT,
  META_STATUS,
  NAME,
  NOTES,
  PIXEL,
  PRODUCT,
  TRIBE,
} from './shared.js';

const SEEN = {
  ad_campaign_id: CAMPAIGN,
  name: NAME,
  campaign_id: { label: 'ID kampanye Meta' },
  first_seen: { label: 'Pertama terlihat' },
  last_seen: { label: 'Terakhir terlihat' },
};

const seenInUploads = (label: string, labelPlural: string, fields: EntityTexts['fields']): EntityTexts => ({
  label,
  labelPlural,
  description: `${labelPlural} yang terlihat di data Ads Manager, di bawah kampanyenya. Hanya baca.`,
  fields: { ...SEEN, ...fields },
});

const REQUIRED_FROM_STAFF = 'Wajib diisi untuk kampanye yang dimasukkan staf';

/** Meta advertising: campaigns, ad sets, ads, creatives, hooks, pixels and the webhook forwarder. */
export const AD_TEXTS_ID: EntityTextSet = {
  ad_campaigns: {
    label: 'Kampanye iklan',
    description: 'Kampanye Meta dan produk / tribe yang dijual masing-masing.',
    rules: {
      'requiredWhen:product_id': REQUIRED_FROM_STAFF,
      'requiredWhen:ad_account_id': REQUIRED_FROM_STAFF,
      'requiredWhen:objective': REQUIRED_FROM_STAFF,
      'atMostOne:lifetime_budget': 'Isi anggaran harian atau anggaran total, tidak keduanya',
      'notBefore:end_date': 'Tanggal selesai tidak boleh sebelum tanggal mulai',
    },
    fields: {
      name: NAME,
      campaign_id: { label: 'ID kampanye', patternMessage: 'Gunakan ID kampanye Meta (angka)' },
      ad_account_id: AD_ACCOUNT,
      objective: {
        label: 'Tujuan',
        options: {
          OUTCOME_SALES: 'Penjualan',
          OUTCOME_LEADS: 'Prospek',
          OUTCOME_TRAFFIC: 'Traffic',
          OUTCOME_ENGAGEMENT: 'Interaksi',
          OUTCOME_AWARENESS: 'Awareness',
          OUTCOME_APP_PROMOTION: 'Promosi aplikasi',
        },
      },
      status: { label: 'Status', options: META_STATUS },
      daily_budget: { label: 'Anggaran harian' },
      lifetime_budget: { label: 'Anggaran total' },
      start_date: { label: 'Tanggal mulai' },
      end_date: { label: 'Tanggal selesai' },
      product_id: PRODUCT,
      tribe_id: TRIBE,
      origin: {
        label: 'Asal',
        options: { staff: 'Dimasukkan staf', meta: 'Dari Meta — hubungkan produk' },
        help: 'Dari Meta: dibuat dari upload Ads Manager; namanya mengikuti data. Hubungkan produknya di sini.',
      },
      notes: NOTES,
    },
  },
  ad_sets: seenInUploads('Ad set', 'Ad set', {
    adset_id: { label: 'ID ad set' },
  }),
  ads: seenInUploads('Iklan', 'Iklan', {
    ad_id: { label: 'ID iklan' },
    adset_id: { label: 'ID ad set' },
  }),
  master_ad_creatives: {
    label: 'Kreatif iklan',
    description: 'Kreatif iklan dengan copy, hook, dan angle, terhubung ke produk, kampanye, dan kreator.',
    fields: {
      name: NAME,
      creative_id: { label: 'ID kreatif', patternMessage: 'Gunakan ID kreatif Meta (angka)' },
      ad_id: { label: 'ID iklan', patternMessage: 'Gunakan ID iklan Meta (angka)' },
      format: { label: 'Format', options: { image: 'Gambar', video: 'Video', carousel: 'Carousel' } },
      hook_text: { label: 'Hook' },
      angle: {
        label: 'Angle',
        options: {
          testimonial: 'Testimoni',
          problem_solution: 'Masalah → solusi',
          demo: 'Demo produk',
          ugc: 'UGC',
          before_after: 'Sebelum / sesudah',
          promo: 'Promo / diskon',
          education: 'Edukasi',
          founder_story: 'Cerita founder',
        },
      },
      title: { label: 'Judul' },
      body: { label: 'Teks utama' },
      call_to_action_type: {
        label: 'Tombol ajakan',
        options: {
          SHOP_NOW: 'Belanja sekarang',
          ORDER_NOW: 'Pesan sekarang',
          BUY_NOW: 'Beli sekarang',
          LEARN_MORE: 'Selengkapnya',
          SIGN_UP: 'Daftar',
          GET_OFFER: 'Dapatkan penawaran',
          WHATSAPP_MESSAGE: 'Kirim pesan WhatsApp',
          CONTACT_US: 'Hubungi kami',
          SUBSCRIBE: 'Berlangganan',
          DOWNLOAD: 'Unduh',
        },
      },
      link_url: { label: 'URL tujuan' },
      url_tags: { label: 'Tag URL' },
      image_url: { label: 'URL gambar' },
      thumbnail_url: { label: 'URL thumbnail' },
      video_id: { label: 'ID video', patternMessage: 'Gunakan ID video Meta (angka)' },
      product_id: PRODUCT,
      ad_campaign_id: CAMPAIGN,
      creator_id: CREATOR,
      status: {
        label: 'Status',
        options: { ACTIVE: 'Aktif', PAUSED: 'Dijeda', ARCHIVED: 'Diarsipkan', DRAFT: 'Draf' },
      },
    },
    rules: {
      'requiredWhen:creative_id': 'Wajib diisi kecuali kreatifnya masih draf',
      'requiredWhen:format': 'Wajib diisi kecuali kreatifnya masih draf',
    },
  },
  hook_generations: {
    label: 'Pembuatan hook',
    description: 'Hook iklan yang dibuat per produk dan audiens; hook terpilih diteruskan ke tim kreatif.',
    fields: {
      product_id: PRODUCT,
      target_audience: { label: 'Target audiens' },
      pain_point: { label: 'Pain point' },
      formula: {
        label: 'Formula',
        options: {
          question: 'Pertanyaan',
          bold_claim: 'Klaim berani',
          curiosity_gap: 'Bikin penasaran',
          problem_callout: 'Menyebut masalah',
          social_proof: 'Social proof',
          pattern_interrupt: 'Pattern interrupt',
          before_after: 'Sebelum / sesudah',
          urgency: 'Mendesak',
        },
      },
      // The language of the hooks, named as the language picker names them.
      language: { label: 'Bahasa', options: { id: 'Bahasa Indonesia', en: 'English' } },
      model: { label: 'Model' },
      hook_count: { label: 'Jumlah hook diminta' },
      prompt: { label: 'Prompt' },
      outputs: { label: 'Hook yang dihasilkan', help: 'Satu hook per item.' },
      selected_hook: { label: 'Hook terpilih' },
      selected_hooks: {
        label: 'Hook yang dipilih',
        help: 'Hook yang dipilih (setelah diedit); yang pertama menjadi hook terpilih.',
      },
      prompt_tokens: { label: 'Token prompt' },
      completion_tokens: { label: 'Token jawaban' },
      cost_idr: {
        label: 'Biaya (IDR)',
        help: 'Dari jumlah token, harga USD per sejuta token yang dikonfigurasi, dan kurs IDR.',
      },
      status: {
        label: 'Status',
        options: {
          generated: 'Dihasilkan',
          selected: 'Terpilih',
          used: 'Dipakai di iklan',
          discarded: 'Dibuang',
        },
      },
      generated_at: { label: 'Waktu dibuat' },
    },
  },
  pixel_registries: {
    label: 'Pixel',
    labelPlural: 'Registri pixel',
    description: 'Pixel Meta dan access token Conversions API-nya (hanya bisa ditulis).',
    fields: {
      name: NAME,
      pixel_id: { label: 'ID pixel', patternMessage: 'Gunakan ID pixel berupa angka (10–20 digit)' },
      capi_access_token: {
        label: 'Access token CAPI',
        help: 'Events Manager → Settings → Conversions API → Generate access token.',
      },
      test_event_code: {
        label: 'Kode test event',
        patternMessage: 'Gunakan kode dari Events Manager, mis. TEST12345',
        help: 'Selama diisi, event hanya masuk ke Test Events. Kosongkan untuk traffic live.',
      },
      ad_account_id: AD_ACCOUNT,
      domain: { label: 'Domain' },
      active: ACTIVE,
    },
  },
  webhook_forwarders: {
    label: 'Aturan penerusan',
    description: 'Aturan yang meneruskan webhook Mayar ke Meta Conversions API atau endpoint HTTP lain.',
    rules: {
      'requiredWhen:pixel_registry_id': 'Pixel wajib diisi untuk Meta Conversions API',
      'requiredWhen:capi_event_name': 'Event Meta wajib diisi untuk Meta Conversions API',
      'requiredWhen:url': 'URL wajib diisi untuk tujuan HTTP',
    },
    fields: {
      name: NAME,
      mayar_account_id: MAYAR_ACCOUNT,
      event_filter: {
        label: 'Event Mayar',
        options: {
          'payment.received': 'Pembayaran diterima',
          'payment.reminder': 'Pengingat pembayaran',
          'shipper.status': 'Status pengiriman',
          'membership.newMemberRegistered': 'Membership: anggota baru',
          'membership.changeTierMemberRegistered': 'Membership: tier berubah',
          'membership.memberUnsubscribed': 'Membership: berhenti berlangganan',
          'membership.memberExpired': 'Membership: kedaluwarsa',
        },
      },
      product_id: {
        label: 'Hanya untuk produk',
        help: 'Kosongkan untuk meneruskan semua produk akun ini.',
      },
      destination: {
        label: 'Tujuan',
        options: { meta_capi: 'Meta Conversions API', http: 'Endpoint HTTP' },
      },
      pixel_registry_id: PIXEL,
      capi_event_name: {
        label: 'Event Meta',
        // Meta's standard event names, as Events Manager shows them in every language.
        options: {
          Purchase: 'Purchase',
          Lead: 'Lead',
          CompleteRegistration: 'Complete registration',
          InitiateCheckout: 'Initiate checkout',
          Subscribe: 'Subscribe',
        },
      },
      url: { label: 'URL' },
      secret_header: {
        label: 'Header rahasia',
        help: 'Dikirim sebagai X-Forwarder-Secret agar penerima bisa memverifikasi kita.',
      },
      max_attempts: {
        label: 'Percobaan maksimum',
        help: 'Pengiriman yang gagal dicoba lagi dengan jeda yang makin panjang, paling banyak sebanyak ini.',
      },
      active: ACTIVE,
    },
  },
};
