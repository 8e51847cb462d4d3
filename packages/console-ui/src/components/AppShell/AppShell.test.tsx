import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from 'storybook/test';
import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { AppShell } from './AppShell.js';
import * as stories from './AppShell.stories.js';

const { Desktop, AllStates } = composeStories(stories);

function Shell(props: Partial<Parameters<typeof AppShell>[0]>) {
  return (
    <AppShell
      layout="compact"
      sidebar={
        <nav aria-label="Main menu">
          <a href="#/a">First link</a>
          <a href="#/b">Second link</a>
        </nav>
      }
      {...props}
    >
      <h1>Page</h1>
    </AppShell>
  );
}

describe('AppShell', () => {
  it('renders the sidebar beside a main landmark in the wide layout (jsdom measures the window)', async () => {
    render(<Desktop />);
    expect(screen.getByRole('main')).toHaveTextContent('Product Admin');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Tribe Admin' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Tribe Admin');
  });

  it('in the compact layout, the Menu button opens the drawer as a modal dialog and focuses into it', async () => {
    render(<Shell />);
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(menu);
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog.id).toBe(menu.getAttribute('aria-controls'));
    await waitFor(() => expect(screen.getByRole('link', { name: 'First link' })).toHaveFocus());
    expect(screen.getByRole('main')).toHaveAttribute('inert');
  });

  it('closes on Escape and returns focus to the Menu button', async () => {
    render(<Shell defaultDrawerOpen />);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Menu' })).toHaveFocus());
    expect(screen.getByRole('main')).not.toHaveAttribute('inert');
  });

  it('closes when a link in the drawer is followed', async () => {
    render(<Shell defaultDrawerOpen />);
    await userEvent.click(screen.getByRole('link', { name: 'Second link' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes when navigationKey changes', () => {
    const { rerender } = render(<Shell defaultDrawerOpen navigationKey="/a" />);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    rerender(<Shell defaultDrawerOpen navigationKey="/b" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on the backdrop', async () => {
    const { container } = render(<Shell defaultDrawerOpen />);
    await userEvent.click(container.querySelector('.cui-app-shell__backdrop')!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the closed drawer inert, and ignores defaultDrawerOpen in the wide layout', () => {
    const { container, unmount } = render(<Shell />);
    expect(container.querySelector('.cui-app-shell__sidebar')).toHaveAttribute('inert');
    unmount();
    const wide = render(<Shell layout="wide" defaultDrawerOpen />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(wide.container.querySelector('.cui-app-shell__sidebar')).not.toHaveAttribute('inert');
    expect(screen.getByRole('main')).not.toHaveAttribute('inert');
  });

  it('renders a banner and a custom menu label; mainLandmark=false drops the main role', () => {
    render(<Shell banner={<p>Offline</p>} menuLabel="Navigasi" mainLandmark={false} />);
    expect(screen.getByText('Offline')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Navigasi' })).toBeInTheDocument();
    expect(screen.queryByRole('main')).not.toBeInTheDocument();
  });

  it('renders every layout in AllStates', () => {
    render(<AllStates />);
    expect(screen.getAllByRole('button', { name: 'Menu' })).toHaveLength(2);
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
  });
});
