import { BANK_OPTIONS, PLATFORM_OPTIONS } from '../../fields.js';
import type { FieldOption } from '../../types.js';
import type { FieldTexts } from '../types.js';

/** Choice labels that are names (banks, couriers, gateways, platforms): the same in every language. */
export const names = (options: readonly FieldOption[]): Record<string, string> =>
  Object.fromEntries(options.map((option) => [option.value, option.label]));

export const ACTIVE: FieldTexts = { label: 'Aktif' };
export const NAME: FieldTexts = { label: 'Nama' };
export const NOTES: FieldTexts = { label: 'Catatan' };
export const DESCRIPTION: FieldTexts = { label: 'Deskripsi' };
export const CITY: FieldTexts = { label: 'Kota' };
export const EMAIL: FieldTexts = { label: 'Email' };
export const PHONE: FieldTexts = { label: 'Telepon' };
export const WHATSAPP: FieldTexts = { label: 'WhatsApp' };
export const FOLLOWERS: FieldTexts = { label: 'Pengikut' };
export const PRODUCT: FieldTexts = { label: 'Produk' };
export const TRIBE: FieldTexts = { label: 'Tribe' };
export const CREATOR: FieldTexts = { label: 'Kreator' };
export const CAMPAIGN: FieldTexts = { label: 'Kampanye' };
export const COMPANY: FieldTexts = { label: 'Perusahaan' };
export const MAYAR_ACCOUNT: FieldTexts = { label: 'Akun Mayar' };
export const PIXEL: FieldTexts = { label: 'Pixel' };
export const MONTH: FieldTexts = { label: 'Bulan' };
export const ADDRESS: FieldTexts = { label: 'Alamat' };
export const SORT_ORDER: FieldTexts = { label: 'Urutan' };
export const TARGET_REVENUE: FieldTexts = { label: 'Target omzet' };
export const TARGET_SPEND: FieldTexts = { label: 'Anggaran ad spend' };

export const HANDLE: FieldTexts = {
  label: 'Handle',
  patternMessage: 'Gunakan 1–30 huruf, angka, titik, atau garis bawah',
};
export const PLATFORM: FieldTexts = { label: 'Platform', options: names(PLATFORM_OPTIONS) };
export const NICHE: FieldTexts = {
  label: 'Niche',
  options: {
    beauty: 'Kecantikan & skincare',
    fashion: 'Fashion & hijab',
    food: 'Makanan & kuliner',
    parenting: 'Parenting & keluarga',
    health: 'Kesehatan & kebugaran',
    finance: 'Keuangan & investasi',
    business: 'Bisnis & UMKM',
    education: 'Pendidikan',
    religion: 'Religi (konten Islami)',
    lifestyle: 'Gaya hidup',
    tech: 'Teknologi & gadget',
    travel: 'Travel',
    gaming: 'Gaming',
    automotive: 'Otomotif',
  },
};
export const BANK: FieldTexts = { label: 'Bank', options: names(BANK_OPTIONS) };
export const ACCOUNT_NUMBER: FieldTexts = { label: 'Nomor rekening', patternMessage: 'Gunakan 6–20 angka' };
export const ACCOUNT_HOLDER: FieldTexts = { label: 'Nama pemilik rekening' };
export const AD_ACCOUNT: FieldTexts = {
  label: 'Akun iklan',
  patternMessage: 'Gunakan format act_ diikuti angka',
};
export const META_STATUS = {
  ACTIVE: 'Aktif',
  PAUSED: 'Dijeda',
  ARCHIVED: 'Diarsipkan',
  DELETED: 'Dihapus',
} as const;
