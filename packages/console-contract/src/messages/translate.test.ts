import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { creators } from '../entities/creators.js';
import { createSchema, formatValidationError, listQuerySchema } from '../entities/validation.js';
import { loadIndonesianTexts } from './indonesian.js';
import { translateFieldMessages, translateMessage } from './translate.js';
import { isCatalogued } from './translateId.js';

// The Indonesian half is a chunk of its own (issue 33): loaded once, as the app does before it shows Indonesian.
beforeAll(() => loadIndonesianTexts());

describe('translateMessage', () => {
  it('leaves English as it is', () => {
    expect(translateMessage('Must be at most 200 characters', 'en')).toBe('Must be at most 200 characters');
    expect(translateMessage('Not found', 'en')).toBe('Not found');
  });

  it('translates fixed texts and fills templates with the figures and names sent', () => {
    expect(translateMessage('Not found', 'id')).toBe('Tidak ditemukan');
    expect(translateMessage('Must be at most 200 characters', 'id')).toBe('Maksimal 200 karakter');
    expect(translateMessage('Name is required', 'id')).toBe('Nama wajib diisi');
    expect(translateMessage('Handle is required', 'id')).toBe('Handle wajib diisi');
    expect(translateMessage('No user with id 42.', 'id')).toBe('Tidak ada pengguna dengan id 42.');
    expect(translateMessage('Must be at least Rp 0', 'id')).toBe('Minimal Rp 0');
    expect(
      translateMessage('Too many failed sign-ins: this account is locked. Try again in 1 minute.', 'id'),
    ).toBe('Terlalu banyak percobaan masuk yang gagal: akun ini dikunci. Coba lagi dalam 1 menit.');
  });

  it('prefers the most specific template', () => {
    // "Must be at most {n}" also matches; the one with more fixed text wins.
    expect(translateMessage('Must be at most 5000 characters as JSON', 'id')).toBe(
      'Maksimal 5000 karakter sebagai JSON',
    );
    expect(translateMessage('Must be at most Rp 1.000', 'id')).toBe('Maksimal Rp 1.000');
  });

  it('translates a nested text inside a template', () => {
    expect(translateMessage('Invalid body: phone (Must be a number)', 'id')).toBe(
      'Isi permintaan tidak valid: phone (Harus berupa angka)',
    );
  });

  it('translates a nested text the server chose between', () => {
    expect(translateMessage('Some rows cannot be saved; nothing was changed.', 'id')).toBe(
      'Beberapa baris tidak dapat disimpan; tidak ada yang diubah.',
    );
  });

  it('translates the validation summary item by item', () => {
    const result = createSchema(creators).safeParse({ platform: 'myspace' });
    expect(result.success).toBe(false);
    const { message, fields } = formatValidationError(result.error!);
    const translated = translateMessage(message, 'id');
    expect(translated).not.toBe(message);
    expect(translated).toMatch(/^\d+ kolom tidak valid: /);
    for (const [path, messages] of Object.entries(fields)) {
      expect(translated).toContain(`${path} (${translateMessage(messages[0]!, 'id')})`);
    }
    expect(
      translateMessage('5 fields are invalid: a (Required), b (Must be text), c (Required) and 2 more', 'id'),
    ).toBe('5 kolom tidak valid: a (Wajib diisi), b (Harus berupa teks), c (Wajib diisi) dan 2 lainnya');
  });

  it('keeps the spec strings and the server texts that are Indonesian already', () => {
    expect(translateMessage("You don't have permission to access this page", 'id')).toBe(
      "You don't have permission to access this page",
    );
    expect(translateMessage('Error : Komunikasi dengan server bermasalah', 'id')).toBe(
      'Error : Komunikasi dengan server bermasalah',
    );
    expect(translateMessage('Nomor ini belum bisa dihubungkan: token kedaluwarsa', 'id')).toBe(
      'Nomor ini belum bisa dihubungkan: token kedaluwarsa',
    );
    expect(isCatalogued('WhatsApp menolak: (#131009) Parameter value is not valid')).toBe(true);
  });

  it('gives English for the texts the server writes in Indonesian, and keeps the spec strings', () => {
    expect(translateMessage('Minta kode verifikasi dulu.', 'en')).toBe('Request a verification code first.');
    expect(translateMessage('Nomor ini belum bisa dihubungkan: token kedaluwarsa', 'en')).toBe(
      'This number cannot be connected yet: token kedaluwarsa',
    );
    expect(translateMessage('PIN harus 6 angka', 'en')).toBe('PIN must be 6 digits');
    expect(translateMessage('Error : Komunikasi dengan server bermasalah', 'en')).toBe(
      'Error : Komunikasi dengan server bermasalah',
    );
  });

  it('leaves a text it does not know unchanged', () => {
    expect(translateMessage('Something nobody catalogued', 'id')).toBe('Something nobody catalogued');
    expect(isCatalogued('Something nobody catalogued')).toBe(false);
  });

  it('translates what the contract validation really produces for bad input', () => {
    // Real messages from the real schemas, not copies of the catalogue's keys.
    const bodies: unknown[] = [
      {},
      { name: 'x'.repeat(500), platform: 'tiktok', handle: 'ok_handle', followers: -5 },
      { name: 'Nadia', platform: 'tiktok', handle: 'a b', followers: 1.5, email: 'not-an-email' },
    ];
    const messages = new Set<string>();
    for (const body of bodies) {
      const result = createSchema(creators).safeParse(body);
      if (!result.success) for (const issue of result.error.issues) messages.add(issue.message);
    }
    const list = listQuerySchema(creators).safeParse({ sort: 'nope:asc', limit: '0', 'f.name.within': '3' });
    if (!list.success) for (const issue of list.error.issues) messages.add(issue.message);
    expect(messages.size).toBeGreaterThan(4);
    for (const message of messages) {
      expect(isCatalogued(message), message).toBe(true);
      expect(translateMessage(message, 'id'), message).not.toBe(message);
    }
  });

  it("translates zod's own English for schemas without a message of ours", () => {
    const result = z
      .object({ name: z.string().max(3), count: z.number() })
      .safeParse({ name: 'long', count: 'x' });
    const messages = result.error!.issues.map((issue) => translateMessage(issue.message, 'id'));
    expect(messages).toEqual([
      'Terlalu panjang: paling banyak 3 karakter',
      'Isian tidak valid: seharusnya number, diterima string',
    ]);
  });
});

describe('translateFieldMessages', () => {
  it('translates every message of every field', () => {
    expect(
      translateFieldMessages(
        { 'body.name': ['Name is required'], 'body.email': ['Must be a valid email address'] },
        'id',
      ),
    ).toEqual({ 'body.name': ['Nama wajib diisi'], 'body.email': ['Harus berupa alamat email yang valid'] });
    expect(translateFieldMessages({ 'body.name': ['Name is required'] }, 'en')).toEqual({
      'body.name': ['Name is required'],
    });
  });
});
