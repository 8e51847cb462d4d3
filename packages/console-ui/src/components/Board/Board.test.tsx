import { composeStories } from '@storybook/react-vite';
import { fireEvent, render, screen } from '@testing-library/react';
import { fn, userEvent } from 'storybook/test';
import { describe, expect, it } from 'vitest';
import * as stories from './Board.stories.js';

const { Default, Loading, ErrorState, Empty } = composeStories(stories);

describe('Board', () => {
  it('moves a card by keyboard only to the columns it may go to', async () => {
    const onMove = fn();
    render(<Default onMove={onMove} />);
    const card = screen.getByRole('button', { name: /Akses kelas belum masuk/ });
    card.focus();
    await userEvent.keyboard(' ');
    expect(screen.getByRole('status')).toHaveTextContent('Tujuan: In progress.');
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('status')).toHaveTextContent('Tujuan: Resolved.');
    await userEvent.keyboard('{ArrowRight}'); // wraps: closed is not a move from open
    expect(screen.getByRole('status')).toHaveTextContent('Tujuan: In progress.');
    await userEvent.keyboard('{Escape}');
    expect(onMove).not.toHaveBeenCalled();
    expect(card).toHaveAttribute('aria-pressed', 'false');
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{ArrowLeft}');
    await userEvent.keyboard(' ');
    expect(onMove).toHaveBeenCalledWith('1', 'resolved');
    expect(screen.getByRole('status')).toHaveTextContent('Akses kelas belum masuk dipindah ke Resolved.');
  });

  it('moves a card by drag and drop, and refuses a column outside the flow', () => {
    const onMove = fn();
    const { container } = render(<Default onMove={onMove} />);
    const card = screen.getByRole('button', { name: /Minta ganti email/ });
    const data = { setData: fn(), dropEffect: 'none', effectAllowed: 'all' };
    fireEvent.dragStart(card, { dataTransfer: data });
    fireEvent.dragOver(container.querySelector('[data-column="closed"]')!, { dataTransfer: data });
    fireEvent.drop(container.querySelector('[data-column="closed"]')!, { dataTransfer: data });
    expect(onMove).not.toHaveBeenCalled();
    fireEvent.dragStart(card, { dataTransfer: data });
    fireEvent.dragOver(container.querySelector('[data-column="in_progress"]')!, { dataTransfer: data });
    fireEvent.drop(container.querySelector('[data-column="in_progress"]')!, { dataTransfer: data });
    expect(onMove).toHaveBeenCalledWith('2', 'in_progress');
  });

  it('opens a card on click or Enter', async () => {
    const onOpen = fn();
    render(<Default onOpen={onOpen} />);
    await userEvent.click(screen.getByRole('button', { name: /Invoice ganda/ }));
    expect(onOpen).toHaveBeenCalledWith('4');
    screen.getByRole('button', { name: /Paket belum sampai/ }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith('3');
  });

  it('shows the loading, error and empty states', async () => {
    const loading = render(<Loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Memuat papan…');
    loading.unmount();
    const onRetry = fn();
    const failed = render(<ErrorState onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(onRetry).toHaveBeenCalled();
    failed.unmount();
    render(<Empty />);
    expect(screen.getAllByText('Kosong')).toHaveLength(4);
  });
});
