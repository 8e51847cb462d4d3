import { createContext, useContext, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
// Stories only: the real menu and its rule. The component itself never imports the contract.
import { menuDefinition, PERMISSION_KEYS, visibleMenu } from '@staff/console-contract';
import type { LinkRendererProps } from '../../adapters.js';
import { Sidebar } from '../Sidebar/Sidebar.js';
import { AppShell, type AppShellProps } from './AppShell.js';
import { messagesIn } from '../../../../../.storybook/messages.js';

const permissions = PERMISSION_KEYS.map((permission_key) => ({ permission_key, allow_read: 1 }));
const menu = visibleMenu(menuDefinition(), permissions);

// An in-memory router so links can be followed without leaving the story.
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

type DemoProps = Omit<AppShellProps, 'sidebar' | 'children' | 'height'> & {
  onSignOut?: () => void;
  navLabel?: string;
  height?: number;
};

function Demo({ onSignOut = () => {}, navLabel, height = 600, ...shellProps }: DemoProps) {
  const [path, setPath] = useState('/app/admins/products');
  const title = menu.flatMap((g) => g.items).find((item) => item.path === path)?.label ?? 'Page';
  return (
    <NavigateContext.Provider value={setPath}>
      <AppShell
        {...shellProps}
        navigationKey={path}
        height={`${height}px`}
        sidebar={
          <Sidebar
            user={{ fullname: 'Siti Rahmawati', last_login: '2025-03-12T07:05:00Z' }}
            menu={menu}
            currentPath={path}
            renderLink={DemoLink}
            onSignOut={onSignOut}
            onRefresh={() => {}}
            timeZone="Asia/Jakarta"
            navLabel={navLabel}
          />
        }
      >
        <h1>{title}</h1>
        <p>The page content scrolls here while the sidebar stays.</p>
      </AppShell>
    </NavigateContext.Provider>
  );
}

const meta = {
  title: 'Console/AppShell',
  component: Demo,
  args: { onSignOut: fn() },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  play: async ({ canvas, canvasElement, userEvent, globals }) => {
    await expect(canvas.getByRole('main')).toHaveTextContent('Product Admin');
    await expect(
      canvas.getByRole('navigation', { name: messagesIn({ globals }, 'sidebar').navLabel }),
    ).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    await expect(canvasElement.querySelector('.cui-app-shell')).toHaveAttribute('data-layout', 'wide');
    await userEvent.click(canvas.getByRole('link', { name: 'Tribe Admin' }));
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Tribe Admin');
  },
};

/** Narrower than 900 px: the sidebar is a closed drawer behind a Menu button. */
export const MobileClosed: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 375 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas, globals }) => {
    const menuButton = await canvas.findByRole('button', { name: 'Menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() =>
      expect(
        canvas.queryByRole('navigation', { name: messagesIn({ globals }, 'sidebar').navLabel }),
      ).not.toBeInTheDocument(),
    );
  },
};

/** The drawer open; Escape closes it and returns focus to Menu; following a link closes it too. */
export const MobileDrawerOpen: Story = {
  args: { defaultDrawerOpen: true },
  decorators: [
    (Story) => (
      <div style={{ width: 375 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas, userEvent }) => {
    const dialog = await canvas.findByRole('dialog', { name: 'Menu' });
    await expect(dialog).toBeVisible();
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await userEvent.keyboard('{Escape}');
    const menuButton = canvas.getByRole('button', { name: 'Menu' });
    await waitFor(() => expect(menuButton).toHaveFocus());
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menuButton);
    await userEvent.click(await canvas.findByRole('link', { name: 'Tribe Admin' }));
    await waitFor(() => expect(canvas.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent('Tribe Admin');
    // Reopen for the visual state this story is named after.
    await userEvent.click(menuButton);
    await expect(await canvas.findByRole('dialog', { name: 'Menu' })).toBeVisible();
  },
};

export const WithBanner: Story = {
  args: {
    banner: (
      <p role="status" style={{ margin: 0, padding: 8, background: '#fdf1dc', color: '#1b2430' }}>
        Reconnecting to the server…
      </p>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Reconnecting to the server…')).toBeVisible();
  },
};

/** Wide and compact (closed and open) side by side, for visual review. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 24 }}>
      <section aria-label="Wide">
        <Demo {...args} layout="wide" mainLandmark={false} navLabel="Main menu (wide)" height={360} />
      </section>
      <div style={{ display: 'flex', gap: 24 }}>
        <section aria-label="Compact, closed" style={{ width: 375 }}>
          <Demo
            {...args}
            layout="compact"
            mainLandmark={false}
            navLabel="Main menu (compact, closed)"
            height={360}
          />
        </section>
        <section aria-label="Compact, open" style={{ width: 375 }}>
          <Demo
            {...args}
            layout="compact"
            defaultDrawerOpen
            mainLandmark={false}
            navLabel="Main menu (compact, open)"
            height={360}
          />
        </section>
      </div>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button', { name: 'Menu' })).toHaveLength(2);
    await expect(canvas.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  },
};
