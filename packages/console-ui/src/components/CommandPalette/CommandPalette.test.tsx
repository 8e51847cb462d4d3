import { composeStories } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import { clearAllMocks, fn, userEvent } from 'storybook/test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConsoleMessagesProvider } from '../../theme/messages.js';
import { CommandPalette, filterPaletteItems } from './CommandPalette.js';
import * as stories from './CommandPalette.stories.js';

const composed = composeStories(stories);

describe('CommandPalette stories', () => {
  let canvasElement: HTMLElement;
  beforeEach(() => {
    clearAllMocks();
    canvasElement = document.body.appendChild(document.createElement('div'));
  });
  afterEach(() => canvasElement.remove());

  it.each(Object.entries(composed))('%s plays', async (_name, Story) => {
    await Story.run({ canvasElement });
  });
});

describe('CommandPalette', () => {
  it('filters by every word, in label or description, ignoring case', () => {
    const items = [
      { id: 'a', label: 'Tribe Admin', description: 'Operation Data' },
      { id: 'b', label: 'Tribe Targets', description: 'Operation Data' },
      { id: 'c', label: 'Companies', description: 'Finance' },
    ];
    expect(filterPaletteItems(items, '  ').map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(filterPaletteItems(items, 'TRIBE targ').map((i) => i.id)).toEqual(['b']);
    expect(filterPaletteItems(items, 'finance').map((i) => i.id)).toEqual(['c']);
  });

  it('reports the query to a host that controls it, and keeps the first option active as it types', async () => {
    const onQueryChange = fn();
    const pages = [
      { id: '1', label: 'Creators' },
      { id: '2', label: 'Companies' },
    ];
    const { rerender } = render(
      <CommandPalette
        open
        pages={pages}
        query=""
        onQueryChange={onQueryChange}
        onClose={fn()}
        onSelect={fn()}
      />,
    );
    await userEvent.type(screen.getByRole('combobox'), 'c');
    expect(onQueryChange).toHaveBeenLastCalledWith('c');
    rerender(
      <CommandPalette
        open
        pages={pages}
        query="comp"
        onQueryChange={onQueryChange}
        onClose={fn()}
        onSelect={fn()}
      />,
    );
    expect(screen.getAllByRole('option')).toHaveLength(1);
    expect(screen.getByRole('option')).toHaveAttribute('aria-selected', 'true');
  });

  it('takes its strings from ConsoleMessagesProvider', () => {
    render(
      <ConsoleMessagesProvider messages={{ commandPalette: { pagesGroup: 'Halaman' } }}>
        <CommandPalette open pages={[{ id: '1', label: 'Creators' }]} onClose={fn()} onSelect={fn()} />
      </ConsoleMessagesProvider>,
    );
    expect(screen.getByRole('group', { name: 'Halaman' })).toBeInTheDocument();
  });

  it('closes on a click on the backdrop, not inside the panel', async () => {
    const onClose = fn();
    const { container } = render(
      <CommandPalette open pages={[{ id: '1', label: 'Creators' }]} onClose={onClose} onSelect={fn()} />,
    );
    await userEvent.click(screen.getByRole('combobox'));
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(container.querySelector('.cui-command-palette-backdrop')!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
