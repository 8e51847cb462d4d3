import { describe, expect, it } from 'vitest';
import { ENTITIES, projects, tribeTargets } from './index.js';
import { isSearchable, monthsNamed, searchFields } from './search.js';

describe('search fields', () => {
  it('include the listed relations, choices and months besides the searchable text', () => {
    expect(searchFields(tribeTargets).map((field) => field.name)).toEqual(
      expect.arrayContaining(['tribe_id', 'period']),
    );
    expect(searchFields(projects).map((field) => field.name)).toEqual(
      expect.arrayContaining(['title', 'creator_id', 'product_id', 'status']),
    );
    expect(ENTITIES.every(isSearchable)).toBe(true);
  });

  it('name months in Indonesian and English from three letters', () => {
    expect(monthsNamed('Desember')).toEqual([12]);
    expect(monthsNamed('dec')).toEqual([12]);
    expect(monthsNamed('ju')).toEqual([]);
    expect(monthsNamed('jun')).toEqual([6]);
    expect(monthsNamed('mei')).toEqual([5]);
    expect(monthsNamed('2026')).toEqual([]);
  });
});
