import { render, screen, within } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { fn, userEvent } from 'storybook/test';
import { describe, expect, it } from 'vitest';
import type { LinkRendererProps } from '../../adapters.js';
import { formatLastLogin, samePath, type SidebarMenuGroup } from './menu.js';
import { Sidebar } from './Sidebar.js';
import * as stories from './Sidebar.stories.js';

const {
  AllKeys,
  NoKeys,
  ZeroReadKeys,
  DoubleKeyedItems,
  Refreshing,
  NoLastLogin,
  WithFooter,
  WithRouterLinks,
  AllStates,
} = composeStories(stories);

const groupButtons = () => screen.getAllByRole('button').filter((b) => b.hasAttribute('aria-expanded'));

// The groups as the app hands them over (who sees what is console-contract's `visibleMenu`).
const OPEN: SidebarMenuGroup = { id: 'open', label: 'Open', items: [{ id: 'o1', label: 'O1', path: '/o1' }] };
const TWO: SidebarMenuGroup = {
  id: 'two',
  label: 'Two keys',
  items: [
    { id: 't1', label: 'T1', path: '/t1' },
    { id: 't2', label: 'T2', path: '/t2/' },
  ],
};
const MENU: SidebarMenuGroup[] = [OPEN, TWO, { id: 'empty', label: 'Empty', items: [] }];

describe('formatLastLogin and samePath', () => {
  it('formats id-ID date and time, "—" when missing, raw when unparseable', () => {
    expect(formatLastLogin('2025-03-12T07:05:00Z', { timeZone: 'Asia/Jakarta' })).toBe('12 Mar 2025, 14.05');
    expect(formatLastLogin('2025-03-12 14:05:00', { timeZone: undefined })).toMatch(/^12 Mar 2025, 14\.05$/);
    expect(formatLastLogin(null)).toBe('—');
    expect(formatLastLogin('')).toBe('—');
    expect(formatLastLogin('kemarin')).toBe('kemarin');
    expect(formatLastLogin('2025-03-12T07:05:00Z', { locale: 'en-GB', timeZone: 'UTC' })).toBe(
      '12 Mar 2025, 07:05',
    );
  });

  it('compares paths ignoring a trailing slash', () => {
    expect(samePath('/app/logs/purchase/', '/app/logs/purchase')).toBe(true);
    expect(samePath('/', '/')).toBe(true);
    expect(samePath('/app/a', '/app/ab')).toBe(false);
  });
});

describe('Sidebar', () => {
  it('shows the user, the formatted last login, and every group with all keys', () => {
    render(<AllKeys />);
    expect(screen.getByText('Siti Rahmawati')).toBeInTheDocument();
    expect(screen.getByText('12 Mar 2025, 14.05')).toHaveAttribute('datetime', '2025-03-12T07:05:00.000Z');
    expect(groupButtons()).toHaveLength(10);
  });

  it('shows only the three always-visible groups without keys, or with allow_read 0', () => {
    const names = ['General Affairs', 'Automation Database', 'Operation Data'];
    const { unmount } = render(<NoKeys />);
    expect(groupButtons().map((b) => b.textContent)).toEqual(names);
    unmount();
    render(<ZeroReadKeys />);
    expect(groupButtons().map((b) => b.textContent)).toEqual(names);
  });

  it('opens the current page group first and highlights its link', () => {
    render(<AllKeys />);
    expect(screen.getByRole('button', { name: 'Operation Data' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Reports' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('link', { name: 'Product Admin' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Product Admin' })).toHaveAttribute(
      'href',
      '/app/admins/products',
    );
  });

  it('keeps one group open at a time, with aria-controls pointing at its list', async () => {
    render(<AllKeys />);
    const reports = screen.getByRole('button', { name: 'Reports' });
    await userEvent.click(reports);
    expect(reports).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Operation Data' })).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(reports.getAttribute('aria-controls')!)!;
    expect(panel).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'KOL Report' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Product Admin' })).not.toBeInTheDocument();
    await userEvent.click(reports);
    expect(groupButtons().every((b) => b.getAttribute('aria-expanded') === 'false')).toBe(true);
  });

  it('works from the keyboard', async () => {
    render(<AllKeys />);
    const logs = screen.getByRole('button', { name: 'Logs' });
    logs.focus();
    await userEvent.keyboard('{Enter}');
    expect(logs).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    expect(screen.getByRole('link', { name: 'Purchase Log' })).toHaveFocus();
  });

  it('hides double-keyed items without their second key', async () => {
    render(<DoubleKeyedItems />);
    expect(screen.queryByRole('link', { name: 'KOL Report' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Finance' }));
    expect(screen.getByRole('link', { name: 'Bank Accounts' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Companies' })).not.toBeInTheDocument();
  });

  it('calls onSignOut and onRefresh', async () => {
    const onSignOut = fn();
    const onRefresh = fn();
    render(<AllKeys onSignOut={onSignOut} onRefresh={onRefresh} />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refresh permissions' }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });

  it('shows the spinner state and ignores clicks while refreshing', async () => {
    const onRefresh = fn();
    render(<Refreshing onRefresh={onRefresh} />);
    const button = screen.getByRole('button', { name: 'Refresh permissions' });
    expect(button).toHaveAttribute('data-state', 'refreshing');
    expect(screen.getByRole('status')).toHaveTextContent('Refreshing permissions…');
    await userEvent.click(button);
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('shows "—" without a last login', () => {
    render(<NoLastLogin />);
    expect(screen.getByText('Last login: —')).toBeInTheDocument();
  });

  it('renders the footer slot', () => {
    render(<WithFooter />);
    expect(screen.getByText('Connected')).toBeInTheDocument();
  });

  it('uses renderLink, and a path change opens the new group', async () => {
    render(<WithRouterLinks />);
    await userEvent.click(screen.getByRole('link', { name: 'Tribe Admin' }));
    expect(screen.getByRole('link', { name: 'Tribe Admin' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the group of a new currentPath given by the app', () => {
    const Link = ({ to, children, ...rest }: LinkRendererProps) => (
      <a href={`#${to}`} data-router="yes" {...rest}>
        {children}
      </a>
    );
    const props = {
      user: { fullname: 'A', last_login: null },
      menu: MENU,
      onSignOut: () => {},
      onRefresh: () => {},
      renderLink: Link,
    };
    const { rerender } = render(<Sidebar {...props} currentPath="/o1" />);
    expect(screen.getByRole('link', { name: 'O1' })).toHaveAttribute('data-router', 'yes');
    rerender(<Sidebar {...props} currentPath="/t2" />);
    expect(screen.getByRole('button', { name: 'Two keys' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'T2' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the current page group when the groups that show it arrive, without remounting', async () => {
    const props = {
      user: { fullname: 'A', last_login: null },
      onSignOut: () => {},
      onRefresh: () => {},
    };
    const { rerender } = render(<Sidebar {...props} menu={[OPEN]} currentPath="/t1" />);
    const signOut = screen.getByRole('button', { name: 'Sign Out' });
    expect(screen.queryByRole('button', { name: 'Two keys' })).toBeNull();
    rerender(<Sidebar {...props} menu={[OPEN, { ...TWO, items: [TWO.items[0]!] }]} currentPath="/t1" />);
    expect(screen.getByRole('button', { name: 'Two keys' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'T1' })).toHaveAttribute('aria-current', 'page');
    // The same controls: a press in that moment reaches them.
    expect(screen.getByRole('button', { name: 'Sign Out' })).toBe(signOut);
    // Once the person chose, a later change of the groups (new permissions) does not reopen the page's group.
    await userEvent.click(screen.getByRole('button', { name: 'Two keys' }));
    rerender(<Sidebar {...props} menu={[OPEN, TWO]} currentPath="/t1" />);
    expect(screen.getByRole('button', { name: 'Two keys' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('marks the items given as locked: a padlock and the "no access" hint, the others plain', () => {
    const menu = [
      {
        ...OPEN,
        items: [
          { ...OPEN.items[0]!, locked: true },
          { id: 'o2', label: 'O2', path: '/o2' },
        ],
      },
    ];
    render(<Sidebar menu={menu} currentPath="/o2" />);
    const locked = screen.getByRole('link', { name: 'O1' });
    expect(locked).toHaveAttribute('data-locked', 'true');
    expect(locked).toHaveAccessibleDescription('No access: this page needs a permission you do not have.');
    expect(locked.querySelector('svg.cui-sidebar__lock')).not.toBeNull();
    const open = screen.getByRole('link', { name: 'O2' });
    expect(open).not.toHaveAttribute('data-locked');
    expect(open).not.toHaveAttribute('aria-describedby');
    expect(open.querySelector('svg')).toBeNull();
  });

  it('renders every variant in AllStates', () => {
    render(<AllStates />);
    expect(screen.getAllByRole('navigation')).toHaveLength(6);
  });
});

describe('Sidebar as a plain navigation', () => {
  it('needs only the menu and the current path: no header, every group given shown', () => {
    render(
      <Sidebar
        menu={[{ id: 'g', label: 'Reports', items: [{ id: 'r', label: 'Sales', path: '/sales' }] }]}
        currentPath="/sales"
        messages={{ navLabel: 'Navigasi' }}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Navigasi' });
    expect(within(nav).getByRole('link', { name: 'Sales' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('button', { name: /sign out/i })).toBeNull();
    expect(screen.queryByRole('button', { name: /refresh/i })).toBeNull();
  });
});
