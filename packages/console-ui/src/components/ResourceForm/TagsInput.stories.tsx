import { useId, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { TagsInput, type TagsInputProps } from './TagsInput.js';
import { messagesIn } from '../../../../../.storybook/messages.js';

type DemoProps = Omit<TagsInputProps, 'value' | 'onValueChange'> & {
  initial?: string[];
  onValueChange?: (tags: string[]) => void;
};

/** TagsInput on its own, its list held by the story as a host form would. */
function NicheField({ initial = [], onValueChange, ...rest }: DemoProps) {
  const id = useId();
  const [value, setValue] = useState(initial);
  return (
    <div style={{ display: 'grid', gap: 4, maxWidth: 420 }}>
      <label htmlFor={id}>Niches</label>
      <TagsInput
        {...rest}
        id={id}
        value={value}
        onValueChange={(tags) => {
          setValue(tags);
          onValueChange?.(tags);
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Inputs/TagsInput',
  component: NicheField,
  // The Docs page's props table shows the library component's own props beside the story wrapper's.
  subcomponents: { TagsInput },
  args: { onValueChange: fn() },
  parameters: {
    docs: {
      description: {
        component:
          'Short strings as removable chips. Enter or a comma adds the typed text, leaving the box adds it too, ' +
          'Backspace in an empty box removes the last chip; duplicates are ignored and `maxTags` caps the list. ' +
          'Controlled: `value` is the list, `onValueChange` receives the next one.',
      },
    },
  },
} satisfies Meta<typeof NicheField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvas, globals }) => {
    await expect(
      canvas.queryByRole('list', { name: messagesIn({ globals }, 'resourceForm').tags }),
    ).not.toBeInTheDocument();
  },
};

export const WithTags: Story = {
  args: { initial: ['kuliner', 'travel', 'beauty'] },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
  },
};

/** Enter and comma add; Backspace in the empty box removes the last. */
export const Typing: Story = {
  play: async ({ canvas, userEvent, args }) => {
    const box = canvas.getByLabelText('Niches');
    await userEvent.type(box, 'kuliner{Enter}travel,');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(['kuliner', 'travel']);
    await userEvent.keyboard('{Backspace}');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(['kuliner']);
  },
};

/** The × of a chip removes it. */
export const RemoveOne: Story = {
  args: { initial: ['kuliner', 'travel'] },
  play: async ({ canvas, userEvent, args, globals }) => {
    await userEvent.click(
      canvas.getByRole('button', { name: messagesIn({ globals }, 'resourceForm').removeTag('kuliner') }),
    );
    await expect(args.onValueChange).toHaveBeenLastCalledWith(['travel']);
  },
};

/** At `maxTags` nothing more is added. */
export const Full: Story = {
  args: { initial: ['kuliner', 'travel'], maxTags: 2 },
  play: async ({ canvas, userEvent, args }) => {
    await userEvent.type(canvas.getByLabelText('Niches'), 'beauty{Enter}');
    await expect(args.onValueChange).not.toHaveBeenCalled();
  },
};

/** Long Indonesian tags wrap instead of widening the field. */
export const LongTags: Story = {
  args: {
    initial: ['perlengkapan rumah tangga dan dapur', 'kecantikan & perawatan kulit alami', 'olahraga'],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
  },
};

export const Disabled: Story = {
  args: { initial: ['kuliner'], disabled: true },
  play: async ({ canvas, globals }) => {
    await expect(canvas.getByLabelText('Niches')).toBeDisabled();
    await expect(
      canvas.getByRole('button', { name: messagesIn({ globals }, 'resourceForm').removeTag('kuliner') }),
    ).toBeDisabled();
  },
};
