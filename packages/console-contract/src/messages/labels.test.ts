import { beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, packages, problemCategories, projects } from '../entities/index.js';
import { localizeEntity } from '../entities/texts/localize.js';
import { createSchema, formatValidationError } from '../entities/validation.js';
import { entityLabelId, fieldLabelId } from './labels.js';
import { loadIndonesianTexts } from './indonesian.js';
import { translateFieldMessages, translateMessage } from './translate.js';

// The Indonesian half is a chunk of its own (issue 33): loaded once, as the app does before it shows Indonesian.
beforeAll(() => loadIndonesianTexts());

const labelOf = (def: (typeof ENTITIES)[number], field: string, language: 'en' | 'id') =>
  localizeEntity(def, language).fields.find((candidate) => candidate.name === field)!.label;

describe('field labels inside server texts', () => {
  it('puts the Indonesian label of the entity texts into a template', () => {
    expect(translateMessage('City is required', 'id')).toBe('Kota wajib diisi');
    expect(translateMessage('Cannot sort on Followers', 'id')).toBe(
      'Tidak dapat mengurutkan menurut Pengikut',
    );
    expect(translateMessage('Cannot use "gt" on Rate per post; use one of: eq, in', 'id')).toBe(
      'Tidak dapat memakai "gt" pada Tarif per posting; gunakan salah satu dari: eq, in',
    );
    // English stays as the server wrote it.
    expect(translateMessage('City is required', 'en')).toBe('City is required');
  });

  it('uses the label the entity texts give for every field of every entity', () => {
    /** English label and field name → the Indonesian labels entities give that field. */
    const byField = new Map<string, Set<string>>();
    for (const def of ENTITIES)
      for (const field of def.fields) {
        const key = `${field.label}|${field.name}`;
        byField.set(key, (byField.get(key) ?? new Set()).add(labelOf(def, field.name, 'id')));
      }
    let checked = 0;
    for (const def of ENTITIES)
      for (const field of def.fields) {
        const indonesian = labelOf(def, field.name, 'id');
        if (indonesian === field.label) continue;
        expect(fieldLabelId(field.label, { entity: def.name }), `${def.name}.${field.name}`).toBe(indonesian);
        // The field a message is on is enough wherever the entities agree on that field's label.
        if (byField.get(`${field.label}|${field.name}`)!.size === 1)
          expect(
            translateFieldMessages({ [`body.${field.name}`]: [`${field.label} is required`] }, 'id'),
            `${def.name}.${field.name}`,
          ).toEqual({ [`body.${field.name}`]: [`${indonesian} wajib diisi`] });
        checked++;
      }
    expect(checked).toBeGreaterThan(100);
  });

  it('translates what the contract validation really sends for a missing field', () => {
    // A project with nothing filled in: its title, creator, product… are required.
    const result = createSchema(projects).safeParse({});
    expect(result.success).toBe(false);
    const { message, fields } = formatValidationError(result.error!);
    const required = Object.entries(fields).filter(([, messages]) => messages[0]!.endsWith(' is required'));
    expect(required.length).toBeGreaterThan(0);
    const translated = translateFieldMessages(fields, 'id');
    for (const [key] of required) {
      const name = key.split('.').at(-1)!;
      expect(translated[key]).toEqual([`${labelOf(projects, name, 'id')} wajib diisi`]);
    }
    expect(translated['title']).toEqual(['Judul wajib diisi']);
    expect(translateMessage(message, 'id')).toContain('title (Judul wajib diisi)');
  });

  it('prefers the entity the text names when one English label has two Indonesian ones', () => {
    // "Order" is Urutan for the problem categories' sort order and Pesanan for a package's order reference.
    expect(labelOf(problemCategories, 'sort_order', 'en')).toBe('Order');
    expect(labelOf(packages, 'order_ref', 'en')).toBe('Order');
    expect(translateMessage('Order is already used by another package', 'id')).toBe(
      'Pesanan sudah dipakai oleh paket lain',
    );
    expect(translateMessage('Order is already used by another problem category', 'id')).toBe(
      `Urutan sudah dipakai oleh ${entityLabelId('problem category')!.label} lain`,
    );
  });

  it('else the field the message is on, else the Indonesian most entities use, every time', () => {
    expect(translateFieldMessages({ 'body.order_ref': ['Order is required'] }, 'id')).toEqual({
      'body.order_ref': ['Pesanan wajib diisi'],
    });
    expect(translateMessage('1 field is invalid: order_ref (Order is required)', 'id')).toBe(
      '1 kolom tidak valid: order_ref (Pesanan wajib diisi)',
    );
    // Without a hint: Urutan (two entities) over Pesanan (one); Deskripsi (four) over Keterangan (one).
    for (let round = 0; round < 2; round++) {
      expect(translateMessage('Order is required', 'id')).toBe('Urutan wajib diisi');
      expect(translateMessage('Description is required', 'id')).toBe('Deskripsi wajib diisi');
    }
    expect(fieldLabelId('Description', { entity: 'package_events' })).toBe('Keterangan');
  });

  it('translates entity labels, keeping the lower case the server used inside a sentence', () => {
    expect(translateMessage('There is no creator with id 5', 'id')).toBe('Tidak ada kreator dengan id 5');
    expect(translateMessage('Creator 5 has been deleted', 'id')).toBe('Kreator 5 sudah dihapus');
    expect(translateMessage('Already used by another creator', 'id')).toBe('Sudah dipakai oleh kreator lain');
    expect(translateMessage('Handle and Platform are already used together by another creator', 'id')).toBe(
      'Handle dan Platform sudah dipakai bersama oleh kreator lain',
    );
    // A first word that is a name keeps its capitals.
    expect(fieldLabelId('whatsApp')).toBe('WhatsApp');
  });

  it('leaves what is not a label as the server sent it', () => {
    expect(fieldLabelId('Nothing of ours')).toBe('Nothing of ours');
    // `{field}` in lower case is a path, not a label.
    expect(translateMessage('Invalid body: city (Must be text)', 'id')).toBe(
      'Isi permintaan tidak valid: city (Harus berupa teks)',
    );
    expect(translateMessage('No user with id 42.', 'id')).toBe('Tidak ada pengguna dengan id 42.');
  });
});
