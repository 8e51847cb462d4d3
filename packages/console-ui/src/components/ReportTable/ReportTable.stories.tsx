import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ReportTable, type ReportTableRow } from './ReportTable.js';
import { ConsoleMessagesProvider } from '../../theme/messages.js';
import {
  campaignColumns,
  campaignRows,
  campaignTotals,
  longLabelRows,
  manyRows,
  reportText,
  reportTextsInChosenLanguage,
} from './ReportTable.fixtures.js';
import { messagesIn } from '../../../../../.storybook/messages.js';
import { formatDelta } from '../DeltaChip/formatMeasure.js';

const meta = {
  title: 'Reports/ReportTable',
  component: ReportTable,
  decorators: [reportTextsInChosenLanguage],
  args: {
    label: 'Ads X Mayar',
    columns: campaignColumns,
    rows: campaignRows,
    totals: campaignTotals,
    onSortChange: fn(),
    onDrill: fn(),
  },
} satisfies Meta<typeof ReportTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Rows, a totals row, IDR / % / × formatting in id-ID. */
export const Data: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('table', { name: 'Ads X Mayar' })).toBeInTheDocument();
    await expect(canvas.getByText(/^Rp\s1\.500\.000$/)).toBeInTheDocument();
    await expect(
      canvas.getByRole('row', { name: new RegExp(`^${messagesIn({ globals }, 'reportTable').totals}`) }),
    ).toHaveTextContent(/Rp\s4.000.000/);
  },
};

/** Compared with the previous period: a delta chip under every measure. */
export const WithDeltas: Story = {
  args: { showDeltas: true, totalsDeltas: { spend: 5, clicks: 2, ctr: -1, revenue: 12.5, roas: 7.14 } },
  play: async ({ canvasElement, globals }) => {
    await expect(
      within(canvasElement).getByText(
        messagesIn({ globals }, 'deltaChip').up(
          formatDelta(25),
          messagesIn({ globals }, 'deltaChip').previousPeriod,
        ),
      ),
    ).toBeInTheDocument();
  },
};

/** Sorting a measure: descending first. */
export const Sorted: Story = {
  play: async ({ canvasElement, args, globals }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: new RegExp(reportText({ globals }, 'Spend')) }));
    await expect(args.onSortChange).toHaveBeenCalledWith({ field: 'spend', direction: 'desc' });
    await expect(
      canvas.getByRole('columnheader', { name: new RegExp(reportText({ globals }, 'Spend')) }),
    ).toHaveAttribute('aria-sort', 'descending');
  },
};

/** The ad set a drilled campaign answers. */
const AD_SET_BROAD: ReportTableRow = {
  key: 'as9',
  values: { campaign: 'Ad set Broad', spend: 1500000, clicks: 1200, ctr: 1.5 },
};

/** A page that loads the next level on a drill: the first `failures` drills fail, then it answers. */
function DrillDemo({ failures = 0 }: { failures?: number }) {
  const [rows, setRows] = useState<ReportTableRow[]>(campaignRows);
  const [drills, setDrills] = useState(0);
  return (
    <ReportTable
      label="Drill-down"
      columns={campaignColumns}
      rows={rows}
      totals={campaignTotals}
      onDrill={(path) => {
        setDrills((n) => n + 1);
        const level: Partial<ReportTableRow> =
          drills < failures ? { childrenError: 'The server did not answer.' } : { children: [AD_SET_BROAD] };
        setRows((current) =>
          current.map((row) => {
            if (row.key !== path[0]) return row;
            const { childrenError: _error, ...rest } = row;
            return { ...rest, ...level };
          }),
        );
      }}
    />
  );
}

/** Expanding a campaign loads its ad sets (the next level of the drill path). */
export const DrillDown: Story = {
  render: () => <DrillDemo />,
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: messagesIn({ globals }, 'reportTable').expand('Kelas Excel') }),
    );
    await expect(await canvas.findByText('Ad set Broad')).toBeInTheDocument();
    await expect(
      canvas.getByRole('button', { name: messagesIn({ globals }, 'reportTable').collapse('Kelas Excel') }),
    ).toHaveAttribute('aria-expanded', 'true');
  },
};

/** The next level fails first: the row says why under it with a Retry, which drills again. */
export const DrillFailed: Story = {
  render: () => <DrillDemo failures={1} />,
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const messages = messagesIn({ globals }, 'reportTable');
    await userEvent.click(canvas.getByRole('button', { name: messages.expand('Kelas Excel') }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      messages.levelFailed('The server did not answer.'),
    );
    await userEvent.click(canvas.getByRole('button', { name: messages.retry }));
    await expect(await canvas.findByText('Ad set Broad')).toBeInTheDocument();
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const Loading: Story = {
  args: { loading: true, rows: [] },
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      messagesIn({ globals }, 'reportTable').loading('Ads X Mayar'),
    );
  },
};

export const Empty: Story = {
  args: { rows: [], emptyMessage: 'No data for 1–7 Nov 2026.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No data for 1–7 Nov 2026.')).toBeInTheDocument();
  },
};

export const ErrorState: Story = {
  args: { rows: [], error: 'Could not load the report.', onRetry: fn() },
  play: async ({ canvasElement, args, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not load the report.');
    await userEvent.click(canvas.getByRole('button', { name: messagesIn({ globals }, 'reportTable').retry }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** Long Indonesian campaign names wrap inside the pinned column. */
export const LongLabels: Story = {
  args: { rows: longLabelRows },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Usaha Mikro Kecil dan Menengah/)).toBeInTheDocument();
  },
};

/** 5,000 rows: only the rows in view are in the DOM. */
export const Virtualized: Story = {
  args: { rows: manyRows(5000), maxHeight: 400 },
  play: async ({ canvasElement }) => {
    const rendered = within(canvasElement).getAllByRole('row').length;
    await expect(rendered).toBeLessThan(100);
    await expect(within(canvasElement).getByText('Campaign 1')).toBeInTheDocument();
  },
};

/**
 * A phone: the table scrolls sideways inside its own box, the first column stays, and nothing (not even the
 * delta chips' screen-reader text) reaches past 375 px. The frame is positioned and scrollable so anything that
 * escaped the table's scroller would show as overflow of the frame.
 */
export const Phone: Story = {
  render: (args) => (
    <div
      className="phone-frame"
      style={{ width: '100%', maxWidth: 375, position: 'relative', overflow: 'auto' }}
    >
      <div style={{ display: 'flex' }}>
        <ReportTable {...args} showDeltas />
      </div>
    </div>
  ),
  play: async ({ canvasElement }) => {
    const pinned = within(canvasElement).getByRole('rowheader', { name: /Kelas Excel/ });
    await expect(getComputedStyle(pinned).position).toBe('sticky');
    const frame = canvasElement.querySelector<HTMLElement>('.phone-frame')!;
    const scroller = canvasElement.querySelector<HTMLElement>('.cui-report-table__scroll')!;
    await expect(frame.scrollWidth).toBeLessThanOrEqual(frame.clientWidth);
    await expect(scroller.scrollWidth).toBeGreaterThan(scroller.clientWidth);
  },
};

export const Dark: Story = {
  args: { showDeltas: true },
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[data-theme]')).toHaveAttribute('data-theme', 'dark');
  },
};

/** Every state for visual review. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 24 }}>
      <ReportTable {...args} label="Data" showDeltas />
      <ReportTable {...args} label="Loading" rows={[]} loading />
      <ReportTable {...args} label="Empty" rows={[]} />
      <ReportTable {...args} label="Error" rows={[]} error="Could not load the report." />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('table')).toHaveLength(4);
  },
};

/**
 * Every string replaced, here in Indonesian through `ConsoleMessagesProvider` (keys `reportTable` and
 * `deltaChip`); `<ReportTable messages={…}>` does the same for one table.
 */
export const Messages: Story = {
  args: { showDeltas: true },
  render: (args) => (
    <ConsoleMessagesProvider
      messages={{
        reportTable: {
          totals: 'Jumlah',
          expand: (name: string) => `Buka ${name}`,
          collapse: (name: string) => `Tutup ${name}`,
          loadingLevel: 'Memuat level berikutnya…',
        },
        deltaChip: {
          previousPeriod: 'periode sebelumnya',
          up: (change: string, comparedTo: string) => `naik ${change} dari ${comparedTo}`,
          down: (change: string, comparedTo: string) => `turun ${change} dari ${comparedTo}`,
        },
      }}
    >
      <ReportTable {...args} />
    </ConsoleMessagesProvider>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('row', { name: /^Jumlah/ })).toBeInTheDocument();
    await expect(canvas.getByText('naik +25,00% dari periode sebelumnya')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Buka Kelas Excel' }));
    await expect(canvas.getByRole('status')).toHaveTextContent('Memuat level berikutnya…');
  },
};

/** Loading, empty and error in English defaults replaced by the `messages` prop. */
export const MessagesStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16 }}>
      <ReportTable
        {...args}
        label="Iklan"
        rows={[]}
        loading
        messages={{ loading: (l: string) => `Memuat ${l}…` }}
      />
      <ReportTable
        {...args}
        label="Kosong"
        rows={[]}
        messages={{ empty: 'Tidak ada data pada periode ini.' }}
      />
      <ReportTable
        {...args}
        label="Gagal"
        rows={[]}
        error="Laporan tidak dapat dimuat."
        onRetry={fn()}
        messages={{ retry: 'Coba lagi' }}
      />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent('Memuat Iklan…');
    await expect(canvas.getByText('Tidak ada data pada periode ini.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Coba lagi' })).toBeInTheDocument();
  },
};
