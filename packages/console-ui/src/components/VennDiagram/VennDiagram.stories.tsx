import type { ComponentType } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { VennDiagram } from './VennDiagram.js';
import { ConsoleMessagesProvider } from '../../theme/messages.js';
import { CONSOLE_MESSAGES_EN } from '../../i18n/messages.js';
import { messagesIn } from '../../../../../.storybook/messages.js';

const TWO = {
  sets: [
    { label: 'Kelas Excel', total: 120 },
    { label: 'Ebook Resep', total: 80 },
  ],
  regions: [
    { mask: 1, count: 90 },
    { mask: 2, count: 50 },
    { mask: 3, count: 30 },
  ],
};
const THREE = {
  sets: [
    { label: 'Kelas Excel', total: 4 },
    { label: 'Ebook Resep', total: 4 },
    { label: 'Kelas Canva', total: 3 },
  ],
  regions: [
    { mask: 2, count: 2 },
    { mask: 1, count: 1 },
    { mask: 3, count: 1 },
    { mask: 4, count: 1 },
    { mask: 5, count: 1 },
    { mask: 7, count: 1 },
  ],
};
const FIVE = {
  sets: ['Kelas Excel', 'Ebook Resep', 'Kelas Canva', 'Webinar Pajak', 'Kelas Copywriting'].map(
    (label, i) => ({
      label,
      total: 40 - i * 5,
    }),
  ),
  regions: [
    { mask: 1, count: 22 },
    { mask: 2, count: 15 },
    { mask: 4, count: 12 },
    { mask: 8, count: 9 },
    { mask: 16, count: 8 },
    { mask: 3, count: 6 },
    { mask: 5, count: 4 },
    { mask: 24, count: 3 },
    { mask: 7, count: 2 },
    { mask: 31, count: 1 },
  ],
};

const meta = {
  title: 'Statistics/VennDiagram',
  component: VennDiagram,
  args: { ...TWO, title: 'Pelanggan per produk', onRegionSelect: fn() },
} satisfies Meta<typeof VennDiagram>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two products: an area-proportional Venn; a click on a region reports its mask. */
export const TwoSets: Story = {
  play: async ({ canvasElement, args, globals }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole('button', {
        name: `Kelas Excel & Ebook Resep: 30 ${messagesIn({ globals }, 'vennDiagram').customers}`,
      }),
    );
    await expect(args.onRegionSelect).toHaveBeenCalledWith(3);
  },
};

export const ThreeSets: Story = {
  args: THREE,
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const m = messagesIn({ globals }, 'vennDiagram');
    await expect(canvas.getAllByRole('button')).toHaveLength(6);
    await expect(
      canvas.getByRole('button', { name: `${m.only('Kelas Excel & Kelas Canva')}: 1 ${m.customers}` }),
    ).toBeInTheDocument();
  },
};

/** A selected region is highlighted and pressed. */
export const RegionSelected: Story = { args: { ...THREE, selectedMask: 7 } };

/** Keyboard: Tab reaches each region, Enter selects it. */
export const KeyboardFocus: Story = {
  args: THREE,
  play: async ({ canvasElement, args }) => {
    await userEvent.tab();
    const first = within(canvasElement).getAllByRole('button')[0]!;
    await expect(first).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRegionSelect).toHaveBeenCalledWith(Number(first.getAttribute('data-mask')));
  },
};

/** Four and five sets: UpSet-style bars, one row per exclusive region, largest first. */
export const FourSets: Story = {
  args: {
    sets: FIVE.sets.slice(0, 4),
    regions: FIVE.regions.filter((region) => region.mask < 16),
  },
};

export const FiveSets: Story = {
  args: FIVE,
  play: async ({ canvasElement, args, globals }) => {
    const canvas = within(canvasElement);
    const row = canvas.getByRole('button', {
      name: `${messagesIn({ globals }, 'vennDiagram').only('Webinar Pajak & Kelas Copywriting')}: 3 ${messagesIn({ globals }, 'vennDiagram').customers}`,
    });
    await userEvent.click(row);
    await expect(args.onRegionSelect).toHaveBeenCalledWith(24);
  },
};

export const Empty: Story = { args: { regions: [] } };
export const Loading: Story = { args: { status: 'loading' } };
export const ErrorState: Story = {
  args: { status: 'error', error: 'Server tidak dapat dihubungi.', onRetry: fn() },
  play: async ({ canvasElement, args, globals }) => {
    await userEvent.click(
      within(canvasElement).getByRole('button', { name: messagesIn({ globals }, 'vennDiagram').retry }),
    );
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** Every state side by side, for visual review. */
export const AllStates: Story = {
  render: () => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))', gap: 16 }}>
      <VennDiagram {...TWO} />
      <VennDiagram {...THREE} selectedMask={3} />
      <VennDiagram {...FIVE} selectedMask={24} />
      <VennDiagram sets={TWO.sets} regions={[]} />
      <VennDiagram sets={TWO.sets} regions={[]} status="loading" />
      <VennDiagram sets={TWO.sets} regions={[]} status="error" error="Server tidak dapat dihubungi." />
    </div>
  ),
};

/** Strings replaced, here in English, through `ConsoleMessagesProvider` (key `vennDiagram`). */
export const Messages: Story = {
  render: (args) => (
    <ConsoleMessagesProvider messages={{ vennDiagram: { customers: 'customers', legend: 'Products' } }}>
      <VennDiagram {...args} />
    </ConsoleMessagesProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list', { name: 'Products' })).toBeInTheDocument();
    await expect(
      canvas.getByRole('button', { name: 'Kelas Excel & Ebook Resep: 30 customers' }),
    ).toBeInTheDocument();
  },
};

// English: the console's English set (`CONSOLE_MESSAGES_EN`, what the app gives the provider for English). The
// product names are data and stay as sold; the region names, counts' noun, caption and states are English.
const inEnglish = (Story: ComponentType) => (
  <ConsoleMessagesProvider messages={CONSOLE_MESSAGES_EN}>
    <Story />
  </ConsoleMessagesProvider>
);

/** English, three sets: regions read "… only", a click reports the region. */
export const English: Story = {
  decorators: [inEnglish],
  args: { ...THREE, title: 'Customers per product' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Customers per product' })).toBeInTheDocument();
    await expect(canvas.getByRole('list', { name: 'Sets' })).toHaveTextContent('Kelas Excel4 customers');
    const region = canvas.getByRole('button', { name: 'Kelas Excel & Kelas Canva only: 1 customers' });
    await expect(canvas.getByRole('button', { name: 'Ebook Resep only: 2 customers' })).toBeInTheDocument();
    // The region in every set has no "only".
    await expect(
      canvas.getByRole('button', { name: 'Kelas Excel & Ebook Resep & Kelas Canva: 1 customers' }),
    ).toBeInTheDocument();
    await expect(canvasElement.textContent).not.toMatch(/saja|pelanggan/);
    await userEvent.click(region);
    await expect(args.onRegionSelect).toHaveBeenCalledWith(5);
  },
};

/** English, every state: the UpSet rows and caption, empty, counting and a failed count with Try again. */
export const EnglishAllStates: Story = {
  decorators: [inEnglish],
  args: { onRetry: fn() },
  render: (args) => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))', gap: 16 }}>
      <VennDiagram {...FIVE} selectedMask={24} />
      <VennDiagram sets={TWO.sets} regions={[]} />
      <VennDiagram sets={TWO.sets} regions={[]} status="loading" />
      <VennDiagram
        sets={TWO.sets}
        regions={[]}
        status="error"
        error="The server could not be reached."
        {...(args.onRetry ? { onRetry: args.onRetry } : {})}
      />
    </div>
  ),
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('group', { name: 'Customer overlaps (UpSet): one row per exclusive region' }),
    ).toBeInTheDocument();
    await expect(
      canvas.getByRole('button', { name: 'Webinar Pajak & Kelas Copywriting only: 3 customers' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(canvas.getByText('No customers with paid purchases for this choice.')).toBeInTheDocument();
    await expect(canvas.getByRole('status')).toHaveTextContent('Counting customers…');
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
    await expect(canvasElement.textContent).not.toMatch(/saja|pelanggan|Menghitung|Coba lagi/);
  },
};
