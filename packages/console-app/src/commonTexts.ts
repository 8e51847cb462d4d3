/**
 * Pairs (`[english, indonesian]`) that several catalogues use word for word, so a wording is changed in one place.
 * @example const TEXTS = defineTexts({ cancel: COMMON_TEXTS.cancel, remove: COMMON_TEXTS.delete });
 */
export const COMMON_TEXTS = {
  cancel: ['Cancel', 'Batal'],
  edit: ['Edit', 'Ubah'],
  delete: ['Delete', 'Hapus'],
  saving: ['Saving…', 'Menyimpan…'],
  loading: ['Loading…', 'Memuat…'],
  active: ['Active', 'Aktif'],
  status: ['Status', 'Status'],
  failed: ['Failed', 'Gagal'],
} as const;
