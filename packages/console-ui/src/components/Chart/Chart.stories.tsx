import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { getInstanceByDom } from 'echarts/core';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CONSOLE_MESSAGES_ID } from '../../i18n/messages.js';
import { ConsoleMessagesProvider } from '../../theme/messages.js';
import { Chart } from './Chart.js';
import { EchartsLoaderContext } from './echartsLoader.js';
import {
  campaigns,
  days,
  funnelSeries,
  funnelSteps,
  spendByCampaign,
  spendVsRevenue,
} from './Chart.fixtures.js';
import { reportText, reportTextsInChosenLanguage } from '../ReportTable/ReportTable.fixtures.js';
import { messagesIn } from '../../../../../.storybook/messages.js';

const meta = {
  title: 'Reports/Chart',
  component: Chart,
  decorators: [reportTextsInChosenLanguage],
  args: { kind: 'line', label: 'Spend and revenue per day', categories: days, series: spendVsRevenue },
} satisfies Meta<typeof Chart>;

export default meta;
type Story = StoryObj<typeof meta>;

const svg = (canvasElement: HTMLElement) => canvasElement.querySelector('.cui-chart__canvas svg');

export const Line: Story = {
  play: async ({ canvasElement, globals }) => {
    await waitFor(() => expect(svg(canvasElement)).not.toBeNull());
    await expect(
      within(canvasElement).getByRole('figure', {
        name: reportText({ globals }, 'Spend and revenue per day'),
      }),
    ).toBeInTheDocument();
  },
};

/** A click on a bar reports its campaign. */
export const Bar: Story = {
  args: {
    kind: 'bar',
    label: 'Spend per campaign',
    categories: campaigns,
    series: spendByCampaign,
    onCategoryClick: fn(),
  },
  play: async ({ canvasElement, args }) => {
    await waitFor(() => expect(svg(canvasElement)?.querySelectorAll('path').length).toBeGreaterThan(3));
    // The bars are the filled paths of the series; the tallest is "Webinar Bisnis".
    const bars = [...(svg(canvasElement)?.querySelectorAll('path') ?? [])].filter(
      (path) => (path.getAttribute('fill') ?? 'none') !== 'none' && path.getBBox().height > 20,
    );
    const tallest = bars.sort((a, b) => b.getBBox().height - a.getBBox().height)[0];
    if (!tallest) throw new Error('no bar drawn');
    // A real pointer press on the bar's centre; ECharts hit-tests the coordinates itself.
    const box = tallest.getBoundingClientRect();
    const at = { clientX: box.x + box.width / 2, clientY: box.y + box.height / 2, bubbles: true, button: 0 };
    for (const type of ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click']) {
      tallest.dispatchEvent(
        type.startsWith('pointer') ? new PointerEvent(type, at) : new MouseEvent(type, at),
      );
    }
    await waitFor(() => expect(args.onCategoryClick).toHaveBeenCalledWith('Webinar Bisnis'));
  },
};

/** Spend as bars and revenue as a line on one rupiah axis (one unit, one scale). */
export const Combo: Story = {
  args: { kind: 'combo' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(svg(canvasElement)).not.toBeNull());
  },
};

/** Spend and revenue share the rupiah axis; ROAS, another unit, is read on a second axis on the right. */
export const ComboWithRatio: Story = {
  args: {
    kind: 'combo',
    label: 'Spend, revenue and ROAS per day',
    series: [
      ...spendVsRevenue,
      { name: 'Real ROAS', data: [3, 2.08, 2.89, 0.92, 3.05, null, 3], format: 'ratio' },
    ],
  },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(svg(canvasElement)).not.toBeNull());
    const host = canvasElement.querySelector<HTMLElement>('.cui-chart__canvas')!;
    await waitFor(() => expect(getInstanceByDom(host)).toBeDefined());
    const option = getInstanceByDom(host)!.getOption() as {
      yAxis: unknown[];
      series: { yAxisIndex: number }[];
    };
    await expect(option.yAxis).toHaveLength(2);
    await expect(option.series.map((series) => series.yAxisIndex)).toEqual([0, 0, 1]);
  },
};

export const Funnel: Story = {
  args: { kind: 'funnel', label: 'From impression to order', categories: funnelSteps, series: funnelSeries },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(svg(canvasElement)).not.toBeNull());
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      messagesIn({ globals }, 'chart').loading(reportText({ globals }, 'Spend and revenue per day')),
    );
  },
};

export const Empty: Story = {
  args: { categories: [], series: [], emptyMessage: 'No data for 1–7 Nov 2026.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No data for 1–7 Nov 2026.')).toBeInTheDocument();
  },
};

export const ErrorState: Story = {
  args: { error: 'Could not load the chart.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Could not load the chart.');
  },
};

/**
 * An app that embeds a Chart without installing the optional peer `echarts`: the chart module's lazy import fails
 * (here as Vite's stub for a missing optional peer fails it) and the chart says how to install it.
 */
export const EchartsNotInstalled: Story = {
  render: (args) => (
    <EchartsLoaderContext.Provider
      value={() =>
        Promise.reject(
          new Error('Could not resolve "echarts/charts" imported by "@staff/console-ui". Is it installed?'),
        )
      }
    >
      <Chart {...args} />
    </EchartsLoaderContext.Provider>
  ),
  play: async ({ canvasElement, globals }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent(messagesIn({ globals }, 'chart').echartsMissing);
    await expect(canvasElement.querySelector('.cui-chart')).toHaveAttribute('data-state', 'error');
  },
};

/** ECharts is installed but its chunk did not arrive (the network went away): the ordinary load failure. */
export const EchartsLoadFailed: Story = {
  render: (args) => (
    <EchartsLoaderContext.Provider
      value={() =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/echartsSetup.js'))
      }
    >
      <Chart {...args} />
    </EchartsLoaderContext.Provider>
  ),
  play: async ({ canvasElement, globals }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent(messagesIn({ globals }, 'chart').loadFailed);
    await expect(alert).not.toHaveTextContent('npm install');
  },
};

function FilterDemo() {
  const [selected, setSelected] = useState<string | null>(null);
  return (
    <Chart
      kind="bar"
      label="Belanja iklan per kampanye penjualan kelas daring di seluruh Indonesia"
      categories={[
        'Kampanye Penjualan Kelas Daring Pengelolaan Keuangan UMKM',
        'Ebook Resep Masakan Nusantara',
      ]}
      series={[{ name: 'Belanja', data: [2500000, 800000], format: 'idr' }]}
      onCategoryClick={setSelected}
      selectedCategory={selected}
    />
  );
}

/** Long Indonesian labels; the categories are reachable by keyboard. */
export const LongLabels: Story = {
  render: () => <FilterDemo />,
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expect(
      canvas.getByText(new RegExp(messagesIn({ globals }, 'chart').selected('Kampanye Penjualan'))),
    ).toBeInTheDocument();
  },
};

export const Phone: Story = {
  args: { kind: 'combo' },
  render: (args) => (
    <div style={{ width: 375 }}>
      <Chart {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(Number(svg(canvasElement)?.getAttribute('width'))).toBeLessThanOrEqual(375));
  },
};

export const Dark: Story = {
  args: { kind: 'combo' },
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(svg(canvasElement)).not.toBeNull());
  },
};

/** Every state side by side, for visual review (the drawn chart waits for its SVG). */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 16, width: 640 }}>
      <Chart {...args} kind="combo" />
      <Chart {...args} label="Loading" loading />
      <Chart {...args} label="Empty" categories={[]} series={[]} emptyMessage="No data for 1–7 Nov 2026." />
      <Chart {...args} label="Error" error="Could not load the chart." />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(svg(canvasElement)).not.toBeNull());
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Could not load the chart.');
  },
};

/** Strings replaced through `messages` (key `chart` in `ConsoleMessagesProvider`). */
export const Messages: Story = {
  args: {
    categories: [],
    series: [],
    messages: { empty: 'Tidak ada data pada periode ini.' },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Tidak ada data pada periode ini.')).toBeInTheDocument();
  },
};

/** The category buttons and the filter line replaced. */
export const MessagesCategories: Story = {
  args: {
    kind: 'bar',
    label: 'Belanja per kampanye',
    categories: campaigns,
    series: spendByCampaign,
    onCategoryClick: fn(),
    selectedCategory: campaigns[0],
    messages: {
      categories: (label: string) => `${label}: saring per kategori`,
      selected: (category: string) => `Disaring: ${category}`,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('group', { name: 'Belanja per kampanye: saring per kategori' }),
    ).toBeInTheDocument();
    await expect(canvas.getByText(`Disaring: ${campaigns[0]}`)).toBeInTheDocument();
  },
};

/** Bahasa Indonesia: the console's messages, and ECharts' description for screen readers in Indonesian too. */
export const Indonesian: Story = {
  args: { label: 'Belanja dan omzet per hari' },
  render: (args) => (
    <ConsoleMessagesProvider messages={CONSOLE_MESSAGES_ID}>
      <Chart {...args} />
    </ConsoleMessagesProvider>
  ),
  play: async ({ canvasElement }) => {
    const host = canvasElement.querySelector('.cui-chart__canvas')!;
    await waitFor(() => expect(host.getAttribute('aria-label')).toMatch(/^Ini grafik tentang "Belanja/));
    await expect(host.getAttribute('aria-label')).toContain('grafik garis');
  },
};
