import { describe, expect, it } from 'vitest';
import { PERMISSION_KEYS, ROUTES } from '@staff/console-contract';
import { palettePages } from './ShellCommandPalette.js';

const read = (...keys: string[]) =>
  keys.map((key) => ({ permission_key: key, allow_read: 1, allow_write: 0 }));

describe('palettePages', () => {
  it('lists the menu pages the user may open, with their group, and none the page guard would refuse', () => {
    const pages = palettePages(read('databank_tribes'));
    const paths = pages.map((page) => page.id);
    expect(paths).toContain('/app/admins/tribes');
    expect(pages.find((page) => page.id === '/app/admins/tribes')).toEqual({
      id: '/app/admins/tribes',
      label: 'Tribe Admin',
      description: 'Operation Data',
    });
    // Operation Data is shown to everyone in the sidebar, but its other pages need keys this user lacks.
    for (const path of paths) {
      const route = ROUTES.find((candidate) => candidate.path === path)!;
      expect(route.access === 'signed-in' || route.key === 'databank_tribes', path).toBe(true);
    }
    expect(paths).not.toContain('/app/finance/companies/');
  });

  it('every key: every menu page; no permissions yet: only pages open to everyone signed in', () => {
    const all = palettePages(read(...PERMISSION_KEYS)).map((page) => page.id);
    expect(all.sort()).toEqual(
      ROUTES.filter((route) => route.group)
        .map((route) => route.path)
        .sort(),
    );
    for (const page of palettePages(null)) {
      expect(ROUTES.find((route) => route.path === page.id)?.access).toBe('signed-in');
    }
  });
});
