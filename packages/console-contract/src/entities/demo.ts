/**
 * Deterministic demo rows for every entity: the same (entity, count, seed, refs) always gives the same rows.
 * Rows are create bodies (they pass `createSchema(def)`), so the server seeds them through its normal insert.
 */
import { BANK_OPTIONS, NICHE_OPTIONS } from './fields.js';
import { creatorTier } from './creators.js';
import { HOOK_FORMULA_OPTIONS } from './hookGenerations.js';
import type { EntityDef, FieldDef } from './types.js';
import { maxLengthOf, numericBounds } from './validation.js';

export type DemoRow = Record<string, unknown>;
/** Ids of already-seeded rows, per entity name, for relation fields. */
export type DemoRefs = Partial<Record<string, readonly number[]>>;

export interface DemoOptions {
  /** The day the data is "as of" (YYYY-MM-DD); dates are spread over the months before it. */
  today?: string;
}

/** Default "today" of the demo data, fixed so rows are the same on every machine and every day. */
export const DEMO_TODAY = '2026-11-01';

/** How many rows the embedded default seeds per entity (large where the page is meant to be large). */
export const DEMO_ROW_COUNTS: Readonly<Record<string, number>> = {
  tribes: 60,
  companies: 120,
  mayar_accounts: 150,
  pixel_registries: 200,
  products: 400,
  ad_campaigns: 800,
  creators: 3000,
  n8n_creators: 8000,
  projects: 1500,
  tribe_targets: 720,
  meeting_rooms: 120,
  change_emails: 600,
  hook_generations: 600,
  master_ad_creatives: 900,
  webhook_forwarders: 300,
  wa_registries: 250,
  bank_accounts: 300,
  monthly_targets: 600,
  problem_categories: 40,
  problem_subcategories: 300,
  packages: 600,
  package_events: 1200,
};

/** mulberry32: small, fast, good enough for demo data, identical on every platform. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

// Word lists ----------------------------------------------------------------------------------------------------

const FIRST = [
  'Siti',
  'Dewi',
  'Putri',
  'Ayu',
  'Rina',
  'Nadia',
  'Intan',
  'Fitri',
  'Wulan',
  'Rizky',
  'Budi',
  'Agus',
  'Andi',
  'Dimas',
  'Fajar',
  'Hendra',
  'Yoga',
  'Bayu',
  'Eko',
  'Sri',
  'Ratna',
  'Indah',
  'Nur',
  'Aisyah',
  'Rahmat',
  'Arif',
  'Ilham',
  'Reza',
  'Gita',
  'Citra',
  'Maya',
  'Novi',
  'Diana',
  'Yuni',
  'Tika',
  'Salsa',
  'Bagus',
  'Irfan',
  'Joko',
  'Teguh',
  'Wahyu',
  'Hana',
  'Nabila',
  'Zahra',
  'Alya',
  'Kevin',
  'Michael',
  'Ketut',
  'Made',
  'Wayan',
  'Ucok',
  'Butet',
  'Asep',
  'Ujang',
  'Nengsih',
  'Dinda',
  'Farhan',
  'Rafi',
  'Annisa',
  'Khairunnisa',
];
const LAST = [
  'Pratama',
  'Saputra',
  'Wijaya',
  'Kusuma',
  'Santoso',
  'Hidayat',
  'Nugroho',
  'Lestari',
  'Sari',
  'Permata',
  'Rahmawati',
  'Setiawan',
  'Purnomo',
  'Utami',
  'Wulandari',
  'Siregar',
  'Nasution',
  'Simanjuntak',
  'Harahap',
  'Situmorang',
  'Hutapea',
  'Tanjung',
  'Lubis',
  'Halim',
  'Gunawan',
  'Susanto',
  'Kurniawan',
  'Maharani',
  'Anggraini',
  'Firmansyah',
  'Suryadi',
  'Hakim',
  'Syahputra',
  'Manurung',
  'Sembiring',
  'Tarigan',
  'Ginting',
  'Putra',
  'Astuti',
  'Handayani',
];
const CITIES = [
  'Jakarta Selatan',
  'Jakarta Barat',
  'Jakarta Timur',
  'Bandung',
  'Surabaya',
  'Yogyakarta',
  'Semarang',
  'Medan',
  'Makassar',
  'Denpasar',
  'Malang',
  'Bekasi',
  'Tangerang',
  'Depok',
  'Bogor',
  'Palembang',
  'Balikpapan',
  'Solo',
  'Pekanbaru',
  'Padang',
  'Pontianak',
  'Manado',
  'Batam',
  'Banjarmasin',
  'Samarinda',
  'Cirebon',
  'Sidoarjo',
];
const STREETS = [
  'Jl. Sudirman',
  'Jl. Gatot Subroto',
  'Jl. Diponegoro',
  'Jl. Ahmad Yani',
  'Jl. Pemuda',
  'Jl. Merdeka',
  'Jl. Asia Afrika',
  'Jl. Kemang Raya',
  'Jl. Dago',
  'Jl. Malioboro',
  'Jl. Pahlawan',
  'Jl. Imam Bonjol',
];
const PRODUCT_KIND: Record<string, string[]> = {
  digital_product: ['Template', 'Preset Lightroom', 'Planner Digital', 'Toolkit'],
  physical_product: [
    'Serum',
    'Madu',
    'Gamis',
    'Hijab Instan',
    'Buku',
    'Teh Herbal',
    'Sabun Kolagen',
    'Minyak Telon',
  ],
  ebook: ['E-book', 'Panduan PDF', 'Workbook'],
  course: ['Kelas Online', 'Kursus', 'Bootcamp', 'Akademi'],
  webinar: ['Webinar', 'Live Class', 'Workshop Online'],
  membership: ['Membership', 'Komunitas Premium', 'Circle'],
  event: ['Seminar', 'Meet & Greet', 'Gathering'],
  coaching: ['Coaching 1-on-1', 'Mentoring', 'Konsultasi'],
};
const TOPICS = [
  'Parenting Positif',
  'MPASI Sehat',
  'Investasi Saham Pemula',
  'Bisnis UMKM',
  'Digital Marketing',
  'Jualan di TikTok',
  'Copywriting',
  'Kulit Glowing',
  'Anti Jerawat',
  'Diet Sehat',
  'Menjahit Pemula',
  'Bahasa Inggris',
  'Public Speaking',
  'Desain Canva',
  'Keuangan Keluarga',
  'Tahsin Quran',
  'Hafalan Juz 30',
  'Fotografi HP',
  'Reseller Sukses',
  'Ads Facebook',
  'Excel Kantor',
  'Resep Kue Kering',
  'Hijrah Finansial',
  'Pengasuhan Balita',
  'Skincare Remaja',
];
const PRODUCT_SUFFIX = [
  '',
  ' Lengkap',
  ' 30 Hari',
  ' Batch 2',
  ' Premium',
  ' Edisi Ramadhan',
  ' Vol. 2',
  ' Pro',
  ' Basic',
  ' Plus',
];
const TRIBE_WORDS = [
  'Garuda',
  'Rajawali',
  'Merapi',
  'Rinjani',
  'Bromo',
  'Toba',
  'Komodo',
  'Cendrawasih',
  'Nusantara',
  'Semeru',
  'Kelud',
  'Mahakam',
  'Musi',
  'Bengawan',
  'Jayawijaya',
  'Krakatau',
  'Borobudur',
  'Prambanan',
  'Anggrek',
  'Melati',
];
const TRIBE_SUFFIX = ['', ' Squad', ' Team', ' Force', ' Unit', ' Crew'];
const COMPANY_WORDS = [
  'Sinar',
  'Cahaya',
  'Karya',
  'Maju',
  'Berkah',
  'Digital',
  'Kreasi',
  'Mitra',
  'Insan',
  'Sentosa',
  'Prima',
  'Bintang',
  'Harapan',
  'Nusa',
  'Jaya',
  'Abadi',
  'Sejahtera',
  'Mandiri',
  'Cipta',
  'Media',
];
const ROOM_NAMES = [
  'Merapi',
  'Rinjani',
  'Bromo',
  'Toba',
  'Komodo',
  'Bali',
  'Lombok',
  'Flores',
  'Sumba',
  'Raja Ampat',
  'Bunaken',
  'Wakatobi',
  'Derawan',
  'Belitung',
  'Karimun',
  'Dieng',
  'Ijen',
  'Kerinci',
  'Singgalang',
  'Tambora',
];
const FACILITIES = [
  'TV',
  'Whiteboard',
  'Projector',
  'Zoom Room',
  'AC',
  'Speakerphone',
  'HDMI',
  'Dispenser',
  'Sofa',
  'Kamera konferensi',
];
const AUDIENCES = [
  'Ibu muda 25–35 yang baru punya anak',
  'Mahasiswa yang ingin penghasilan tambahan',
  'Karyawan yang ingin mulai investasi',
  'Pemilik UMKM kuliner',
  'Remaja dengan kulit berjerawat',
  'Ibu rumah tangga yang ingin jualan online',
  'Freelancer desain pemula',
  'Pasangan muda yang menabung untuk rumah',
  'Muslimah yang ingin belajar tahsin',
  'Reseller skincare di kota kecil',
  'Guru yang ingin membuat materi menarik',
  'Ayah bekerja dengan waktu terbatas',
];
const PAINS = [
  'Anak susah makan dan berat badan tidak naik',
  'Gaji habis sebelum akhir bulan',
  'Takut rugi karena tidak paham saham',
  'Jualan sepi padahal sudah posting setiap hari',
  'Jerawat meninggalkan bekas hitam',
  'Tidak percaya diri bicara di depan umum',
  'Iklan mahal tapi tidak ada yang beli',
  'Tidak punya waktu belajar hal baru',
  'Bingung mulai bisnis dari mana',
];
const HOOK_TEMPLATES = [
  'Kenapa {x} padahal sudah berusaha?',
  'Stop! Jangan lakukan ini kalau {x}',
  '3 kesalahan yang bikin {x}',
  'Saya dulu juga {x}, sampai akhirnya…',
  'Rahasia yang jarang dibahas soal {x}',
  'Cuma 5 menit sehari untuk mengatasi {x}',
  '97% orang tidak tahu ini tentang {x}',
  'Sebelum dan sesudah: {x} dalam 30 hari',
  'Promo berakhir malam ini untuk kamu yang {x}',
];
const PROBLEM_TAXONOMY: Record<string, string[]> = {
  'Akses Produk': [
    'Link akses tidak terkirim',
    'Email salah saat checkout',
    'Tidak bisa login member area',
    'Akses kedaluwarsa',
    'Video tidak bisa diputar',
  ],
  Pembayaran: [
    'Sudah bayar tapi status pending',
    'Pembayaran ganda',
    'Minta refund',
    'Kode voucher tidak berlaku',
    'Transfer ke rekening salah',
  ],
  Pengiriman: [
    'Paket belum sampai',
    'Resi tidak bisa dilacak',
    'Barang rusak saat diterima',
    'Alamat salah',
    'Kurir tidak datang',
  ],
  Produk: [
    'Produk tidak sesuai deskripsi',
    'Efek samping pemakaian',
    'Stok habis',
    'Isi paket kurang',
    'Kualitas cetak buruk',
  ],
  'Webinar & Kelas': [
    'Link Zoom tidak masuk',
    'Rekaman belum dibagikan',
    'Jadwal bentrok',
    'Sertifikat belum terbit',
    'Materi tidak bisa diunduh',
  ],
  'Layanan CS': ['Respon CS lambat', 'CS tidak ramah', 'Pertanyaan tidak terjawab', 'Dialihkan berkali-kali'],
  Membership: ['Tidak bisa upgrade tier', 'Tagihan perpanjangan tidak muncul', 'Ingin berhenti berlangganan'],
  'Teknis Website': ['Halaman checkout error', 'OTP tidak masuk', 'Website lambat'],
};
const CATEGORY_EXTRA = [
  'Affiliate',
  'Komplain Iklan',
  'Kemitraan',
  'Data Pribadi',
  'Reseller',
  'Event Offline',
  'Hadiah & Giveaway',
  'Lain-lain',
];
const MODELS = ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1-mini', 'claude-3-5-haiku', 'gemini-1.5-flash'];
const EMAIL_DOMAINS = [
  'gmail.com',
  'gmail.com',
  'gmail.com',
  'yahoo.co.id',
  'yahoo.com',
  'outlook.com',
  'icloud.com',
];

// Context ------------------------------------------------------------------------------------------------------

class DemoContext {
  private readonly used = new Map<string, Set<string>>();
  readonly todayMs: number;

  constructor(
    readonly def: EntityDef,
    readonly random: () => number,
    readonly refs: DemoRefs,
    today: string,
  ) {
    this.todayMs = Date.parse(`${today}T00:00:00Z`);
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }
  chance(p: number): boolean {
    return this.random() < p;
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)] as T;
  }
  pickSome<T>(list: readonly T[], min: number, max: number): T[] {
    const copy = [...list];
    const n = Math.min(copy.length, this.int(min, max));
    const out: T[] = [];
    for (let i = 0; i < n; i += 1) out.push(copy.splice(Math.floor(this.random() * copy.length), 1)[0] as T);
    return out;
  }
  /** Skewed toward the low end, like follower counts. */
  logInt(min: number, max: number): number {
    return Math.round(Math.exp(Math.log(min) + this.random() * (Math.log(max) - Math.log(min))));
  }
  /** Rupiah amount rounded to `step`. */
  money(min: number, max: number, step = 1000): number {
    return Math.round(this.int(min, max) / step) * step;
  }
  digits(n: number): string {
    let s = String(this.int(1, 9));
    while (s.length < n) s += String(this.int(0, 9));
    return s;
  }
  person(): string {
    return `${this.pick(FIRST)} ${this.pick(LAST)}`;
  }
  phone(): string {
    return `628${this.pick(['11', '12', '13', '21', '22', '52', '53', '57', '77', '78', '81', '95', '96'])}${this.digits(this.int(7, 8))}`;
  }
  email(name: string): string {
    const local = name
      .toLowerCase()
      .replace(/[^a-z ]/g, '')
      .trim()
      .replace(/ +/g, this.pick(['.', '_', '']));
    return `${local}${this.chance(0.6) ? this.int(1, 999) : ''}@${this.pick(EMAIL_DOMAINS)}`;
  }
  /** YYYY-MM-DD, `daysBack` days before today (negative = after). */
  date(daysBack: number): string {
    return new Date(this.todayMs - daysBack * 86_400_000).toISOString().slice(0, 10);
  }
  datetime(daysBack: number): string {
    const ms = this.todayMs - daysBack * 86_400_000 + this.int(1, 14) * 3_600_000 + this.int(0, 59) * 60_000;
    return new Date(ms).toISOString();
  }
  month(monthsBack: number): string {
    const d = new Date(this.todayMs);
    const m = d.getUTCFullYear() * 12 + d.getUTCMonth() - monthsBack;
    return `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}`;
  }
  /** A candidate made unique within `scope` by adding " 2", " 3", … (or `sep` n). */
  unique(scope: string, candidate: string, sep = ' '): string {
    const set = this.used.get(scope) ?? new Set<string>();
    this.used.set(scope, set);
    let value = candidate;
    for (let n = 2; set.has(value.toLowerCase()); n += 1) value = `${candidate}${sep}${n}`;
    set.add(value.toLowerCase());
    return value;
  }
  /**
   * An id of the related entity: required ones must have refs; optional ones are sometimes left empty, unless
   * `always` (a field the entity's rules require, e.g. ad_campaigns.product_id for staff-entered rows).
   */
  ref(fieldName: string, fill = 0.8, always = false): number | null {
    const field = this.def.fields.find((f) => f.name === fieldName);
    const entity = field?.relation?.entity;
    if (!field || !entity) throw new Error(`demoRows(${this.def.name}): ${fieldName} is not a relation`);
    const ids = this.refs[entity] ?? [];
    if (ids.length === 0) {
      if (field.required)
        throw new Error(`demoRows(${this.def.name}): refs.${entity} must list at least one id`);
      return null;
    }
    if (!field.required && !always && !this.chance(fill)) return null;
    return this.pick(ids);
  }
  refAt(entity: string, index: number): number | null {
    const ids = this.refs[entity] ?? [];
    return ids.length ? (ids[index % ids.length] as number) : null;
  }
  handle(name: string): string {
    const base = name
      .toLowerCase()
      .replace(/[^a-z ]/g, '')
      .trim()
      .split(/ +/);
    const styles = [
      base.join('.'),
      base.join('_'),
      base.join(''),
      `${base[0]}.${this.pick(['official', 'id', 'daily', 'story', 'vlog', 'mom', 'beauty'])}`,
      `its${base[0]}`,
    ];
    const candidate = `${this.pick(styles)}${this.chance(0.5) ? this.int(1, 99) : ''}`.slice(0, 26);
    return this.unique('handle', candidate, '');
  }
}

type Generator = (c: DemoContext, i: number) => DemoRow;

const statusBy = <T extends string>(c: DemoContext, weights: [T, number][]): T => {
  const total = weights.reduce((sum, [, w]) => sum + w, 0);
  let r = c.random() * total;
  for (const [value, w] of weights) {
    r -= w;
    if (r < 0) return value;
  }
  return weights[weights.length - 1]![0];
};

const slug = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const GENERATORS: Record<string, Generator> = {
  tribes: (c, i) => {
    const name = c.unique(
      'name',
      `Tribe ${TRIBE_WORDS[i % TRIBE_WORDS.length]}${TRIBE_SUFFIX[Math.floor(i / TRIBE_WORDS.length) % TRIBE_SUFFIX.length]}`,
    );
    const leader = c.person();
    return {
      name,
      code: c.unique(
        'code',
        `${(TRIBE_WORDS[i % TRIBE_WORDS.length] ?? 'TRB').slice(0, 3).toUpperCase()}-${String(i + 1).padStart(2, '0')}`,
      ),
      leader_name: leader,
      leader_phone: c.phone(),
      members: Array.from({ length: c.int(3, 9) }, () => c.person()),
      description: `Tim penjualan ${name.replace('Tribe ', '')} untuk produk ${c.pick(TOPICS)}.`,
      active: c.chance(0.9),
    };
  },
  companies: (c, i) => {
    const words = `${c.pick(COMPANY_WORDS)} ${c.pick(COMPANY_WORDS)} ${c.pick(['Nusantara', 'Indonesia', 'Digital', 'Kreatif', 'Abadi', 'Utama'])}`;
    const name = c.unique('name', words);
    const city = c.pick(CITIES);
    return {
      name,
      legal_name: `${i % 5 === 4 ? 'CV' : 'PT'} ${name}`,
      tax_id: c.unique(
        'npwp',
        `${c.digits(2)}.${c.digits(3)}.${c.digits(3)}.${c.int(0, 9)}-${c.digits(3)}.000`,
      ),
      address: `${c.pick(STREETS)} No. ${c.int(1, 250)}, ${city}`,
      city,
      phone: c.phone(),
      email: `finance@${slug(name).replace(/-/g, '')}.co.id`,
      active: c.chance(0.92),
    };
  },
  mayar_accounts: (c) => {
    const owner = c.person();
    const name = c.unique(
      'name',
      `Mayar ${owner.split(' ')[0]} ${c.pick(['Store', 'Academy', 'Official', 'Shop', 'Kelas', 'Digital'])}`,
    );
    return {
      name,
      merchant_id: c.unique('merchant', `${c.digits(8)}-${slug(name).slice(6, 18)}`, '-'),
      merchant_email: `${slug(name).replace(/-/g, '.')}@gmail.com`.slice(0, 250),
      env: c.chance(0.9) ? 'production' : 'sandbox',
      api_key: `mayar_${c.chance(0.9) ? 'live' : 'test'}_${c.digits(12)}${slug(owner).slice(0, 6)}${c.digits(10)}`,
      webhook_token: `whk_${c.digits(16)}${c.digits(16)}`,
      active: c.chance(0.88),
      notes: c.chance(0.3) ? `Dikelola oleh ${owner}` : null,
    };
  },
  pixel_registries: (c) => {
    const brand = `${c.pick(TRIBE_WORDS)} ${c.pick(['Store', 'Academy', 'Beauty', 'Mom', 'Invest', 'Books'])}`;
    const name = c.unique('name', `Pixel ${brand}`);
    return {
      name,
      pixel_id: c.unique('pixel', c.digits(15), ''),
      capi_access_token: `EAA${c.digits(20)}ZC${c.digits(20)}`,
      test_event_code: c.chance(0.15) ? `TEST${c.digits(5)}` : null,
      ad_account_id: c.chance(0.8) ? `act_${c.digits(15)}` : null,
      domain: `${slug(brand).replace(/-/g, '')}.${c.pick(['id', 'com', 'co.id', 'my.id'])}`,
      active: c.chance(0.9),
    };
  },
  products: (c) => {
    const type = statusBy(c, [
      ['course', 5],
      ['ebook', 4],
      ['physical_product', 4],
      ['webinar', 3],
      ['digital_product', 2],
      ['membership', 2],
      ['event', 1],
      ['coaching', 1],
    ]);
    const kind = c.pick(PRODUCT_KIND[type] ?? ['Produk']);
    const name = c.unique('name', `${kind} ${c.pick(TOPICS)}${c.pick(PRODUCT_SUFFIX)}`);
    const [lo, hi] = (
      {
        membership: [50_000, 300_000],
        coaching: [500_000, 5_000_000],
        event: [150_000, 1_500_000],
      } as Record<string, [number, number]>
    )[type] ?? [30_000, 1_500_000];
    // Prices like Rp 149.000: a round amount minus a thousand.
    const price = c.money(lo, hi, 10_000) - 1000;
    return {
      name,
      sku: c.unique(
        'sku',
        `${
          kind
            .replace(/[^A-Za-z]/g, '')
            .slice(0, 3)
            .toUpperCase() || 'PRD'
        }-${c.digits(4)}`,
        '-',
      ),
      mayar_account_id: c.ref('mayar_account_id'),
      mayar_product_id: c.unique('mayar_product', `${c.digits(8)}-${c.digits(4)}-${c.digits(4)}`, '-'),
      product_type: type,
      price,
      ships_package: type === 'physical_product',
      tribe_id: c.ref('tribe_id', 0.9),
      pixel_registry_id: c.ref('pixel_registry_id', 0.7),
      description: c.chance(0.6) ? `${name}: materi praktis untuk ${c.pick(AUDIENCES).toLowerCase()}.` : null,
      active: c.chance(0.85),
    };
  },
  ad_campaigns: (c) => {
    const daysBack = c.int(0, 400);
    const objective = statusBy(c, [
      ['OUTCOME_SALES', 8],
      ['OUTCOME_LEADS', 2],
      ['OUTCOME_TRAFFIC', 2],
      ['OUTCOME_ENGAGEMENT', 1],
      ['OUTCOME_AWARENESS', 1],
      ['OUTCOME_APP_PROMOTION', 0.2],
    ]);
    const lifetime = c.chance(0.2);
    const ended = daysBack > 60 && c.chance(0.7);
    return {
      name: `${c.pick(['CBO', 'ABO', 'ASC+', 'Advantage+'])} | ${c.pick(TOPICS)} | ${c.pick(['Broad', 'Interest', 'LAL 1%', 'Retarget 30D', 'Custom Audience'])} | ${c.date(daysBack).slice(0, 7)}`,
      campaign_id: c.unique('campaign', `12021${c.digits(12)}`, ''),
      ad_account_id: `act_${c.pick(['1029384756', '5647382910', '9182736450', '3344556677'])}${c.digits(5)}`,
      objective,
      status: ended
        ? statusBy(c, [
            ['PAUSED', 3],
            ['ARCHIVED', 2],
            ['DELETED', 1],
          ])
        : statusBy(c, [
            ['ACTIVE', 5],
            ['PAUSED', 2],
          ]),
      daily_budget: lifetime ? null : c.money(100_000, 5_000_000, 50_000),
      lifetime_budget: lifetime ? c.money(3_000_000, 60_000_000, 500_000) : null,
      start_date: c.date(daysBack),
      end_date: ended ? c.date(daysBack - c.int(7, 60)) : null,
      product_id: c.ref('product_id', 1, true),
      tribe_id: c.ref('tribe_id', 0.9),
      notes: c.chance(0.15)
        ? c.pick([
            'Scale 20% tiap 3 hari',
            'Uji hook baru',
            'Budget dipindah dari ABO',
            'Creative fatigue, ganti minggu depan',
          ])
        : null,
    };
  },
  creators: (c) => {
    const name = c.person();
    const followers = c.logInt(2_000, 3_000_000);
    const tier = creatorTier(followers);
    const rate = {
      nano: [150_000, 750_000],
      micro: [500_000, 3_000_000],
      macro: [3_000_000, 15_000_000],
      mega: [15_000_000, 80_000_000],
    }[tier] as [number, number];
    const hasBank = c.chance(0.7);
    return {
      name,
      handle: c.handle(name),
      platform: statusBy(c, [
        ['instagram', 5],
        ['tiktok', 6],
        ['youtube', 1.5],
        ['facebook', 0.8],
      ]),
      followers,
      tier,
      niche: c.pick(NICHE_OPTIONS).value,
      rate_fee: c.money(rate[0], rate[1], 50_000),
      phone: c.chance(0.85) ? c.phone() : null,
      email: c.chance(0.7) ? c.email(name) : null,
      city: c.pick(CITIES),
      status: statusBy(c, [
        ['prospect', 3],
        ['negotiating', 1.5],
        ['active', 4],
        ['inactive', 1.5],
        ['blacklisted', 0.3],
      ]),
      bank_name: hasBank ? c.pick(BANK_OPTIONS).value : null,
      bank_account_number: hasBank ? c.digits(c.int(10, 13)) : null,
      bank_account_holder: hasBank ? name : null,
      notes: c.chance(0.1)
        ? c.pick([
            'Minta DP 50%',
            'Bisa barter produk',
            'Slot penuh sampai akhir bulan',
            'Respon cepat via WA',
          ])
        : null,
    };
  },
  n8n_creators: (c) => {
    const name = c.person();
    const platform = statusBy(c, [
      ['instagram', 5],
      ['tiktok', 6],
      ['youtube', 1.2],
      ['facebook', 0.5],
    ]);
    const handle = c.handle(name);
    const followers = c.logInt(1_000, 5_000_000);
    const source = statusBy(c, [
      ['n8n', 8],
      ['manual', 1],
      ['csv_import', 1],
      ['referral', 0.4],
    ]);
    const status = statusBy(c, [
      ['new', 6],
      ['qualified', 2],
      ['contacted', 2],
      ['rejected', 1.5],
      ['converted', 0.5],
    ]);
    const profileBase = {
      instagram: 'https://www.instagram.com/',
      tiktok: 'https://www.tiktok.com/@',
      youtube: 'https://www.youtube.com/@',
      facebook: 'https://www.facebook.com/',
    }[platform];
    return {
      handle,
      platform,
      name: c.chance(0.9) ? name : null,
      profile_url: `${profileBase}${handle}`,
      followers,
      following: c.int(50, 3000),
      posts_count: c.int(20, 2500),
      avg_views: Math.round(followers * (0.05 + c.random() * 0.6)),
      engagement_rate: Math.round((0.4 + c.random() * (followers < 50_000 ? 9 : 4)) * 100) / 100,
      niche: c.pick(NICHE_OPTIONS).value,
      city: c.chance(0.8) ? c.pick(CITIES) : null,
      contact_phone: c.chance(0.4) ? c.phone() : null,
      contact_email: c.chance(0.55) ? c.email(name) : null,
      bio: c.chance(0.7)
        ? `${c.pick(['Mama of 2', 'Beauty enthusiast', 'Content creator', 'Food lover', 'Investor pemula', 'Guru & ibu'])} | ${c.pick(CITIES)} | DM for collab ✨`
        : null,
      source,
      status,
      creator_id: status === 'converted' ? c.ref('creator_id', 1) : null,
      last_scraped_at: source === 'n8n' ? c.datetime(c.int(0, 120)) : null,
      notes: null,
    };
  },
  projects: (c) => {
    const status = statusBy(c, [
      ['draft', 1],
      ['briefed', 2],
      ['posted', 3],
      ['paid', 5],
      ['cancelled', 0.5],
    ]);
    const briefBack = c.int(5, 360);
    const posted = status === 'posted' || status === 'paid';
    const views = posted ? c.logInt(2_000, 2_000_000) : null;
    const contentType = statusBy(c, [
      ['reel', 6],
      ['feed', 2],
      ['story', 2],
      ['video', 2],
      ['short', 1],
      ['live', 0.5],
    ]);
    const topic = c.pick(TOPICS);
    const code = `${topic
      .replace(/[^A-Za-z]/g, '')
      .slice(0, 5)
      .toUpperCase()}${c.digits(3)}`;
    return {
      title: `${contentType === 'live' ? 'Live' : contentType[0]!.toUpperCase() + contentType.slice(1)} ${topic}`,
      creator_id: c.ref('creator_id'),
      product_id: c.ref('product_id'),
      tribe_id: c.ref('tribe_id', 0.8),
      content_type: contentType,
      status,
      fee: c.money(150_000, 25_000_000, 50_000),
      brief_date: c.date(briefBack),
      post_date: posted || c.chance(0.5) ? c.date(briefBack - c.int(2, 5)) : null,
      post_url: posted
        ? `https://www.${c.pick(['instagram.com/reel', 'tiktok.com/@creator/video'])}/${c.digits(12)}`
        : null,
      views,
      reach: views === null ? null : Math.round(views * (0.6 + c.random() * 0.35)),
      likes: views === null ? null : Math.round(views * (0.02 + c.random() * 0.08)),
      comments: views === null ? null : Math.round(views * (0.001 + c.random() * 0.01)),
      shares: views === null ? null : Math.round(views * c.random() * 0.01),
      saves: views === null ? null : Math.round(views * c.random() * 0.015),
      voucher_code: c.chance(0.6) ? c.unique('voucher', code, '') : null,
      utm_link: c.chance(0.5)
        ? `https://${c.pick(['kelasbunda.id', 'glowskin.co.id', 'cuanacademy.id'])}/?utm_source=${contentType}&utm_campaign=kol-${c.digits(4)}`
        : null,
      paid_at: status === 'paid' ? c.date(Math.max(0, briefBack - c.int(7, 30))) : null,
      notes: null,
    };
  },
  tribe_targets: (c, i) => {
    const ids = c.refs.tribes ?? [];
    if (ids.length === 0) throw new Error('demoRows(tribe_targets): refs.tribes must list at least one id');
    const revenue = c.money(150_000_000, 3_000_000_000, 5_000_000);
    const roas = Math.round((2 + c.random() * 3) * 10) / 10;
    return {
      tribe_id: ids[i % ids.length],
      period: c.month(Math.floor(i / ids.length) - 2),
      target_revenue: revenue,
      target_spend: c.chance(0.85) ? Math.round(revenue / roas / 1_000_000) * 1_000_000 : null,
      target_roas: c.chance(0.85) ? roas : null,
      notes: c.chance(0.1) ? 'Target naik karena campaign Harbolnas' : null,
    };
  },
  monthly_targets: (c, i) => {
    const scope = (['company', 'tribe', 'product'] as const)[i % 3] ?? 'company';
    const entity = { company: 'companies', tribe: 'tribes', product: 'products' }[scope];
    const ids = c.refs[entity] ?? [];
    if (ids.length === 0)
      throw new Error(`demoRows(monthly_targets): refs.${entity} must list at least one id`);
    const j = Math.floor(i / 3);
    const ref = ids[j % ids.length];
    const revenue =
      scope === 'company'
        ? c.money(1_000_000_000, 20_000_000_000, 50_000_000)
        : scope === 'tribe'
          ? c.money(150_000_000, 3_000_000_000, 5_000_000)
          : c.money(10_000_000, 500_000_000, 1_000_000);
    return {
      period: c.month(Math.floor(j / ids.length) - 1),
      scope,
      company_id: scope === 'company' ? ref : null,
      tribe_id: scope === 'tribe' ? ref : null,
      product_id: scope === 'product' ? ref : null,
      target_revenue: revenue,
      target_spend: c.chance(0.8)
        ? Math.round(revenue / (2.5 + c.random() * 2) / 1_000_000) * 1_000_000
        : null,
      target_orders: c.chance(0.7) ? Math.round(revenue / c.money(99_000, 499_000)) : null,
      notes: null,
    };
  },
  meeting_rooms: (c, i) => {
    const floor = c.int(1, 12);
    const building = c.pick(['A', 'B', 'C']);
    return {
      name: c.unique(
        'name',
        `${ROOM_NAMES[i % ROOM_NAMES.length]}${i >= ROOM_NAMES.length ? ` ${building}${floor}` : ''}`,
      ),
      location: `Lantai ${floor}, Gedung ${building}`,
      capacity: c.pick([4, 6, 6, 8, 8, 10, 12, 16, 20, 30, 50]),
      facilities: c.pickSome(FACILITIES, 1, 5),
      image_url: c.chance(0.5)
        ? `https://images.example.co.id/rooms/${slug(ROOM_NAMES[i % ROOM_NAMES.length] ?? 'room')}-${i + 1}.jpg`
        : null,
      requires_approval: c.chance(0.25),
      active: c.chance(0.92),
    };
  },
  change_emails: (c) => {
    const name = c.person();
    const oldEmail = c.email(name);
    let newEmail = c.email(name);
    if (newEmail === oldEmail) newEmail = `${oldEmail.split('@')[0]}.baru@gmail.com`;
    const status = statusBy(c, [
      ['pending', 2],
      ['done', 6],
      ['rejected', 1],
    ]);
    const requestedBack = c.int(0, 180);
    const requestedAt = c.datetime(requestedBack);
    return {
      customer_name: name,
      customer_phone: c.chance(0.8) ? c.phone() : null,
      old_email: oldEmail,
      new_email: newEmail,
      mayar_transaction_id: c.chance(0.85)
        ? `${c.digits(8)}-${c.digits(4)}-${c.digits(4)}-${c.digits(12)}`
        : null,
      product_id: c.ref('product_id', 0.9),
      reason: statusBy(c, [
        ['typo', 6],
        ['lost_access', 2],
        ['new_email', 1.5],
        ['gift', 0.7],
        ['other', 0.5],
      ]),
      status,
      requested_at: requestedAt,
      processed_at:
        status === 'pending'
          ? null
          : new Date(Date.parse(requestedAt) + c.int(1, 72) * 3_600_000).toISOString(),
      notes:
        status === 'rejected'
          ? c.pick([
              'Bukti transfer tidak cocok',
              'Email lama masih aktif dipakai',
              'Pembeli tidak bisa diverifikasi',
            ])
          : null,
    };
  },
  hook_generations: (c) => {
    const formula = c.pick(HOOK_FORMULA_OPTIONS).value;
    const pain = c.pick(PAINS);
    const outputs = c.pickSome(HOOK_TEMPLATES, 3, 6).map((t) => t.replace('{x}', pain.toLowerCase()));
    const status = statusBy(c, [
      ['generated', 4],
      ['selected', 3],
      ['used', 2],
      ['discarded', 1],
    ]);
    const audience = c.pick(AUDIENCES);
    return {
      product_id: c.ref('product_id'),
      target_audience: audience,
      pain_point: pain,
      formula,
      language: c.chance(0.92) ? 'id' : 'en',
      model: c.pick(MODELS),
      prompt: `Buat 5 hook iklan dengan formula ${formula} untuk ${audience.toLowerCase()} dengan masalah: ${pain.toLowerCase()}. Maksimal 12 kata per hook.`,
      outputs,
      selected_hook: status === 'selected' || status === 'used' ? outputs[0] : null,
      status,
      generated_at: c.datetime(c.int(0, 200)),
    };
  },
  master_ad_creatives: (c) => {
    const format = statusBy(c, [
      ['video', 6],
      ['image', 3],
      ['carousel', 1],
    ]);
    const topic = c.pick(TOPICS);
    const hook = c.pick(HOOK_TEMPLATES).replace('{x}', c.pick(PAINS).toLowerCase());
    return {
      name: `${format.toUpperCase()} | ${topic} | ${c.pick(['Testimoni', 'Demo', 'UGC', 'Promo', 'Edukasi'])} ${c.int(1, 40)}`,
      creative_id: c.unique('creative', `12021${c.digits(12)}`, ''),
      ad_id: c.chance(0.8) ? `12021${c.digits(12)}` : null,
      format,
      hook_text: hook,
      angle: c.pick([
        'testimonial',
        'problem_solution',
        'demo',
        'ugc',
        'before_after',
        'promo',
        'education',
        'founder_story',
      ]),
      title: `${topic} — ${c.pick(['Diskon 50% hari ini', 'Akses seumur hidup', 'Gratis ongkir', 'Bonus e-book', 'Kuota terbatas'])}`,
      body: `${hook}\n\n${c.pick(['Sudah 12.000+ peserta merasakan hasilnya.', 'Klik tombol di bawah sebelum promo berakhir.', 'Cocok untuk pemula, materi step by step.'])}`,
      call_to_action_type: c.pick([
        'SHOP_NOW',
        'ORDER_NOW',
        'LEARN_MORE',
        'SIGN_UP',
        'WHATSAPP_MESSAGE',
        'GET_OFFER',
      ]),
      link_url: `https://${c.pick(['kelasbunda.id', 'glowskin.co.id', 'cuanacademy.id', 'bukuresep.my.id'])}/${slug(topic)}`,
      url_tags: 'utm_source=facebook&utm_medium=paid&utm_campaign={{campaign.name}}&utm_content={{ad.name}}',
      image_url: format !== 'video' ? `https://scontent.example.net/ads/${c.digits(10)}.jpg` : null,
      thumbnail_url: format === 'video' ? `https://scontent.example.net/thumb/${c.digits(10)}.jpg` : null,
      video_id: format === 'video' ? c.digits(15) : null,
      product_id: c.ref('product_id'),
      ad_campaign_id: c.ref('ad_campaign_id', 0.8),
      creator_id: c.ref('creator_id', 0.4),
      status: statusBy(c, [
        ['ACTIVE', 5],
        ['PAUSED', 3],
        ['ARCHIVED', 2],
      ]),
    };
  },
  webhook_forwarders: (c) => {
    const capi = c.chance(0.75);
    const event = capi
      ? 'payment.received'
      : c.pick(['payment.received', 'payment.reminder', 'shipper.status', 'membership.newMemberRegistered']);
    return {
      name: c.unique('name', `${capi ? 'CAPI' : 'HTTP'} ${c.pick(TOPICS)} ← ${event}`),
      mayar_account_id: c.ref('mayar_account_id'),
      event_filter: event,
      product_id: c.ref('product_id', 0.6),
      destination: capi ? 'meta_capi' : 'http',
      pixel_registry_id: capi ? c.ref('pixel_registry_id', 1) : null,
      capi_event_name: capi
        ? statusBy(c, [
            ['Purchase', 9],
            ['CompleteRegistration', 1],
            ['Lead', 1],
          ])
        : null,
      url: capi
        ? null
        : `https://${c.pick(['n8n.internal.example.co.id/webhook', 'hooks.zapier.com/hooks/catch', 'crm.example.co.id/api/mayar'])}/${c.digits(8)}`,
      secret_header: capi || c.chance(0.3) ? null : `fwd_${c.digits(16)}${c.digits(8)}`,
      max_attempts: c.pick([3, 5, 5, 5, 8, 10]),
      active: c.chance(0.85),
    };
  },
  wa_registries: (c) => {
    const purpose = statusBy(c, [
      ['notification', 4],
      ['cs', 4],
      ['bot', 2],
    ]);
    return {
      name: c.unique(
        'name',
        `${{ notification: 'Notif', cs: 'CS', bot: 'Bot' }[purpose]} ${c.pick(TRIBE_WORDS)} ${c.pick(['Utama', 'Cadangan', 'Jakarta', 'Bandung', 'Surabaya', 'Malam'])}`,
      ),
      phone: c.unique('phone', c.phone(), ''),
      purpose,
      provider: statusBy(c, [
        ['fonnte', 5],
        ['wablas', 2],
        ['woowa', 1],
        ['qontak', 1],
        ['cloud_api', 1.5],
      ]),
      provider_token: `${c.digits(10)}${c.pick(['Ab', 'Zx', 'Qr'])}${c.digits(10)}`,
      product_id: c.ref('product_id', 0.4),
      tribe_id: c.ref('tribe_id', 0.7),
      active: c.chance(0.88),
    };
  },
  bank_accounts: (c) => {
    const bank = c.pick(BANK_OPTIONS).value;
    const lengths: Record<string, number> = { BCA: 10, Mandiri: 13, BRI: 15, BNI: 10, BSI: 10 };
    return {
      company_id: c.ref('company_id'),
      bank_name: bank,
      account_number: c.unique(`acct-${bank}`, c.digits(lengths[bank] ?? 12), ''),
      account_holder: `PT ${c.pick(COMPANY_WORDS)} ${c.pick(COMPANY_WORDS)} ${c.pick(['Nusantara', 'Indonesia', 'Digital'])}`,
      branch: c.chance(0.7) ? `KCP ${c.pick(CITIES)}` : null,
      purpose: statusBy(c, [
        ['operational', 4],
        ['receiving', 3],
        ['ads', 2],
        ['payroll', 1.5],
        ['tax', 0.7],
      ]),
      active: c.chance(0.9),
    };
  },
  packages: (c, i) => {
    // A receipt only with its courier, in that courier's form (the entity checks it), unique by the row number.
    const row = genericRow(c, i);
    if (row.receipt === null) return row;
    const courier = String(
      row.courier ?? c.pick(['jne', 'jnt', 'sicepat', 'anteraja', 'pos', 'ninja', 'lion']),
    );
    const n = String(i + 1).padStart(6, '0');
    const receipt: Record<string, string> = {
      jne: `CGK${n}${c.digits(4)}`,
      jnt: `JP${n}${c.digits(4)}`,
      anteraja: `AR${n}${c.digits(5)}`,
      pos: `P${n}${c.digits(7)}`,
      ninja: `NLID${n}${c.digits(4)}`,
      lion: `11LP${n}${c.digits(4)}`,
    };
    return { ...row, courier, receipt: receipt[courier] ?? `${n}${c.digits(6)}` };
  },
  problem_categories: (c, i) => {
    const names = [...Object.keys(PROBLEM_TAXONOMY), ...CATEGORY_EXTRA];
    const base = names[i % names.length] ?? 'Lain-lain';
    return {
      name: c.unique(
        'name',
        i < names.length ? base : `${base} ${c.pick(['Regional', 'Reseller', 'Korporat', 'Ekspor'])}`,
      ),
      description: `Masalah seputar ${base.toLowerCase()}`,
      sort_order: (i + 1) * 10,
      active: i < names.length ? true : c.chance(0.7),
    };
  },
  problem_subcategories: (c) => {
    const categoryId = c.ref('category_id') as number;
    const all = Object.values(PROBLEM_TAXONOMY).flat();
    const name = c.unique(`sub-${categoryId}`, c.pick(all), ' #');
    return {
      category_id: categoryId,
      name,
      description: c.chance(0.5) ? `Keluhan pelanggan: ${name.toLowerCase()}` : null,
      default_priority: statusBy(c, [
        ['low', 2],
        ['medium', 5],
        ['high', 2],
        ['urgent', 0.6],
      ]),
      sla_hours: c.pick([2, 4, 8, 24, 24, 48, 72]),
      sort_order: c.int(0, 99) * 10,
      active: c.chance(0.9),
    };
  },
};

/** Fallback for an entity without its own generator: plausible values by field type. */
function genericRow(c: DemoContext, i: number): DemoRow {
  const row: DemoRow = {};
  for (const field of c.def.fields) {
    if (field.readOnly) continue;
    if (!field.required && c.chance(0.3)) {
      row[field.name] = null;
      continue;
    }
    row[field.name] = genericValue(c, field, i);
  }
  return row;
}

function genericValue(c: DemoContext, field: FieldDef, i: number): unknown {
  const max = maxLengthOf(field);
  const { min, max: upper } = numericBounds(field);
  const fit = (s: string) => (field.unique ? c.unique(field.name, s) : s).slice(0, max);
  switch (field.type) {
    case 'text':
    case 'longtext':
      return fit(field.name === 'name' ? c.person() : `${field.label} ${i + 1}`);
    case 'secret':
      return `sk_${c.digits(16)}`;
    case 'email':
      return c.email(c.person());
    case 'url':
      return `https://example.co.id/${field.name}/${i + 1}`;
    case 'phone':
      return c.phone();
    case 'integer':
      return c.int(Math.max(min, 0), Math.min(upper, 10_000));
    case 'number':
    case 'percent':
      return Math.round(c.int(Math.max(min, 0), Math.min(upper, 100)) * 10) / 10;
    case 'money':
      return c.money(Math.max(min, 10_000), Math.min(upper, 10_000_000));
    case 'enum':
      return c.pick(field.options ?? [{ value: '', label: '' }]).value;
    case 'relation':
      return c.ref(field.name, 1);
    case 'boolean':
      return c.chance(0.8);
    case 'date':
      return c.date(c.int(0, 365));
    case 'month':
      return c.month(c.int(0, 12));
    case 'datetime':
      return c.datetime(c.int(0, 365));
    case 'daterange': {
      const from = c.int(10, 365);
      return { from: c.date(from), to: c.date(from - c.int(0, 9)) };
    }
    case 'tags':
      return c.pickSome(CITIES, 1, 3);
    case 'json':
      return { seeded: true, index: i };
  }
}

/**
 * `count` demo rows (create bodies) of an entity. Deterministic for a given entity, count, seed, refs and
 * today. Relation fields take ids from `refs[entity]`; a required relation without refs throws.
 * @example demoRows(creators, 3000, 42) // 3000 creators, the same on every run
 * @example demoRows(products, 400, 42, { mayar_accounts: [1, 2, 3], tribes: [1, 2] })
 */
export function demoRows(
  def: EntityDef,
  count: number,
  seed = 1,
  refs: DemoRefs = {},
  options: DemoOptions = {},
): DemoRow[] {
  const today = options.today ?? DEMO_TODAY;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`demoRows: today must be YYYY-MM-DD, got ${today}`);
  const c = new DemoContext(def, seededRandom(hashString(def.name) ^ seed), refs, today);
  const generate = GENERATORS[def.name] ?? genericRow;
  const rows: DemoRow[] = [];
  for (let i = 0; i < count; i += 1) rows.push(generate(c, i));
  return rows;
}

/**
 * The entities demo data is made for: not those whose table a hand-written migration owns (`storage:
 * 'migration'`, e.g. purchases the intake writes), which their own writer fills.
 */
export const demoSeeded = (entities: readonly EntityDef[]): EntityDef[] =>
  entities.filter((def) => def.storage !== 'migration');

/**
 * Entities ordered so every entity comes after the ones it refers to (seed in this order, passing the ids
 * each insert returns as refs).
 */
export function demoSeedOrder(entities: readonly EntityDef[]): EntityDef[] {
  const byName = new Map(entities.map((entity) => [entity.name, entity]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const order: EntityDef[] = [];
  const visit = (entity: EntityDef) => {
    if (done.has(entity.name)) return;
    if (visiting.has(entity.name)) throw new Error(`demoSeedOrder: relation cycle through ${entity.name}`);
    visiting.add(entity.name);
    for (const field of entity.fields) {
      const target = field.relation ? byName.get(field.relation.entity) : undefined;
      if (target && target !== entity) visit(target);
    }
    visiting.delete(entity.name);
    done.add(entity.name);
    order.push(entity);
  };
  for (const entity of entities) visit(entity);
  return order;
}
