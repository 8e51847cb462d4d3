import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { ENTITIES, getEntity } from './index.js';
import { SAMPLE_ROWS } from './samples.fixture.js';
import type { EntityDef, FieldDef } from './types.js';
import {
  checkRules,
  createSchema,
  formatValidationError,
  maskRow,
  maskSecret,
  maxLengthOf,
  normalizePhone,
  updateSchema,
} from './validation.js';

const entity = (name: string): EntityDef => {
  const def = getEntity(name);
  if (!def) throw new Error(`no entity ${name}`);
  return def;
};

/** The field messages of a rejected body (fails the test if the body was accepted). */
function errorsOf(schema: z.ZodMiniType, body: unknown): Record<string, string[]> {
  const result = schema.safeParse(body);
  expect(result.success, `accepted ${JSON.stringify(body)}`).toBe(false);
  return result.success ? {} : formatValidationError(result.error).fields;
}

function wrongType(field: FieldDef): unknown {
  switch (field.type) {
    case 'integer':
    case 'number':
    case 'money':
    case 'percent':
    case 'relation':
      return 'lots';
    case 'boolean':
      return 'yes';
    case 'tags':
      return 'a,b';
    case 'daterange':
      return '2026-01-01';
    default:
      return 12345;
  }
}

const TEXTLIKE = new Set(['text', 'longtext', 'email', 'url', 'secret']);
const writable = (def: EntityDef) => def.fields.filter((f) => !f.readOnly && f.type !== 'json');

it('has a sample for every entity', () => {
  expect(Object.keys(SAMPLE_ROWS).sort()).toEqual(ENTITIES.map((e) => e.name).sort());
});

describe.each(ENTITIES.map((def) => [def.name, def] as const))('%s validation', (name, def) => {
  const sample = SAMPLE_ROWS[name]!;

  it('accepts a realistic row and fills every writable field', () => {
    const result = createSchema(def).safeParse(sample);
    expect(result.success ? 'ok' : formatValidationError(result.error).message).toBe('ok');
    if (!result.success) return;
    for (const field of writable(def)) expect(result.data, field.name).toHaveProperty(field.name);
  });

  it('rejects a wrong type with a message on the field', () => {
    for (const field of writable(def)) {
      const fields = errorsOf(createSchema(def), { ...sample, [field.name]: wrongType(field) });
      expect(fields[field.name]?.[0], field.name).toMatch(/^Must /);
    }
  });

  it('rejects over-long text', () => {
    for (const field of writable(def).filter((f) => TEXTLIKE.has(f.type))) {
      const max = maxLengthOf(field);
      const fields = errorsOf(createSchema(def), { ...sample, [field.name]: 'a'.repeat(max + 1) });
      expect(fields[field.name], field.name).toContain(`Must be at most ${max} characters`);
    }
  });

  it('rejects a value outside an enum, listing the allowed values', () => {
    for (const field of writable(def).filter((f) => f.type === 'enum')) {
      const fields = errorsOf(createSchema(def), { ...sample, [field.name]: 'not_an_option' });
      expect(fields[field.name], field.name).toEqual([
        `Must be one of: ${field.options!.map((o) => o.value).join(', ')}`,
      ]);
    }
  });

  it('rejects unknown and server-set fields', () => {
    const fields = errorsOf(createSchema(def), {
      ...sample,
      is_admin: true,
      id: 7,
      created_at: '2026-01-01T00:00:00Z',
    });
    expect(fields.is_admin).toEqual(['Unknown field']);
    expect(fields.id).toEqual(['Id is set by the server']);
    expect(fields.created_at).toEqual(['Created at is set by the server']);
  });

  it('names each missing required field', () => {
    const required = def.fields.filter((f) => f.required && f.defaultValue === undefined);
    const body = Object.fromEntries(
      Object.entries(sample).filter(([key]) => !required.some((f) => f.name === key)),
    );
    const fields = errorsOf(createSchema(def), body);
    for (const field of required)
      expect(fields[field.name], field.name).toEqual([`${field.label} is required`]);
  });

  it('accepts a partial update with a version and rejects one without', () => {
    const field = def.fields.find((f) => f.name === def.titleField)!;
    const value = sample[field.name];
    expect(updateSchema(def).parse({ [field.name]: value, version: 3 })).toMatchObject({ version: 3 });
    expect(errorsOf(updateSchema(def), { [field.name]: value }).version).toEqual(['Version is required']);
    expect(errorsOf(updateSchema(def), { version: 1.5 }).version).toEqual(['Must be a whole number']);
    expect(errorsOf(updateSchema(def), { version: 1, nope: 1 }).nope).toEqual(['Unknown field']);
  });
});

describe('create normalisation', () => {
  const creators = entity('creators');

  it('trims text, lower-cases emails, normalises phones and fills defaults and nulls', () => {
    const data = createSchema(creators).parse({
      name: '  Budi Santoso ',
      handle: 'budi.s',
      platform: 'instagram',
      email: ' Budi@Gmail.COM ',
      phone: '0812 3456 7890',
    });
    expect(data).toMatchObject({
      name: 'Budi Santoso',
      email: 'budi@gmail.com',
      phone: '6281234567890',
      status: 'prospect',
      followers: null,
      notes: null,
    });
  });

  it('normalises handles (no @, lower-case) and codes (upper-case)', () => {
    expect(
      createSchema(creators).parse({ name: 'A', handle: '@Nadia.Glow', platform: 'tiktok' }).handle,
    ).toBe('nadia.glow');
    expect(
      createSchema(entity('projects')).parse({ ...SAMPLE_ROWS.projects, voucher_code: ' nadia10 ' })
        .voucher_code,
    ).toBe('NADIA10');
    expect(updateSchema(entity('tribes')).parse({ version: 1, code: 'gar-02' })).toEqual({
      version: 1,
      code: 'GAR-02',
    });
  });

  it('treats blank optional text as empty and blank required text as missing', () => {
    const fields = errorsOf(createSchema(creators), { name: '   ', handle: 'x', platform: 'tiktok' });
    expect(fields.name).toEqual(['Name is required']);
    expect(
      createSchema(creators).parse({ name: 'A', handle: 'a', platform: 'tiktok', city: '  ' }).city,
    ).toBeNull();
  });

  it('explains patterns in words', () => {
    expect(
      errorsOf(createSchema(creators), { name: 'A', handle: 'nadia glow!', platform: 'tiktok' }).handle,
    ).toEqual(['Use 1–30 letters, digits, dots or underscores']);
    expect(
      errorsOf(createSchema(entity('companies')), { ...SAMPLE_ROWS.companies, tax_id: '12-34' }).tax_id,
    ).toEqual(['Use 00.000.000.0-000.000 or the 16-digit NPWP']);
  });

  it('rejects fractional rupiah, negative amounts and numbers as text', () => {
    const products = entity('products');
    expect(errorsOf(createSchema(products), { ...SAMPLE_ROWS.products, price: 149_000.5 }).price).toEqual([
      'Must be a whole number of rupiah',
    ]);
    expect(errorsOf(createSchema(products), { ...SAMPLE_ROWS.products, price: -1 }).price).toEqual([
      'Must be at least Rp 0',
    ]);
    expect(errorsOf(createSchema(products), { ...SAMPLE_ROWS.products, price: '149000' }).price).toEqual([
      'Must be a whole number of rupiah',
    ]);
  });

  it('checks ranges, dates, months, datetimes and URLs', () => {
    const rooms = entity('meeting_rooms');
    expect(errorsOf(createSchema(rooms), { ...SAMPLE_ROWS.meeting_rooms, capacity: 0 }).capacity).toEqual([
      'Must be at least 1',
    ]);
    expect(
      errorsOf(createSchema(rooms), { ...SAMPLE_ROWS.meeting_rooms, image_url: 'ftp://x.id/a.jpg' })
        .image_url,
    ).toEqual(['Must be a valid URL starting with http:// or https://']);
    const projects = entity('projects');
    expect(
      errorsOf(createSchema(projects), { ...SAMPLE_ROWS.projects, post_date: '2026-02-30' }).post_date,
    ).toEqual(['Must be a date (YYYY-MM-DD)']);
    expect(
      errorsOf(createSchema(entity('tribe_targets')), { ...SAMPLE_ROWS.tribe_targets, period: '2026-13' })
        .period,
    ).toEqual(['Must be a month (YYYY-MM)']);
    const changes = entity('change_emails');
    expect(
      errorsOf(createSchema(changes), { ...SAMPLE_ROWS.change_emails, requested_at: '2026-10-20 09:15' })
        .requested_at?.[0],
    ).toMatch(/^Must be a date and time/);
    expect(createSchema(changes).parse(SAMPLE_ROWS.change_emails).requested_at).toBe(
      '2026-10-20T02:15:00.000Z',
    );
  });

  it('checks tags: list, item length and count; drops repeats', () => {
    const rooms = entity('meeting_rooms');
    expect(
      createSchema(rooms).parse({ ...SAMPLE_ROWS.meeting_rooms, facilities: ['TV', ' TV ', 'AC'] })
        .facilities,
    ).toEqual(['TV', 'AC']);
    expect(
      errorsOf(createSchema(rooms), { ...SAMPLE_ROWS.meeting_rooms, facilities: ['x'.repeat(41)] })[
        'facilities.0'
      ],
    ).toEqual(['Each item must be at most 40 characters']);
    expect(
      errorsOf(createSchema(rooms), {
        ...SAMPLE_ROWS.meeting_rooms,
        facilities: Array.from({ length: 21 }, (_, i) => `F${i}`),
      }).facilities,
    ).toEqual(['Must have at most 20 items']);
  });

  it('rejects a body that is not an object', () => {
    expect(createSchema(entity('tribes')).safeParse([1, 2]).success).toBe(false);
    expect(createSchema(entity('tribes')).safeParse('name=x').success).toBe(false);
  });
});

describe('phone normalisation', () => {
  it.each([
    ['081234567890', '6281234567890'],
    ['0812-3456-7890', '6281234567890'],
    ['+62 812 3456 7890', '6281234567890'],
    ['62812.3456.7890', '6281234567890'],
    ['(0812) 345 678', '62812345678'],
    ['81234567890', '6281234567890'],
    ['021 7890 1234', '622178901234'],
  ])('%s → %s', (input, output) => {
    expect(normalizePhone(input)).toBe(output);
  });

  it('rejects numbers that are not Indonesian after normalising', () => {
    const wa = entity('wa_registries');
    for (const phone of ['+1 415 555 0100', '0812', 'nomor saya', '620812345678']) {
      expect(errorsOf(createSchema(wa), { ...SAMPLE_ROWS.wa_registries, phone }).phone).toEqual([
        'Must be an Indonesian phone number (08… or 628…)',
      ]);
    }
    expect(createSchema(wa).parse(SAMPLE_ROWS.wa_registries).phone).toBe('6281122334455');
  });
});

describe('secrets', () => {
  const mayar = entity('mayar_accounts');
  const forwarders = entity('webhook_forwarders');

  it('are required on create where the entity needs them', () => {
    expect(errorsOf(createSchema(mayar), { ...SAMPLE_ROWS.mayar_accounts, api_key: '' }).api_key).toEqual([
      'API key is required',
    ]);
  });

  it('keep their stored value when an update leaves them out or empty', () => {
    expect(
      updateSchema(mayar).parse({ version: 2, api_key: '', webhook_token: undefined, name: 'Baru' }),
    ).toEqual({ version: 2, name: 'Baru' });
    expect(updateSchema(mayar).parse({ version: 2, api_key: 'mayar_live_new_0000' })).toEqual({
      version: 2,
      api_key: 'mayar_live_new_0000',
    });
  });

  it('can be cleared with null only when optional', () => {
    expect(updateSchema(forwarders).parse({ version: 1, secret_header: null })).toEqual({
      version: 1,
      secret_header: null,
    });
    expect(errorsOf(updateSchema(mayar), { version: 1, api_key: null }).api_key).toEqual([
      'API key is required',
    ]);
  });

  it('are masked when sent back', () => {
    expect(maskSecret('sk_live_9f8e7d6cab12')).toBe('••••••ab12');
    expect(maskSecret('short')).toBe('••••••');
    expect(maskSecret('')).toBeNull();
    expect(maskSecret(null)).toBeNull();
    const row = {
      id: 1,
      name: 'Mayar Kelas Bunda',
      api_key: 'mayar_live_8d7f6e5d4c3b2a19',
      webhook_token: null,
      version: 1,
    };
    expect(maskRow(mayar, row)).toEqual({ ...row, api_key: '••••••2a19', webhook_token: null });
    expect(row.api_key).toBe('mayar_live_8d7f6e5d4c3b2a19');
  });
});

describe('update semantics', () => {
  const creators = entity('creators');
  it('leaves absent fields out, clears optional ones with null or blank, refuses to clear required ones', () => {
    expect(updateSchema(creators).parse({ version: 4, city: '', followers: null })).toEqual({
      version: 4,
      city: null,
      followers: null,
    });
    expect(errorsOf(updateSchema(creators), { version: 4, name: '' }).name).toEqual(['Name is required']);
    expect(errorsOf(updateSchema(creators), { version: 4, platform: null }).platform).toEqual([
      'Platform is required',
    ]);
  });
  it('does not apply create defaults', () => {
    expect(updateSchema(creators).parse({ version: 1, name: 'X' })).toEqual({ version: 1, name: 'X' });
  });
});

describe('rules across fields', () => {
  it('monthly targets need exactly the reference of their scope', () => {
    const def = entity('monthly_targets');
    expect(errorsOf(createSchema(def), { ...SAMPLE_ROWS.monthly_targets, tribe_id: null }).tribe_id).toEqual([
      'Tribe is required for a tribe target',
    ]);
    expect(errorsOf(createSchema(def), { ...SAMPLE_ROWS.monthly_targets, product_id: 3 }).product_id).toEqual(
      ['Leave Product empty unless the scope is Product'],
    );
    expect(checkRules(def, { scope: 'company', company_id: 1 })).toEqual([]);
  });
  it('campaigns take a daily or a lifetime budget and end after they start', () => {
    const def = entity('ad_campaigns');
    const fields = errorsOf(createSchema(def), {
      ...SAMPLE_ROWS.ad_campaigns,
      lifetime_budget: 30_000_000,
      end_date: '2026-09-01',
    });
    expect(fields.lifetime_budget).toEqual(['Set a daily or a lifetime budget, not both']);
    expect(fields.end_date).toEqual(['End date cannot be before the start date']);
  });
  it('forwarders need a pixel for Meta CAPI and a URL for HTTP', () => {
    const def = entity('webhook_forwarders');
    expect(
      errorsOf(createSchema(def), { ...SAMPLE_ROWS.webhook_forwarders, pixel_registry_id: null })
        .pixel_registry_id,
    ).toEqual(['Pixel is required for Meta Conversions API']);
    expect(
      errorsOf(createSchema(def), { ...SAMPLE_ROWS.webhook_forwarders, destination: 'http' }).url,
    ).toEqual(['URL is required for an HTTP destination']);
  });
  it('email changes must change the email (case-insensitive)', () => {
    const def = entity('change_emails');
    expect(
      errorsOf(createSchema(def), { ...SAMPLE_ROWS.change_emails, new_email: 'RINA.wulandari@gmial.com' })
        .new_email,
    ).toEqual(['New email must differ from the old email']);
  });
  it('are checked on update when the body carries the fields, else left to the merged-row check', () => {
    const def = entity('ad_campaigns');
    expect(
      errorsOf(updateSchema(def), { version: 1, daily_budget: 1, lifetime_budget: 2 }).lifetime_budget,
    ).toEqual(['Set a daily or a lifetime budget, not both']);
    expect(updateSchema(def).parse({ version: 1, lifetime_budget: 2 })).toEqual({
      version: 1,
      lifetime_budget: 2,
    });
    expect(checkRules(def, { daily_budget: 1, lifetime_budget: 2 })).toEqual([
      { path: 'lifetime_budget', message: 'Set a daily or a lifetime budget, not both' },
    ]);
  });
});

describe('formatValidationError', () => {
  it('summarises the first fields and counts the rest', () => {
    const result = createSchema(entity('creators')).safeParse({ followers: -1, x: 1, y: 2 });
    expect(result.success).toBe(false);
    if (result.success) return;
    const formatted = formatValidationError(result.error);
    expect(formatted.fields).toMatchObject({
      name: ['Name is required'],
      followers: ['Must be at least 0'],
      x: ['Unknown field'],
      y: ['Unknown field'],
    });
    expect(formatted.message).toMatch(
      /^\d+ fields are invalid: name \(Name is required\), handle \(Handle is required\), platform \(Platform is required\) and \d+ more$/,
    );
  });
  it('uses "_" for problems of the whole body', () => {
    const result = createSchema(entity('tribes')).safeParse(null);
    expect(result.success).toBe(false);
    if (!result.success) expect(Object.keys(formatValidationError(result.error).fields)).toEqual(['_']);
  });
});
