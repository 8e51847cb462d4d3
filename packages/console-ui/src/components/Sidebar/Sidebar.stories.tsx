import { createContext, useContext, useState, type ReactNode } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
// Stories only: the real menu and its rule (the contract owns who sees what). The component never imports it.
import { menuDefinition, PERMISSION_KEYS, visibleMenu } from '@staff/console-contract';
import type { LinkRendererProps, PermissionEntry } from '../../adapters.js';
import { messagesIn } from '../../../../../.storybook/messages.js';
import { PlainLink, Sidebar, type SidebarProps } from './Sidebar.js';

const menu = menuDefinition();
const grant = (...keys: string[]): PermissionEntry[] =>
  keys.map((permission_key) => ({ permission_key, allow_read: 1 }));
const allKeys = grant(...PERMISSION_KEYS);
/** The groups and items a user with these permissions sees, as the app hands them to the Sidebar. */
const seenWith = (permissions: readonly PermissionEntry[] | null) => visibleMenu(menu, permissions);

const ALWAYS_VISIBLE = ['General Affairs', 'Automation Database', 'Operation Data'];

/** Group header buttons, by name, in order. */
const groupNames = (canvasElement: HTMLElement) =>
  within(canvasElement)
    .getAllByRole('button', { expanded: undefined })
    .filter((b) => b.hasAttribute('aria-expanded'))
    .map((b) => b.textContent);

const meta = {
  title: 'Console/Sidebar',
  component: Sidebar,
  args: {
    user: { fullname: 'Siti Rahmawati', last_login: '2025-03-12T07:05:00Z' },
    menu: seenWith(allKeys),
    currentPath: '/app/admins/products',
    onSignOut: fn(),
    onRefresh: fn(),
    refreshing: false,
    productLabel: 'Staff Console',
    timeZone: 'Asia/Jakarta',
  },
  argTypes: { menu: { control: false }, renderLink: { control: false }, footer: { control: false } },
  decorators: [
    (Story) => (
      <div style={{ height: 640, display: 'flex' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Sidebar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AllKeys: Story = {
  play: async ({ canvas, canvasElement, args, userEvent, globals }) => {
    await expect(canvas.getByText('Siti Rahmawati')).toBeVisible();
    await expect(canvas.getByText('12 Mar 2025, 14.05')).toBeVisible();
    await expect(groupNames(canvasElement)).toEqual([
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
    // The current page's group is open and its link marked.
    await expect(canvas.getByRole('button', { name: 'Operation Data' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(canvas.getByRole('link', { name: 'Product Admin' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('button', { name: messagesIn({ globals }, 'sidebar').signOut }));
    await expect(args.onSignOut).toHaveBeenCalledTimes(1);
    await userEvent.click(canvas.getByRole('button', { name: messagesIn({ globals }, 'sidebar').refresh }));
    await expect(args.onRefresh).toHaveBeenCalledTimes(1);
  },
};

/** No keys: the always-visible groups, their pages locked (a padlock and a "no access" hint). */
export const NoKeys: Story = {
  args: { menu: seenWith([]), currentPath: '/app/general-affairs/meeting-room-dashboard' },
  play: async ({ canvasElement, canvas, globals }) => {
    await expect(groupNames(canvasElement)).toEqual(ALWAYS_VISIBLE);
    const current = canvas.getByRole('link', { name: 'Meeting Room Dashboard' });
    await expect(current).toHaveAttribute('aria-current', 'page');
    await expect(current).toHaveAttribute('data-locked', 'true');
    await expect(current).toHaveAccessibleDescription(messagesIn({ globals }, 'sidebar').locked);
  },
};

/** Keys present with allow_read 0 mean no access: the same menu as no keys. */
export const ZeroReadKeys: Story = {
  args: {
    menu: seenWith(PERMISSION_KEYS.map((permission_key) => ({ permission_key, allow_read: 0 }))),
    currentPath: '/app/automation/n8n-creator-database/',
  },
  play: async ({ canvasElement }) => {
    await expect(groupNames(canvasElement)).toEqual(ALWAYS_VISIBLE);
  },
};

/** Reports without finance_kol_report hides KOL Report; Finance without finance_manage_companies hides Companies. */
export const DoubleKeyedItems: Story = {
  args: {
    menu: seenWith(grant('ad_daily_tracker', 'finance_manage_bank_accounts')),
    currentPath: '/app/reports/monthly',
  },
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('link', { name: 'Monthly Report' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.queryByRole('link', { name: 'KOL Report' })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Finance' }));
    await expect(canvas.getByRole('link', { name: 'Bank Accounts' })).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Companies' })).not.toBeInTheDocument();
  },
};

export const Refreshing: Story = {
  args: { refreshing: true },
  play: async ({ canvas, args, userEvent, globals }) => {
    const refresh = canvas.getByRole('button', { name: messagesIn({ globals }, 'sidebar').refresh });
    await expect(refresh).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent(messagesIn({ globals }, 'sidebar').refreshing);
    await userEvent.click(refresh);
    await expect(args.onRefresh).not.toHaveBeenCalled();
  },
};

export const NoLastLogin: Story = {
  args: { user: { fullname: 'Budi Santoso', last_login: null } },
  play: async ({ canvas, globals }) => {
    await expect(canvas.getByText(`${messagesIn({ globals }, 'sidebar').lastLogin} —`)).toBeVisible();
  },
};

export const LongName: Story = {
  args: {
    user: {
      fullname: 'Raden Ajeng Kartini Puspitasari Wulandari Setyaningrum Kusumawardhani',
      last_login: '2024-12-31 23:59:00',
    },
  },
  play: async ({ canvas }) => {
    const name = canvas.getByText(/Raden Ajeng/);
    await expect(name).toBeVisible();
    // Wraps inside the sidebar instead of overflowing it.
    await expect(name.scrollWidth).toBeLessThanOrEqual(name.clientWidth + 1);
  },
};

export const WithFooter: Story = {
  args: { footer: <span>Connected</span> },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Connected')).toBeVisible();
  },
};

/** One group open at a time, driven from the keyboard. */
export const Keyboard: Story = {
  play: async ({ canvas, userEvent }) => {
    const operation = canvas.getByRole('button', { name: 'Operation Data' });
    const reports = canvas.getByRole('button', { name: 'Reports' });
    reports.focus();
    await userEvent.keyboard('{Enter}');
    await expect(reports).toHaveAttribute('aria-expanded', 'true');
    await expect(operation).toHaveAttribute('aria-expanded', 'false');
    await expect(document.getElementById(reports.getAttribute('aria-controls')!)).toBeVisible();
    await userEvent.keyboard(' ');
    await expect(reports).toHaveAttribute('aria-expanded', 'false');
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Logistics' })).toHaveFocus();
  },
};

/**
 * A plain navigation: only `menu` and `currentPath` (no user, no buttons; here the whole menu, nothing locked), with
 * the default `PlainLink` (an `<a href>`) as the link renderer.
 */
export const PlainNavigation: Story = {
  args: {
    user: undefined,
    menu,
    onSignOut: undefined,
    onRefresh: undefined,
    productLabel: undefined,
    renderLink: PlainLink,
  },
  play: async ({ canvas, globals }) => {
    await expect(
      canvas.queryByRole('button', { name: messagesIn({ globals }, 'sidebar').signOut }),
    ).not.toBeInTheDocument();
    await expect(
      canvas.queryByRole('button', { name: messagesIn({ globals }, 'sidebar').refresh }),
    ).not.toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Product Admin' })).toHaveAttribute(
      'href',
      '/app/admins/products',
    );
  },
};

// A tiny in-memory router so links can be clicked in Storybook without leaving the page.
const NavigateContext = createContext<(path: string) => void>(() => {});
function DemoLink({ to, children, ...rest }: LinkRendererProps) {
  const navigate = useContext(NavigateContext);
  return (
    <a
      href={to}
      {...rest}
      onClick={(event) => {
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
function WithRouter(props: SidebarProps & { children?: ReactNode }) {
  const [path, setPath] = useState(props.currentPath);
  return (
    <NavigateContext.Provider value={setPath}>
      <Sidebar {...props} currentPath={path} renderLink={DemoLink} />
    </NavigateContext.Provider>
  );
}

/** `renderLink` plugs in a router; following a link moves the highlight. */
export const WithRouterLinks: Story = {
  render: (args) => <WithRouter {...args} />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('link', { name: 'Tribe Admin' }));
    await waitFor(() =>
      expect(canvas.getByRole('link', { name: 'Tribe Admin' })).toHaveAttribute('aria-current', 'page'),
    );
    await expect(canvas.getByRole('link', { name: 'Product Admin' })).not.toHaveAttribute('aria-current');
  },
};

const variants: [string, Partial<SidebarProps>][] = [
  ['All keys', {}],
  ['No keys', { menu: seenWith([]), currentPath: '/app/general-affairs/meeting-room-dashboard' }],
  ['Double-keyed items', { menu: seenWith(grant('ad_daily_tracker')), currentPath: '/app/reports/adset' }],
  ['Refreshing', { refreshing: true }],
  ['No last login', { user: { fullname: 'Budi Santoso', last_login: null } }],
  [
    'Long name',
    { user: { fullname: 'Raden Ajeng Kartini Puspitasari Wulandari Setyaningrum', last_login: null } },
  ],
];

/** A group that needs keys, and a page in it: shown only once the permissions are in. */
const LATE_GROUP = menu.find((group) => !group.alwaysVisible && group.items.length > 0)!;

/**
 * The permissions arrive after the first render (the shell's first permission load): until then the app gives the
 * always-visible groups, nothing locked; the current page's group opens when its groups arrive, on the same
 * sidebar, so a press on one of its controls in that moment is not lost.
 */
export const PermissionsArriveLater: Story = {
  args: { currentPath: LATE_GROUP.items[0]!.path },
  render: function PermissionsArriveLater(args) {
    const [permissions, setPermissions] = useState<PermissionEntry[] | null>(null);
    return (
      <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        <button type="button" onClick={() => setPermissions(allKeys)}>
          Permissions arrive
        </button>
        <Sidebar {...args} menu={seenWith(permissions)} />
      </div>
    );
  },
  play: async ({ canvas, canvasElement, userEvent, globals }) => {
    const signOut = canvas.getByRole('button', { name: messagesIn({ globals }, 'sidebar').signOut });
    await expect(canvas.queryByRole('button', { name: LATE_GROUP.label })).not.toBeInTheDocument();
    await expect(groupNames(canvasElement)).toEqual(ALWAYS_VISIBLE);
    await expect(canvasElement.querySelector('[data-locked]')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Permissions arrive' }));
    await expect(canvas.getByRole('button', { name: LATE_GROUP.label })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(canvas.getByRole('button', { name: messagesIn({ globals }, 'sidebar').signOut })).toBe(
      signOut,
    );
  },
};

/** Right to left (`dir="rtl"` on a parent): the current page's bar and the links' indent move to the right edge. */
export const RightToLeft: Story = {
  globals: { direction: 'rtl' },
  play: async ({ canvas }) => {
    const current = canvas.getByRole('link', { name: 'Product Admin' });
    await expect(current).toHaveAttribute('aria-current', 'page');
    const style = getComputedStyle(current);
    await expect(style.direction).toBe('rtl');
    await expect(style.borderRightWidth).toBe('3px');
    await expect(style.borderLeftWidth).toBe('0px');
    // The deeper indent (before the label) is on the right too.
    await expect(parseFloat(style.paddingRight)).toBeGreaterThan(parseFloat(style.paddingLeft));
  },
};

/** Every variant side by side, for visual review. */
export const AllStates: Story = {
  decorators: [(Story) => <Story />],
  render: (args) => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
      {variants.map(([name, overrides]) => (
        <figure key={name} style={{ margin: 0, height: 560, display: 'flex', flexDirection: 'column' }}>
          <figcaption style={{ fontWeight: 600, marginBottom: 8 }}>{name}</figcaption>
          <Sidebar {...args} {...overrides} navLabel={`Main menu (${name})`} />
        </figure>
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('navigation', { name: /^Main menu/ })).toHaveLength(variants.length);
  },
};
