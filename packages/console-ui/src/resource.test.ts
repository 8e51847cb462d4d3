import type { FieldDef } from '@staff/console-contract';
import { creators } from '@staff/console-contract';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { formatDateTime, formatFieldValue, maskSecret, type ResourceField } from './resource.js';
import { CONSOLE_MESSAGES_ID } from './i18n/messages.js';
import { formatLastLogin, lastLoginDateTime } from './components/Sidebar/menu.js';
import { fromDraft, toDraft } from './components/ResourceForm/formValues.js';

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

describe('times in Asia/Jakarta whatever the machine runs in', () => {
  const datetime: ResourceField = { name: 'at', label: 'At', type: 'datetime' };

  it("shows, edits and reads back times on Jakarta's clock under TZ=America/New_York", () => {
    const before = process.env.TZ;
    process.env.TZ = 'America/New_York';
    try {
      // The machine (and a browser there) is in New York now: 03:30Z is 22:30 the day before.
      expect(new Date('2025-01-10T03:30:00.000Z').getHours()).toBe(22);
      expect(formatDateTime('2025-01-10T03:30:00.000Z')).toBe('10 Jan 2025, 10.30');
      expect(formatFieldValue(datetime, '2025-01-10T03:30:00.000Z')).toBe('10 Jan 2025, 10.30');
      // A zone-less wall time is Jakarta's.
      expect(formatDateTime('2025-01-10 10:30:00')).toBe('10 Jan 2025, 10.30');
      expect(formatLastLogin('2025-03-12T07:05:00Z')).toBe('12 Mar 2025, 14.05');
      expect(lastLoginDateTime('2025-03-12 14:05:00')).toBe('2025-03-12T07:05:00.000Z');
      // The form's datetime-local input edits Jakarta wall time and sends the same instant back.
      expect(toDraft(datetime, '2025-03-12T07:05:00.000Z')).toBe('2025-03-12T14:05');
      expect(fromDraft(datetime, '2025-03-12T14:05')).toEqual({
        ok: true,
        value: '2025-03-12T07:05:00.000Z',
        include: true,
      });
      // An explicit zone still wins.
      expect(formatDateTime('2025-01-10T03:30:00.000Z', { timeZone: 'UTC' })).toBe('10 Jan 2025, 03.30');
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});
