import type { EntityTextSet } from '../types.js';
import {
  ACCOUNT_HOLDER,
  ACCOUNT_NUMBER,
  ACTIVE,
  ADDRESS,
  BANK,
  CITY,
  COMPANY,
  EMAIL,
  MONTH,
  NAME,
  NOTES,
  PHONE,
  PRODUCT,
  TARGET_REVENUE,
  TARGET_SPEND,
  TRIBE,
} from './shared.js';

/** Finance: companies, their bank accounts and the monthly targets. */
export const FINANCE_TEXTS_ID: EntityTextSet = {
  companies: {
    label: 'Perusahaan',
    description: 'Badan hukum (PT / CV) dengan NPWP dan alamatnya.',
    fields: {
      name: NAME,
      legal_name: { label: 'Nama resmi' },
      tax_id: { label: 'NPWP', patternMessage: 'Gunakan format 00.000.000.0-000.000 atau NPWP 16 digit' },
      address: ADDRESS,
      city: CITY,
      phone: PHONE,
      email: EMAIL,
      active: ACTIVE,
    },
  },
  bank_accounts: {
    label: 'Rekening bank',
    description: 'Rekening bank perusahaan dan kegunaan masing-masing.',
    fields: {
      company_id: COMPANY,
      bank_name: BANK,
      account_number: ACCOUNT_NUMBER,
      account_holder: ACCOUNT_HOLDER,
      branch: { label: 'Cabang' },
      purpose: {
        label: 'Kegunaan',
        options: {
          operational: 'Operasional',
          receiving: 'Penerimaan (pencairan Mayar)',
          ads: 'Belanja iklan',
          payroll: 'Penggajian',
          tax: 'Pajak',
        },
      },
      active: ACTIVE,
    },
  },
  monthly_targets: {
    label: 'Target bulanan',
    description: 'Target omzet, spend, dan pesanan bulanan per perusahaan, tribe, atau produk.',
    rules: {
      'requiredWhen:company_id': 'Perusahaan wajib diisi untuk target perusahaan',
      'requiredWhen:tribe_id': 'Tribe wajib diisi untuk target tribe',
      'requiredWhen:product_id': 'Produk wajib diisi untuk target produk',
      'onlyWhen:company_id': 'Kosongkan Perusahaan kecuali cakupannya Perusahaan',
      'onlyWhen:tribe_id': 'Kosongkan Tribe kecuali cakupannya Tribe',
      'onlyWhen:product_id': 'Kosongkan Produk kecuali cakupannya Produk',
    },
    fields: {
      period: MONTH,
      scope: { label: 'Cakupan', options: { company: 'Perusahaan', tribe: 'Tribe', product: 'Produk' } },
      company_id: COMPANY,
      tribe_id: TRIBE,
      product_id: PRODUCT,
      target_revenue: TARGET_REVENUE,
      target_spend: TARGET_SPEND,
      target_orders: { label: 'Target pesanan' },
      notes: NOTES,
    },
  },
};
