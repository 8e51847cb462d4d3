import { afterEach, describe, expect, it } from 'vitest';
import {
  PAGE_DENIED_MESSAGE,
  createSchema,
  creators,
  formatValidationError,
  projects,
} from '@staff/console-contract';
import { LANGUAGE_STORAGE_KEY } from '../i18n.js';
import { ApiError } from './apiError.js';
import { toCallError } from './errors.js';
import { type FakeAnswer, fakeClient } from './testAdapter.js';

/** The error the app's client rejects with when the server answers `answer`. */
async function failedCall(answer: FakeAnswer): Promise<unknown> {
  try {
    await fakeClient(() => answer).client.get('/api/anything');
  } catch (error) {
    return error;
  }
  throw new Error('the call did not fail');
}

/** The 400 body the resources API sends for a create with an unknown platform and no name or handle. */
function invalidCreatorBody() {
  const result = createSchema(creators).safeParse({ platform: 'myspace' });
  if (result.success) throw new Error('expected the body to be refused');
  return { ...formatValidationError(result.error), code: 'INVALID_INPUT' };
}

afterEach(() => globalThis.localStorage.clear());

describe('toCallError in Indonesian', () => {
  it('translates the message and every field message, keeping the status and the field keys', async () => {
    const body = invalidCreatorBody();
    const error = toCallError(await failedCall({ status: 400, data: body }), 'id');
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/^\d+ kolom tidak valid: /);
    expect(Object.keys(error.fields!)).toEqual(Object.keys(body.fields));
    expect(error.fields!.name).toEqual(['Nama wajib diisi']);
    expect(error.fields!.platform![0]).toMatch(/^Harus salah satu dari: /);
    // Every field message is translated: none is left as the server's English.
    for (const [key, messages] of Object.entries(error.fields!))
      expect(messages).not.toEqual(body.fields[key]);
  });

  it('puts the Indonesian field labels into the texts that name a field', async () => {
    const result = createSchema(projects).safeParse({});
    const body = formatValidationError(result.error!);
    expect(body.fields.title).toEqual(['Title is required']);
    const error = toCallError(await failedCall({ status: 400, data: body }), 'id');
    expect(error.fields!.title).toEqual(['Judul wajib diisi']);
    expect(error.message).toContain('title (Judul wajib diisi)');
  });

  it('fills the figures and ids of a server text into its Indonesian', async () => {
    const error = toCallError(
      await failedCall({ status: 404, data: { message: 'No user with id 7.', code: 'NOT_FOUND' } }),
      'id',
    );
    expect(error).toEqual({ status: 404, message: 'Tidak ada pengguna dengan id 7.' });
  });

  it('keeps the spec strings exactly', async () => {
    const error = toCallError(
      await failedCall({ status: 403, data: { message: PAGE_DENIED_MESSAGE } }),
      'id',
    );
    expect(error.message).toBe("You don't have permission to access this page");
  });

  it('translates the texts of a call that got no answer', async () => {
    expect(toCallError(await failedCall({ network: true }), 'id')).toEqual({
      message: 'Gangguan jaringan: server tidak dapat dihubungi',
    });
    expect(toCallError(await failedCall({ status: 502 }), 'id')).toEqual({
      status: 502,
      message: 'Permintaan gagal dengan kode status 502',
    });
  });

  it('reads the chosen language when none is given', async () => {
    globalThis.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'id');
    const error = toCallError(await failedCall({ status: 409, data: { message: 'This already exists' } }));
    expect(error.message).toBe('Data ini sudah ada');
  });
});

describe('toCallError in English', () => {
  it('passes the server texts on exactly (English is the default)', async () => {
    const body = invalidCreatorBody();
    const error = toCallError(await failedCall({ status: 400, data: body }));
    expect(error).toEqual({ status: 400, message: body.message, fields: body.fields });
    expect(toCallError(await failedCall({ network: true }), 'en')).toEqual({ message: 'Network Error' });
  });

  it('returns a call error that is already one unchanged', () => {
    const own = { status: 400, message: 'Pilih tanggal dulu.' };
    expect(toCallError(own, 'id')).toBe(own);
  });
});

describe('ApiError.fieldsByItem', () => {
  it('groups a body list’s messages by item and keeps the rest apart', () => {
    const error = new ApiError({
      status: 400,
      message: 'Invalid input',
      fields: {
        'body.rows.2.receipt': ['Receipt is required'],
        'body.rows.2.courier': ['Unknown courier'],
        'body.rows.0.order_ref': ['No such order'],
        'body.rows': ['Too many rows'],
        'body.rowsExtra.1': ['Not a list item'],
      },
    });
    const { byItem, other } = error.fieldsByItem('body.rows');
    expect([...byItem.entries()].sort(([a], [b]) => a - b)).toEqual([
      [0, ['No such order']],
      [2, ['Receipt is required', 'Unknown courier']],
    ]);
    expect(other).toEqual(['Too many rows', 'Not a list item']);
  });
});
