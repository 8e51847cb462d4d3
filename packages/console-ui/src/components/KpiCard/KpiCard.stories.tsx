import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { KpiCard } from './KpiCard.js';
import { ConsoleMessagesProvider } from '../../theme/messages.js';
import { reportText, reportTextsInChosenLanguage } from '../ReportTable/ReportTable.fixtures.js';
import { messagesIn } from '../../../../../.storybook/messages.js';
import { formatDelta } from '../DeltaChip/formatMeasure.js';

const meta = {
  title: 'Reports/KpiCard',
  component: KpiCard,
  decorators: [reportTextsInChosenLanguage],
  args: { label: 'Mayar revenue', value: 12500000, previous: 10000000, format: 'idr' },
} satisfies Meta<typeof KpiCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A figure, the previous period and the change. */
export const Data: Story = {
  play: async ({ canvasElement, globals }) => {
    const card = within(canvasElement).getByRole('region', {
      name: reportText({ globals }, 'Mayar revenue'),
    });
    await expect(card).toHaveTextContent(/Rp\s12\.500\.000/);
    await expect(card).toHaveTextContent(
      messagesIn({ globals }, 'deltaChip').up(
        formatDelta(25),
        messagesIn({ globals }, 'deltaChip').previousPeriod,
      ),
    );
  },
};

/** A cost going up is bad news. */
export const CostUp: Story = {
  args: { label: 'CPA', value: 55000, previous: 50000, trend: 'lower', hint: 'spend / Mayar orders' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.cui-delta-chip')).toHaveAttribute('data-tone', 'bad');
  },
};

/** No comparison asked: no chip. */
export const WithoutComparison: Story = {
  args: { label: 'Real ROAS', value: 3.2, previous: undefined, format: 'ratio' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.cui-delta-chip')).toBeNull();
    await expect(within(canvasElement).getByText('3,20×')).toBeInTheDocument();
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      messagesIn({ globals }, 'kpiCard').loading(reportText({ globals }, 'Mayar revenue')),
    );
  },
};

/** Nothing in the range: "-" rather than a zero that looks like data, and no comparison. */
export const Empty: Story = {
  args: { value: null, previous: null },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.cui-kpi-card__value')).toHaveTextContent('-');
  },
};

export const ErrorState: Story = {
  args: { error: 'Could not load.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Could not load.');
  },
};

export const LongLabel: Story = {
  args: { label: 'Pendapatan bersih dari seluruh produk kelas daring bulan ini', value: 987654321012 },
  render: (args) => (
    <div style={{ width: 180 }}>
      <KpiCard {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('heading')).toHaveTextContent(/seluruh produk/);
  },
};

/** A long amount in a narrow card: one line, smaller, never broken inside the number. */
export const LongAmountNarrow: Story = {
  args: { label: 'Mayar revenue', value: 217_621_445_000, previous: 198_000_000_000, format: 'idr' },
  render: (args) => (
    <div style={{ width: 150 }}>
      <KpiCard {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const value = canvasElement.querySelector<HTMLElement>('.cui-kpi-card__value')!;
    await expect(value.textContent).toBe('Rp\u00a0217.621.445.000');
    // The whole figure on one line (every piece of its text at the same height), and all of it shown.
    const range = document.createRange();
    range.selectNodeContents(value);
    const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    await expect([...lines]).toHaveLength(1);
    await expect(value.scrollWidth).toBeLessThanOrEqual(value.clientWidth);
  },
};

/** Six cards on a phone. */
export const Phone: Story = {
  render: (args) => (
    <div style={{ width: 375, display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}>
      <KpiCard {...args} />
      <KpiCard label="Spend" value={5000000} previous={5500000} format="idr" trend="lower" />
      <KpiCard label="Real ROAS" value={2.5} previous={1.8} format="ratio" />
      <KpiCard label="Orders" value={125} previous={125} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('region')).toHaveLength(4);
  },
};

export const Dark: Story = {
  ...Phone,
  globals: { theme: 'dark' },
};

/** Every state side by side, for visual review. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, 220px)', gap: 12 }}>
      <KpiCard {...args} />
      <KpiCard label="CPA" value={55000} previous={50000} format="idr" trend="lower" />
      <KpiCard label="Real ROAS" value={3.2} format="ratio" />
      <KpiCard {...args} label="Loading" loading />
      <KpiCard {...args} label="Empty" value={null} previous={null} />
      <KpiCard {...args} label="Error" error="Could not load." />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Could not load.');
  },
};

/** Strings replaced: `messages` for the card, the provider's `deltaChip` for its chip. */
export const Messages: Story = {
  render: (args) => (
    <ConsoleMessagesProvider
      messages={{
        deltaChip: {
          previousPeriod: 'periode sebelumnya',
          up: (change: string, comparedTo: string) => `naik ${change} dari ${comparedTo}`,
        },
      }}
    >
      <KpiCard {...args} messages={{ previous: (value: string) => `sebelumnya: ${value}` }} />
    </ConsoleMessagesProvider>
  ),
  play: async ({ canvasElement, globals }) => {
    const card = within(canvasElement).getByRole('region', {
      name: reportText({ globals }, 'Mayar revenue'),
    });
    await expect(card).toHaveTextContent(/sebelumnya: Rp\s10\.000\.000/);
    await expect(card).toHaveTextContent('naik +25,00% dari periode sebelumnya');
  },
};

/** The loading text replaced. */
export const MessagesLoading: Story = {
  args: { loading: true, messages: { loading: (label: string) => `Memuat ${label}…` } },
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      `Memuat ${reportText({ globals }, 'Mayar revenue')}…`,
    );
  },
};
