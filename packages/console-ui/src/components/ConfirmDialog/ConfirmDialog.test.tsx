import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor } from '@testing-library/react';
import { fn, userEvent } from 'storybook/test';
import { describe, expect, it } from 'vitest';
import * as stories from './ConfirmDialog.stories.js';

const { Default, Destructive, Busy, WithError, Closed, WithTrigger } = composeStories(stories);

describe('ConfirmDialog', () => {
  it('is a labelled modal dialog with focus on confirm, and Enter confirms', async () => {
    const onConfirm = fn();
    render(<Default onConfirm={onConfirm} />);
    const dialog = screen.getByRole('dialog', { name: 'Save changes' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Save the changes to this creator?');
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('destructive: alertdialog, focus on Cancel, Tab is trapped, Escape cancels', async () => {
    const onCancel = fn();
    render(<Destructive onCancel={onCancel} />);
    expect(screen.getByRole('alertdialog', { name: 'Delete creator' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('busy: buttons disabled and Escape ignored', async () => {
    const onCancel = fn();
    render(<Busy onCancel={onCancel} />);
    expect(screen.getByRole('button', { name: 'Deleting…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    screen.getByRole('alertdialog').focus();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('shows the error as an alert', () => {
    render(<WithError />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Tribe Garuda is used by 12 creators and cannot be deleted.',
    );
  });

  it('renders nothing when closed', () => {
    render(<Closed />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('returns focus to the trigger when closed', async () => {
    render(<WithTrigger />);
    const trigger = screen.getByRole('button', { name: 'Delete creator' });
    await userEvent.click(trigger);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(trigger).toHaveFocus();
  });
});
