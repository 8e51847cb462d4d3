import { describe, expect, it } from 'vitest';
import { PERMISSION_KEYS, toPermissionMap } from './permissions.js';
import { ROUTES, SPEC_ROUTES } from './routes.js';
import { visibleMenu } from './menu.js';

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

describe('visibleMenu', () => {
  it('shows the three always-visible groups to a user with no keys', () => {
    expect(visibleMenu({}).map((g) => g.label)).toEqual(['General Affairs', 'Automation Database', 'Operation Data']);
  });
  it('treats allow_read 0 as no access', () => {
    const map = toPermissionMap([{ permission_key: 'ad_daily_tracker', allow_read: 0 }]);
    expect(visibleMenu(map).map((g) => g.id)).not.toContain('reports');
  });
  it('hides KOL Report without finance_kol_report and Companies without finance_manage_companies', () => {
    const menu = visibleMenu(only('ad_daily_tracker', 'finance_manage_bank_accounts'));
    const reports = menu.find((g) => g.id === 'reports')!;
    expect(reports.items.map((i) => i.id)).not.toContain('kol-report');
    expect(reports.items).toHaveLength(7);
    const finance = menu.find((g) => g.id === 'finance')!;
    expect(finance.items.map((i) => i.label)).toEqual(['Bank Accounts', 'Monthly Target']);
  });
  it('needs the group key even when the item key is held', () => {
    const menu = visibleMenu(only('finance_kol_report', 'finance_manage_companies'));
    expect(menu.map((g) => g.id)).not.toContain('reports');
    expect(menu.map((g) => g.id)).not.toContain('finance');
  });
  it('shows every group to a user with all keys', () => {
    expect(visibleMenu(all).map((g) => g.label)).toEqual([
      'Statistics', 'General Affairs', 'Automation Database', 'Customer Retention', 'Operation Data',
      'Reports', 'Logistics', 'Logs', 'Finance', 'Users',
    ]);
    expect(visibleMenu(all).find((g) => g.id === 'logistics')!.items.map((i) => i.label)).toEqual([
      'Packaging', 'Receipt Confirmation',
    ]);
  });
});
