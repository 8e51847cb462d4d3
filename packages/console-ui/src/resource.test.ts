import type { FieldDef } from '@staff/console-contract';
import { creators } from '@staff/console-contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { formatDateTime, formatFieldValue, maskSecret, type ResourceField } from './resource.js';
import { CONSOLE_MESSAGES_ID } from './i18n/messages.js';

describe('ResourceField', () => {
  it('is structurally the contract FieldDef, both ways', () => {
    expectTypeOf<FieldDef>().toExtend<ResourceField>();
    expectTypeOf<ResourceField>().toExtend<FieldDef>();
    expectTypeOf<keyof FieldDef>().toEqualTypeOf<keyof ResourceField>();
    const fields: ResourceField[] = creators.fields;
    expect(fields.length).toBeGreaterThan(0);
  });
});

describe('formatFieldValue', () => {
  const f = (type: ResourceField['type'], extra: Partial<ResourceField> = {}): ResourceField => ({
    name: 'x',
    label: 'X',
    type,
    ...extra,
  });

  it('formats by type in id-ID', () => {
    expect(formatFieldValue(f('money'), '1234567')).toBe('Rp\u00a01.234.567');
    expect(formatFieldValue(f('integer'), 1234567)).toBe('1.234.567');
    expect(formatFieldValue(f('number'), 12.345)).toBe('12,35');
    expect(formatFieldValue(f('percent'), 4.5)).toBe('4,5%');
    expect(formatFieldValue(f('boolean'), true)).toBe('Yes');
    expect(formatFieldValue(f('boolean'), false)).toBe('No');
    expect(formatFieldValue(f('enum', { options: [{ value: 'tiktok', label: 'TikTok' }] }), 'tiktok')).toBe(
      'TikTok',
    );
    expect(formatFieldValue(f('date'), '2024-08-17')).toBe('17 Agu 2024');
    expect(formatFieldValue(f('month'), '2025-01')).toBe('Januari 2025');
    expect(formatDateTime('2025-01-10T03:30:00.000Z', { timeZone: 'Asia/Jakarta' })).toBe(
      '10 Jan 2025, 10.30',
    );
    expect(formatFieldValue(f('daterange'), { from: '2025-01-01', to: null })).toBe('1 Jan 2025 – …');
    expect(formatFieldValue(f('tags'), ['a', 'b'])).toBe('a, b');
    expect(
      formatFieldValue(f('relation', { relation: { entity: 'tribes', labelField: 'name' } }), {
        id: 3,
        name: 'Garuda',
      }),
    ).toBe('Garuda');
    expect(formatFieldValue(f('text'), null)).toBe('-');
  });

  it('never shows a secret in full', () => {
    expect(maskSecret('sk-live-123456ab12')).toBe('••••ab12');
    expect(maskSecret('••••ab12')).toBe('••••ab12');
    expect(maskSecret({ last4: '9f3c' })).toBe('••••9f3c');
    expect(formatFieldValue(f('secret'), null)).toBe('Not set');
    // In the console's language, as the components give it (key `values`).
    const words = CONSOLE_MESSAGES_ID.values;
    expect(formatFieldValue(f('secret'), null, { words })).toBe('Belum diisi');
    expect(formatFieldValue(f('boolean'), true, { words })).toBe('Ya');
    expect(formatFieldValue(f('boolean'), 'false', { words })).toBe('Tidak');
  });
});
