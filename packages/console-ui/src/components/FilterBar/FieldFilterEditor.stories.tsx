import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import type { ResourceField } from '../../resource.js';
import { loadTribeOptions } from '../ResourceForm/ResourceForm.fixtures.js';
import { packageFields } from './FilterBar.fixtures.js';
import { messagesIn } from '../../../../../.storybook/messages.js';
import { FieldFilterEditor } from './FieldFilterEditor.js';

const field = (name: string) => packageFields.find((f) => f.name === name) as ResourceField;
const tribe: ResourceField = {
  name: 'tribe_id',
  label: 'Tribe',
  type: 'relation',
  filterable: true,
  relation: { entity: 'tribes', labelField: 'name' },
};

const meta = {
  title: 'Data/FieldFilterEditor',
  component: FieldFilterEditor,
  args: { field: field('status'), condition: undefined, onApply: fn() },
  argTypes: { field: { control: false }, loadOptions: { control: false } },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360, minHeight: 260 }}>
        <Story />
      </div>
    ),
  ],
  parameters: {
    docs: {
      description: {
        component:
          "The editor of one field's condition, as FilterBar shows it in its popover, for hosts that place " +
          "filters elsewhere (a side panel). The field's type picks the editor: options → any of, boolean → " +
          'yes/no, number/money/date → a range, text → contains, relation → a search through `loadOptions`. ' +
          '`onApply(condition)` receives the condition, or `null` when nothing is chosen (remove the filter).',
      },
    },
  },
} satisfies Meta<typeof FieldFilterEditor>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Options: "Status is any of". */
export const AnyOf: Story = {
  play: async ({ canvas, userEvent, args, globals }) => {
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Shipping' }));
    await userEvent.click(canvas.getByRole('button', { name: messagesIn({ globals }, 'filterBar').apply }));
    await expect(args.onApply).toHaveBeenCalledWith({ op: 'in', field: 'status', values: ['Shipping'] });
  },
};

/** Editing an existing condition starts from it. */
export const Editing: Story = {
  args: { condition: { op: 'in', field: 'status', values: ['Waiting', 'Delivered'] }, onBack: fn() },
  play: async ({ canvas, globals }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Waiting' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Delivered' })).toBeChecked();
    await expect(
      canvas.getByRole('button', { name: messagesIn({ globals }, 'filterBar').back }),
    ).toBeVisible();
  },
};

/** Boolean: Any / Yes / No. */
export const YesNo: Story = {
  args: { field: field('cust_notified') },
  play: async ({ canvas, userEvent, args, globals }) => {
    await userEvent.click(canvas.getByRole('radio', { name: messagesIn({ globals }, 'filterBar').no }));
    await userEvent.click(canvas.getByRole('button', { name: messagesIn({ globals }, 'filterBar').apply }));
    await expect(args.onApply).toHaveBeenCalledWith({ op: 'eq', field: 'cust_notified', value: false });
  },
};

/** Money range, typed with id-ID separators. */
export const Range: Story = {
  args: { field: field('shipping_cost') },
  play: async ({ canvas, userEvent, args, globals }) => {
    await userEvent.type(canvas.getByLabelText(messagesIn({ globals }, 'filterBar').from), '10.000');
    await userEvent.type(canvas.getByLabelText(messagesIn({ globals }, 'filterBar').to), '50.000');
    await userEvent.click(canvas.getByRole('button', { name: messagesIn({ globals }, 'filterBar').apply }));
    await expect(args.onApply).toHaveBeenCalledWith({
      op: 'range',
      field: 'shipping_cost',
      min: 10000,
      max: 50000,
    });
  },
};

/** A bound that is not a number: the error is announced and nothing is applied. */
export const RangeError: Story = {
  args: { field: field('shipping_cost') },
  play: async ({ canvas, userEvent, args, globals }) => {
    await userEvent.type(canvas.getByLabelText(messagesIn({ globals }, 'filterBar').from), 'murah');
    await userEvent.click(canvas.getByRole('button', { name: messagesIn({ globals }, 'filterBar').apply }));
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      messagesIn({ globals }, 'filterBar').rangeNumbers,
    );
    await expect(canvas.getByLabelText(messagesIn({ globals }, 'filterBar').from)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(args.onApply).not.toHaveBeenCalled();
  },
};

/** Text: contains. */
export const Contains: Story = {
  args: { field: field('receipt') },
  play: async ({ canvas, userEvent, args, globals }) => {
    await userEvent.type(
      canvas.getByLabelText(messagesIn({ globals }, 'filterBar').contains('Receipt')),
      'JNE',
    );
    await userEvent.click(canvas.getByRole('button', { name: messagesIn({ globals }, 'filterBar').apply }));
    await expect(args.onApply).toHaveBeenCalledWith({ op: 'contains', field: 'receipt', value: 'JNE' });
  },
};

/** "Is empty" replaces the editor's condition. */
export const IsEmpty: Story = {
  args: { field: field('date_sent') },
  play: async ({ canvas, userEvent, args, globals }) => {
    await userEvent.click(
      canvas.getByRole('checkbox', { name: messagesIn({ globals }, 'filterBar').isEmpty }),
    );
    await userEvent.click(canvas.getByRole('button', { name: messagesIn({ globals }, 'filterBar').apply }));
    await expect(args.onApply).toHaveBeenCalledWith({ op: 'empty', field: 'date_sent', empty: true });
  },
};

/** "Is not empty" (`empty: false`) starts checked from its condition; "is empty" swaps it for the other. */
export const IsNotEmpty: Story = {
  args: { field: field('date_sent'), condition: { op: 'empty', field: 'date_sent', empty: false } },
  play: async ({ canvas, userEvent, args, globals }) => {
    const m = messagesIn({ globals }, 'filterBar');
    await expect(canvas.getByRole('checkbox', { name: m.isNotEmpty })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: m.isEmpty })).not.toBeChecked();
    await expect(canvas.getByLabelText(m.from)).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: m.apply }));
    await expect(args.onApply).toHaveBeenLastCalledWith({ op: 'empty', field: 'date_sent', empty: false });
    await userEvent.click(canvas.getByRole('checkbox', { name: m.isEmpty }));
    await expect(canvas.getByRole('checkbox', { name: m.isNotEmpty })).not.toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: m.apply }));
    await expect(args.onApply).toHaveBeenLastCalledWith({ op: 'empty', field: 'date_sent', empty: true });
  },
};

/** Apply with nothing chosen removes the filter (`null`). */
export const NothingChosen: Story = {
  play: async ({ canvas, userEvent, args, globals }) => {
    await userEvent.click(canvas.getByRole('button', { name: messagesIn({ globals }, 'filterBar').apply }));
    await expect(args.onApply).toHaveBeenCalledWith(null);
  },
};

/** Relation: search the other entity, picked values become removable chips named by their labels. */
export const Relation: Story = {
  args: { field: tribe, loadOptions: loadTribeOptions, onPickLabels: fn() },
  play: async ({ canvas, userEvent, args, globals }) => {
    const search = canvas.getByRole('combobox', {
      name: messagesIn({ globals }, 'filterBar').addValue('Tribe'),
    });
    await userEvent.type(search, 'kom');
    await waitFor(() =>
      expect(canvas.getAllByRole('option').map((option) => option.textContent)).toEqual(['Tribe Komodo']),
    );
    await userEvent.keyboard('{Enter}');
    await expect(
      canvas.getByRole('list', { name: messagesIn({ globals }, 'filterBar').chosen('Tribe') }),
    ).toHaveTextContent('Tribe Komodo');
    await expect(args.onPickLabels).toHaveBeenCalledWith({ t4: 'Tribe Komodo' });
    await userEvent.click(canvas.getByRole('button', { name: messagesIn({ globals }, 'filterBar').apply }));
    await expect(args.onApply).toHaveBeenCalledWith({ op: 'in', field: 'tribe_id', values: ['t4'] });
  },
};
