import { describe, expect, it } from 'vitest';
import { PERMISSION_KEYS, toPermissionMap } from './permissions.js';
import { ROUTES, SPEC_ROUTES } from './routes.js';
import { menuDefinition } from './menu.js';

const all = toPermissionMap(PERMISSION_KEYS.map((k) => ({ permission_key: k, allow_read: 1 })));
const only = (...keys: string[]) => toPermissionMap(keys.map((k) => ({ permission_key: k, allow_read: 1 })));

describe('route table', () => {
  it('has the spec 41 pages with unique paths, plus the landing page', () => {
    expect(SPEC_ROUTES).toHaveLength(41);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    expect(ROUTES.find((r) => r.id === 'usage-statistic')?.path).toBe('/app/usage-statistic');
  });
  it('keeps the trailing slashes of the spec', () => {
    expect(ROUTES.find((r) => r.id === 'kol-report')?.path).toBe('/app/reports/kol-report/');
    expect(ROUTES.find((r) => r.id === 'creators')?.path).toBe('/app/admins/creators');
  });
  it('uses only known keys', () => {
    for (const route of ROUTES) expect(PERMISSION_KEYS).toContain(route.key);
    expect(PERMISSION_KEYS).toHaveLength(17);
  });
});

describe('menuDefinition', () => {
  const menu = menuDefinition();
  it('lists the groups in order with the spec visibility rules', () => {
    expect(menu.map((g) => g.label)).toEqual([
      'Statistics',
      'General Affairs',
      'Automation Database',
      'Customer Retention',
      'Operation Data',
      'Reports',
      'Logistics',
      'Logs',
      'Finance',
      'Users',
    ]);
    expect(menu.filter((g) => g.alwaysVisible).map((g) => g.id)).toEqual([
      'general-affairs',
      'automation',
      'operation-data',
    ]);
    expect(menu.find((g) => g.id === 'customer-retention')!.requires).toEqual(['crm_cust_problems']);
  });
  it('double-keys KOL Report and Companies', () => {
    const items = menu.flatMap((g) => g.items);
    expect(items.find((i) => i.id === 'kol-report')!.requires).toEqual(['finance_kol_report']);
    expect(items.find((i) => i.id === 'companies')!.requires).toEqual(['finance_manage_companies']);
  });
  it('labels the logistics items as the spec does and puts every menu route in a group', () => {
    expect(menu.find((g) => g.id === 'logistics')!.items.map((i) => i.label)).toEqual([
      'Packaging',
      'Receipt Confirmation',
    ]);
    expect(menu.flatMap((g) => g.items)).toHaveLength(ROUTES.filter((r) => r.group).length);
    expect(menu.find((g) => g.id === 'operation-data')!.items).toHaveLength(14);
  });
});

describe('toPermissionMap', () => {
  it('treats allow_read 0 as no access and tolerates a missing list', () => {
    expect(toPermissionMap([{ permission_key: 'statistics', allow_read: 0 }]).statistics?.read).toBe(false);
    expect(toPermissionMap(undefined)).toEqual({});
    expect(
      toPermissionMap(
        only('statistics').statistics ? [{ permission_key: 'x', allow_read: 1, allow_write: 1 }] : [],
      ).x,
    ).toEqual({ read: true, write: true });
  });
  it('has every key for the all-keys user', () => {
    expect(Object.keys(all)).toHaveLength(17);
  });
});
