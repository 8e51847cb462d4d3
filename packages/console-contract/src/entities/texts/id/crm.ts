import type { EntityTextSet } from '../types.js';
import { ACTIVE, NAME, SORT_ORDER } from './shared.js';

/** Customer retention: the two levels of the problem taxonomy. */
export const CRM_TEXTS_ID: EntityTextSet = {
  problem_categories: {
    label: 'Kategori masalah',
    description:
      'Kategori masalah pelanggan. Nonaktifkan, jangan dihapus, setelah ada masalah yang memakainya.',
    fields: {
      name: NAME,
      description: { label: 'Deskripsi' },
      sort_order: { ...SORT_ORDER, help: 'Yang lebih kecil tampil lebih dulu di pilihan.' },
      active: ACTIVE,
    },
  },
  problem_subcategories: {
    label: 'Sub kategori masalah',
    description: 'Sub kategori masalah pelanggan dengan prioritas bawaan dan target penyelesaiannya.',
    fields: {
      category_id: { label: 'Kategori' },
      name: NAME,
      description: { label: 'Deskripsi' },
      default_priority: {
        label: 'Prioritas bawaan',
        options: { low: 'Rendah', medium: 'Sedang', high: 'Tinggi', urgent: 'Mendesak' },
      },
      sla_hours: { label: 'Selesaikan dalam (jam)' },
      sort_order: SORT_ORDER,
      active: ACTIVE,
    },
  },
};
