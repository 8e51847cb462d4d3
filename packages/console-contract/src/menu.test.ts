import { describe, expect, it } from 'vitest';
import { PERMISSION_KEYS } from './permissions.js';
import { menuDefinition, readableKeys, visibleMenu, type MenuGroupDef } from './menu.js';

const MENU: MenuGroupDef[] = [
  {
    id: 'open',
    label: 'Open',
    alwaysVisible: true,
    requires: [],
    items: [{ id: 'o1', label: 'O1', path: '/o1', key: 'x', requires: ['x'] }],
  },
  {
    id: 'two',
    label: 'Two keys',
    alwaysVisible: false,
    requires: ['a', 'b'],
    items: [
      { id: 't1', label: 'T1', path: '/t1', key: 'a', requires: [] },
      { id: 't2', label: 'T2', path: '/t2/', key: 'c', requires: ['c'] },
    ],
  },
  {
    id: 'solo',
    label: 'Solo',
    alwaysVisible: false,
    requires: [],
    items: [{ id: 's1', label: 'S1', path: '/s1', key: 'd', requires: ['d'] }],
  },
  { id: 'empty', label: 'Empty', alwaysVisible: true, requires: [], items: [] },
];
const read = (...keys: string[]) => keys.map((permission_key) => ({ permission_key, allow_read: 1 }));
const ids = (groups: { id: string }[]) => groups.map((g) => g.id);

describe('visibleMenu', () => {
  it('shows alwaysVisible groups with all their items to everyone', () => {
    expect(visibleMenu(MENU, [])).toEqual([{ ...MENU[0], items: [{ ...MENU[0]!.items[0], locked: true }] }]);
  });

  it('needs every group key, and each item its own keys too', () => {
    expect(ids(visibleMenu(MENU, read('a')))).toEqual(['open']);
    const two = visibleMenu(MENU, read('a', 'b')).find((g) => g.id === 'two');
    expect(two?.items.map((i) => i.id)).toEqual(['t1']);
    const full = visibleMenu(MENU, read('a', 'b', 'c')).find((g) => g.id === 'two');
    expect(full?.items.map((i) => i.id)).toEqual(['t1', 't2']);
  });

  it('hides a group whose items are all hidden', () => {
    expect(ids(visibleMenu(MENU, read('a', 'b')))).not.toContain('solo');
    expect(ids(visibleMenu(MENU, read('d')))).toContain('solo');
  });

  it('treats allow_read 0 as no access, and any readable duplicate as access', () => {
    expect(ids(visibleMenu(MENU, [{ permission_key: 'd', allow_read: 0 }]))).toEqual(['open']);
    expect(
      ids(
        visibleMenu(MENU, [
          { permission_key: 'd', allow_read: 0 },
          { permission_key: 'd', allow_read: 1 },
        ]),
      ),
    ).toContain('solo');
  });

  it('while the permissions are on their way: the always-visible groups, nothing locked', () => {
    for (const pending of [null, undefined]) {
      const menu = visibleMenu(MENU, pending);
      expect(ids(menu)).toEqual(['open']);
      expect(menu[0]!.items.map((i) => i.locked)).toEqual([false]);
    }
  });

  it('locks an item whose key the user cannot read, and only that one', () => {
    expect(visibleMenu(MENU, read('y'))[0]!.items[0]!.locked).toBe(true);
    expect(visibleMenu(MENU, read('x'))[0]!.items[0]!.locked).toBe(false);
    expect(visibleMenu(MENU, [{ permission_key: 'x', allow_read: 0 }])[0]!.items[0]!.locked).toBe(true);
    const two = visibleMenu(MENU, read('a', 'b', 'c')).find((g) => g.id === 'two')!;
    expect(two.items.map((i) => i.locked)).toEqual([false, false]);
  });

  it('locks nothing for an item without a key', () => {
    const menu = [{ id: 'g', label: 'G', alwaysVisible: true, items: [{ id: 'i', label: 'I', path: '/i' }] }];
    expect(visibleMenu(menu, [])[0]!.items).toEqual([{ id: 'i', label: 'I', path: '/i', locked: false }]);
  });

  it('does not mutate the menu', () => {
    visibleMenu(MENU, read('a', 'b'));
    expect(MENU[1]!.items).toHaveLength(2);
    expect(MENU[0]!.items[0]).not.toHaveProperty('locked');
  });

  it('on the real menu: all keys show every group unlocked; no keys lock the always-visible pages', () => {
    const all = visibleMenu(menuDefinition(), read(...PERMISSION_KEYS));
    expect(all).toHaveLength(menuDefinition().length);
    expect(all.flatMap((g) => g.items).some((i) => i.locked)).toBe(false);
    const none = visibleMenu(menuDefinition(), []);
    expect(ids(none)).toEqual(['general-affairs', 'automation', 'operation-data']);
    expect(none.flatMap((g) => g.items).every((i) => i.locked)).toBe(true);
    // Elsewhere too, as the Sidebar always did: Customer Retention needs crm_cust_problems, its pages check
    // ad_daily_tracker.
    const crm = visibleMenu(menuDefinition(), read('crm_cust_problems')).find(
      (g) => g.id === 'customer-retention',
    )!;
    expect(crm.items.length).toBeGreaterThan(0);
    expect(crm.items.every((i) => i.locked)).toBe(true);
  });
});

describe('readableKeys', () => {
  it('keeps the keys with allow_read above 0; a missing list is empty', () => {
    expect([
      ...readableKeys([
        { permission_key: 'a', allow_read: 1 },
        { permission_key: 'b', allow_read: 0 },
      ]),
    ]).toEqual(['a']);
    expect(readableKeys(null).size).toBe(0);
  });
});
