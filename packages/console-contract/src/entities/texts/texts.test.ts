import { describe, expect, it } from 'vitest';
import { ENTITIES, packages, tribes } from '../index.js';
import type { EntityDef } from '../types.js';
import { entityTexts, localizeEntity, ruleKey } from './localize.js';

const ID = entityTexts('id');

/** What a translation must not touch: everything but the texts, with functions compared by identity. */
function logicOf(def: EntityDef) {
  return {
    ...def,
    label: undefined,
    labelPlural: undefined,
    description: undefined,
    fields: def.fields.map((field) => ({
      ...field,
      label: undefined,
      help: undefined,
      placeholder: undefined,
      patternMessage: undefined,
      options: field.options?.map((option) => option.value),
    })),
    rules: def.rules?.map((rule) => ({ ...rule, message: undefined })),
    actions: def.actions?.map((action) => ({ ...action, label: undefined })),
  };
}

describe('Indonesian entity texts', () => {
  it('exist for every entity and nothing else', () => {
    expect(Object.keys(ID).sort()).toEqual(ENTITIES.map((def) => def.name).sort());
  });

  describe.each(ENTITIES.map((def) => [def.name, def] as const))('%s', (_name, def) => {
    const texts = ID[def.name]!;

    it('has a label, plural and description', () => {
      expect(texts.label.trim()).not.toBe('');
      expect((texts.labelPlural ?? texts.label).trim()).not.toBe('');
      expect(Boolean(texts.description?.trim())).toBe(Boolean(def.description));
    });

    it('has every field, its help, pattern message and choice labels, and no stale ones', () => {
      expect(Object.keys(texts.fields).sort()).toEqual(def.fields.map((field) => field.name).sort());
      for (const field of def.fields) {
        const own = texts.fields[field.name]!;
        const where = `${def.name}.${field.name}`;
        expect(own.label.trim(), where).not.toBe('');
        expect(Boolean(own.help), `${where} help`).toBe(Boolean(field.help));
        expect(Boolean(own.patternMessage), `${where} patternMessage`).toBe(Boolean(field.patternMessage));
        if (own.placeholder !== undefined) expect(field.placeholder, `${where} placeholder`).toBeDefined();
        expect(Object.keys(own.options ?? {}).sort(), `${where} options`).toEqual(
          (field.options ?? []).map((option) => option.value).sort(),
        );
        for (const label of Object.values(own.options ?? {})) expect(label.trim()).not.toBe('');
      }
    });

    it('has every rule message and action label', () => {
      expect(Object.keys(texts.rules ?? {}).sort()).toEqual(
        [...new Set((def.rules ?? []).map(ruleKey))].sort(),
      );
      expect(Object.keys(texts.actions ?? {}).sort()).toEqual((def.actions ?? []).map((a) => a.name).sort());
    });

    it('localizes only the texts: names, types, options, rules and actions keep their logic', () => {
      const localized = localizeEntity(def, 'id');
      expect(logicOf(localized)).toEqual(logicOf(def));
      localized.rules?.forEach((rule, index) => {
        const original = def.rules![index]!;
        if (rule.kind === 'formatBy' && original.kind === 'formatBy')
          expect(rule.problem).toBe(original.problem);
      });
      expect(localized.derive).toBe(def.derive);
    });
  });

  it('gives English as the definition itself, and one memoized object per definition in Indonesian', () => {
    expect(localizeEntity(tribes, 'en')).toBe(tribes);
    expect(localizeEntity(tribes, 'id')).toBe(localizeEntity(tribes, 'id'));
    expect(localizeEntity(tribes, 'id')).not.toBe(tribes);
  });

  it('replaces the texts a page shows', () => {
    const localized = localizeEntity(tribes, 'id');
    expect(localized.labelPlural).toBe('Tribe');
    expect(localized.description).toBe('Tim penjualan; omzet dan ad spend dirangkum per tribe.');
    const code = localized.fields.find((field) => field.name === 'code')!;
    expect(code).toMatchObject({
      name: 'code',
      label: 'Kode',
      pattern: '^[A-Z0-9-]{2,12}$',
      patternMessage: 'Gunakan 2–12 huruf kapital, angka, atau -',
    });
    // The definition itself is left as it is.
    expect(tribes.fields.find((field) => field.name === 'code')!.label).toBe('Code');
  });

  it('keeps the spec status names of packages in both languages', () => {
    const status = localizeEntity(packages, 'id').fields.find((field) => field.name === 'status')!;
    expect(status.options!.slice(0, 3).map((option) => option.label)).toEqual([
      'Waiting',
      'Ready to Ship',
      'Shipping',
    ]);
    expect(localizeEntity(packages, 'id').rules![0]!.message).toBe('Resi tidak sesuai dengan kurirnya');
  });
});
