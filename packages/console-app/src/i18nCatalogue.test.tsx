import { describe, expect, it } from 'vitest';
import { renderHook } from '@testing-library/react';
import { AppLanguageProvider, defineTexts, LANGUAGE_STORAGE_KEY, useTextsOf } from './i18n.js';

const TEXTS = defineTexts({
  cancel: ['Cancel', 'Batal'],
  rows: [(n: string) => `${n} rows`, (n: string) => `${n} baris`],
  dialog: { title: ['Delete', 'Hapus'] },
});

describe('defineTexts', () => {
  it('splits side-by-side texts into one catalogue per language', () => {
    expect(TEXTS.en.cancel).toBe('Cancel');
    expect(TEXTS.id.cancel).toBe('Batal');
    expect(TEXTS.en.rows('1.000')).toBe('1.000 rows');
    expect(TEXTS.id.rows('1.000')).toBe('1.000 baris');
    expect(TEXTS.id.dialog.title).toBe('Hapus');
  });

  it('gives the chosen language to a component', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'id');
    const { result } = renderHook(() => useTextsOf(TEXTS), { wrapper: AppLanguageProvider });
    expect(result.current.dialog.title).toBe('Hapus');
    localStorage.removeItem(LANGUAGE_STORAGE_KEY);
  });
});
