import { useId, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import type { ResourceFieldOption } from '../../resource.js';
import { loadTribeOptions } from './ResourceForm.fixtures.js';
import { RelationSelect, type LoadOptions, type RelationSelectProps } from './RelationSelect.js';
import { messagesIn } from '../../../../../.storybook/messages.js';

const never: LoadOptions = () => new Promise<ResourceFieldOption[]>(() => undefined);
const failing: LoadOptions = async () => {
  throw new Error('503');
};

type DemoProps = Omit<RelationSelectProps, 'value' | 'onValueChange' | 'label' | 'entity'> & {
  initial?: { id: string; label: string } | null;
  onValueChange?: RelationSelectProps['onValueChange'];
};

/** RelationSelect on its own, controlled by the story as a host form would. */
function TribeField({ initial = null, onValueChange, ...rest }: DemoProps) {
  const id = useId();
  const [value, setValue] = useState<string | null>(initial?.id ?? null);
  return (
    <div style={{ display: 'grid', gap: 4, maxWidth: 320, minHeight: 220, alignContent: 'start' }}>
      <label htmlFor={id}>Tribe</label>
      <RelationSelect
        {...rest}
        id={id}
        label="Tribe"
        entity="tribes"
        value={value}
        valueLabel={initial?.label}
        onValueChange={(next, label) => {
          setValue(next);
          onValueChange?.(next, label);
        }}
      />
      <output aria-label="Chosen id">{value ?? 'none'}</output>
    </div>
  );
}

const meta = {
  title: 'Inputs/RelationSelect',
  component: TribeField,
  // The Docs page's props table shows the library component's own props beside the story wrapper's.
  subcomponents: { RelationSelect },
  args: { loadOptions: loadTribeOptions, onValueChange: fn(), debounceMs: 50 },
  argTypes: { loadOptions: { control: false } },
  parameters: {
    docs: {
      description: {
        component:
          'A searchable select for a relation (ARIA combobox + listbox). Controlled: pass `value` (the id) and ' +
          '`valueLabel`, update them in `onValueChange(id, label)`. `loadOptions(entity, query)` is the adapter ' +
          "to the host's API (an empty query asks for the first page); typing waits `debounceMs` before searching. " +
          'Arrows move, Enter picks, Escape closes; × clears when `clearable`.',
      },
    },
  },
} satisfies Meta<typeof TribeField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed, nothing chosen. */
export const Empty: Story = {
  play: async ({ canvas, globals }) => {
    await expect(canvas.getByRole('combobox', { name: 'Tribe' })).toHaveAttribute('aria-expanded', 'false');
    await expect(
      canvas.queryByRole('button', { name: messagesIn({ globals }, 'resourceForm').clearField('Tribe') }),
    ).not.toBeInTheDocument();
  },
};

/** Closed with a chosen row, shown by its label. */
export const WithValue: Story = {
  args: { initial: { id: 't2', label: 'Tribe Garuda' } },
  play: async ({ canvas, globals }) => {
    await expect(canvas.getByRole('combobox', { name: 'Tribe' })).toHaveValue('Tribe Garuda');
    await expect(
      canvas.getByRole('button', { name: messagesIn({ globals }, 'resourceForm').clearField('Tribe') }),
    ).toBeVisible();
  },
};

/** Focus opens the first page of options. */
export const Open: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Tribe' }));
    await waitFor(() => expect(canvas.getAllByRole('option')).toHaveLength(4));
  },
};

/** While `loadOptions` runs: "Searching…". */
export const Searching: Story = {
  args: { loadOptions: never },
  play: async ({ canvas, userEvent, globals }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Tribe' }));
    await waitFor(() =>
      expect(
        canvas.getByRole('option', { name: messagesIn({ globals }, 'resourceForm').searching }),
      ).toBeVisible(),
    );
  },
};

/** A search that finds nothing. */
export const NoMatches: Story = {
  play: async ({ canvas, userEvent, globals }) => {
    await userEvent.type(canvas.getByRole('combobox', { name: 'Tribe' }), 'zzz');
    await waitFor(() =>
      expect(
        canvas.getByRole('option', { name: messagesIn({ globals }, 'resourceForm').noMatches }),
      ).toBeVisible(),
    );
  },
};

/** `loadOptions` rejected. */
export const LoadFailed: Story = {
  args: { loadOptions: failing },
  play: async ({ canvas, userEvent, globals }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Tribe' }));
    await waitFor(() =>
      expect(
        canvas.getByRole('option', { name: messagesIn({ globals }, 'resourceForm').loadFailed }),
      ).toBeVisible(),
    );
  },
};

/** Type to search, arrows to move, Enter to pick: the host gets the id and label. */
export const KeyboardPick: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const box = canvas.getByRole('combobox', { name: 'Tribe' });
    await userEvent.type(box, 'ar');
    // Wait for this search's own answer (the first page, shown on focus, holds the same names).
    await waitFor(() =>
      expect(canvas.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Tribe Garuda',
        'Tribe Harimau',
      ]),
    );
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await expect(box).toHaveValue('Tribe Harimau');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(args.onValueChange).toHaveBeenCalledWith('t3', 'Tribe Harimau');
  },
};

/** × clears the choice. */
export const Cleared: Story = {
  args: { initial: { id: 't2', label: 'Tribe Garuda' } },
  play: async ({ canvas, userEvent, args, globals }) => {
    await userEvent.click(
      canvas.getByRole('button', { name: messagesIn({ globals }, 'resourceForm').clearField('Tribe') }),
    );
    await expect(canvas.getByRole('combobox', { name: 'Tribe' })).toHaveValue('');
    await expect(args.onValueChange).toHaveBeenCalledWith(null, null);
  },
};

/** Disabled: no clear button, no list. */
export const Disabled: Story = {
  args: { initial: { id: 't2', label: 'Tribe Garuda' }, disabled: true },
  play: async ({ canvas, globals }) => {
    await expect(canvas.getByRole('combobox', { name: 'Tribe' })).toBeDisabled();
    await expect(
      canvas.queryByRole('button', { name: messagesIn({ globals }, 'resourceForm').clearField('Tribe') }),
    ).not.toBeInTheDocument();
  },
};
