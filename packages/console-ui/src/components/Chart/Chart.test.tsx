import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor } from '@testing-library/react';
import { getInstanceByDom } from 'echarts/core';
import { fn, userEvent } from 'storybook/test';
import { describe, expect, it } from 'vitest';
import { CONSOLE_MESSAGES_EN, CONSOLE_MESSAGES_ID } from '../../i18n/messages.js';
import { ThemeProvider } from '../../theme/ThemeProvider.js';
import { ConsoleMessagesProvider } from '../../theme/messages.js';
import { Chart } from './Chart.js';
import {
  campaigns,
  days,
  funnelSeries,
  funnelSteps,
  spendByCampaign,
  spendVsRevenue,
} from './Chart.fixtures.js';
import { buildChartOption, clickedCategory } from './chartOption.js';
import { isEchartsMissing } from './echartsLoader.js';
import { CHART_ARIA_EN, chartDescription } from './chartAria.js';
import { formatMeasure } from '../DeltaChip/formatMeasure.js';
import * as stories from './Chart.stories.js';

const { Line, Loading, Empty, ErrorState, Indonesian } = composeStories(stories);

const host = () => document.querySelector<HTMLElement>('.cui-chart__canvas')!;

describe('buildChartOption', () => {
  it('puts a combo in one unit on one axis (bars and line), another unit on a second axis', () => {
    const option = buildChartOption({ kind: 'combo', label: 'x', categories: days, series: spendVsRevenue });
    // Spend and revenue are both rupiah: one scale, so a day's bar never stands above a larger revenue point.
    expect(option.yAxis).toHaveLength(1);
    const series = option.series as Array<{ type: string; yAxisIndex: number }>;
    expect(series.map((s) => [s.type, s.yAxisIndex])).toEqual([
      ['bar', 0],
      ['line', 0],
    ]);
    const withRoas = buildChartOption({
      kind: 'combo',
      label: 'x',
      categories: days,
      series: [...spendVsRevenue, { name: 'ROAS', data: days.map(() => 0.92), format: 'ratio' }],
    });
    expect(withRoas.yAxis).toHaveLength(2);
    expect(
      (withRoas.series as Array<{ type: string; yAxisIndex: number }>).map((s) => [s.type, s.yAxisIndex]),
    ).toEqual([
      ['bar', 0],
      ['line', 0],
      ['line', 1],
    ]);
    const [, right] = withRoas.yAxis as Array<{ axisLabel: { formatter: (v: number) => string } }>;
    expect(right!.axisLabel.formatter(0.92)).toBe('0,92×');
    const [left] = option.yAxis as Array<{ axisLabel: { formatter: (v: number) => string } }>;
    expect(left!.axisLabel.formatter(1500000)).toBe('Rp\u00a01.500.000');
    expect(option.aria).toMatchObject({ enabled: true });
  });

  it('builds line, bar and funnel options', () => {
    const line = buildChartOption({ kind: 'line', label: 'x', categories: days, series: spendVsRevenue });
    expect((line.series as Array<{ type: string }>).map((s) => s.type)).toEqual(['line', 'line']);
    expect(line.yAxis).toHaveLength(1);
    const funnel = buildChartOption({
      kind: 'funnel',
      label: 'f',
      categories: funnelSteps,
      series: funnelSeries,
    });
    const [step] = funnel.series as Array<{ type: string; data: unknown[] }>;
    expect(step!.type).toBe('funnel');
    expect(step!.data[0]).toEqual({ name: 'Impresi', value: 292000 });
  });

  it('describes the data as ECharts words it, with the values in their id-ID format', () => {
    const combo = buildChartOption({
      kind: 'combo',
      label: 'Belanja',
      categories: days,
      series: spendVsRevenue,
    });
    expect((combo.aria as { label: { description: string } }).label.description).toBe(
      'This is a chart about "Belanja". It consists of 2 series count.' +
        ' The 0 series is a Bar chart representing Spend.The data is as follows: ' +
        days
          .map((day, i) => `the data for ${day} is ${formatMeasure(spendVsRevenue[0]!.data[i], 'idr')}`)
          .join(', ') +
        '. ' +
        ' The 1 series is a Line chart representing Mayar revenue.The data is as follows: ' +
        days
          .map((day, i) => `the data for ${day} is ${formatMeasure(spendVsRevenue[1]!.data[i], 'idr')}`)
          .join(', ') +
        '. ',
    );
    // A missing figure reads as the table shows it.
    expect(
      chartDescription({ kind: 'line', label: 'x', categories: days, series: spendVsRevenue }, CHART_ARIA_EN),
    ).toContain('the data for 6 Nov is -,');
  });

  it('describes the first ten values of a long series, and a funnel as one series', () => {
    const month = Array.from({ length: 30 }, (_, i) => `${i + 1} Nov`);
    const ctr = { name: 'CTR', data: month.map((_, i) => i / 4), format: 'percent' as const };
    const text = chartDescription(
      { kind: 'line', label: 'CTR', categories: month, series: [ctr] },
      CHART_ARIA_EN,
    );
    expect(text).toContain(
      ' with type Line chart named CTR.The first 10 items are: the data for 1 Nov is 0,00%',
    );
    expect(text).toContain('the data for 10 Nov is 2,25%. ');
    expect(text).not.toContain('11 Nov');
    const funnel = chartDescription(
      { kind: 'funnel', label: 'Corong', categories: funnelSteps, series: funnelSeries },
      CHART_ARIA_EN,
    );
    expect(funnel).toBe(
      'This is a chart about "Corong" with type Funnel chart named Funnel.The data is as follows: ' +
        'the data for Impresi is 292.000, the data for Klik tautan is 4.500, ' +
        'the data for Pembelian Meta is 120, the data for Pesanan Mayar is 95. ',
    );
  });

  it('maps clicks on data and on axis labels to a category', () => {
    expect(clickedCategory({ componentType: 'series', name: 'Kelas Excel' })).toBe('Kelas Excel');
    expect(clickedCategory({ componentType: 'xAxis', value: '2 Nov' })).toBe('2 Nov');
    expect(clickedCategory({ componentType: 'legend' })).toBeNull();
  });
});

describe('Chart', () => {
  it('draws with the SVG renderer and describes the data for screen readers', async () => {
    render(<Line />);
    await waitFor(() => expect(host().querySelector('svg')).not.toBeNull());
    expect(screen.getByRole('figure', { name: 'Spend and revenue per day' })).toBeInTheDocument();
    // ECharts' aria module writes a description of the series into the label.
    await waitFor(() => expect(host().getAttribute('aria-label')).toMatch(/Spend/));
  });

  it("describes the data in the console's language: Indonesian under the Indonesian messages", async () => {
    const chart = (messages: typeof CONSOLE_MESSAGES_EN) => (
      <ConsoleMessagesProvider messages={messages}>
        <Chart kind="bar" label="Belanja" categories={campaigns} series={spendByCampaign} />
      </ConsoleMessagesProvider>
    );
    const { rerender } = render(chart(CONSOLE_MESSAGES_ID));
    await waitFor(() => expect(host().getAttribute('aria-label')).toMatch(/^Ini grafik tentang "Belanja"/));
    const indonesian = host().getAttribute('aria-label')!;
    expect(indonesian).toContain('berupa grafik batang bernama Spend.');
    // The value in its id-ID format, as the tooltip shows it.
    expect(indonesian).toContain(
      `Datanya sebagai berikut: data untuk ${campaigns[0]} adalah Rp\u00a01.500.000, `,
    );
    expect(indonesian).not.toMatch(/This is a chart|Bar chart|The data is/);

    // Switching the language describes the chart again in English.
    rerender(chart(CONSOLE_MESSAGES_EN));
    await waitFor(() =>
      expect(host().getAttribute('aria-label')).toMatch(/^This is a chart about "Belanja"/),
    );
    expect(host().getAttribute('aria-label')).toContain('with type Bar chart named Spend.');
  });

  it('has an Indonesian story whose description is Indonesian', async () => {
    render(<Indonesian />);
    await waitFor(() => expect(host().getAttribute('aria-label')).toMatch(/^Ini grafik tentang "/));
    expect(host().getAttribute('aria-label')).toContain('terdiri dari 2 seri.');
  });

  it('follows the dark theme', async () => {
    render(
      <ThemeProvider mode="dark">
        <Chart kind="bar" label="Dark" categories={campaigns} series={spendByCampaign} />
      </ThemeProvider>,
    );
    await waitFor(() => expect(getInstanceByDom(host())).toBeDefined());
    const option = getInstanceByDom(host())!.getOption() as { darkMode?: boolean | 'auto' };
    expect(option.darkMode).toBe(true);
  });

  it('reports the clicked category: from the chart and from the keyboard path', async () => {
    const user = userEvent.setup();
    const onCategoryClick = fn();
    render(
      <Chart
        kind="bar"
        label="Bars"
        categories={campaigns}
        series={spendByCampaign}
        onCategoryClick={onCategoryClick}
      />,
    );
    await waitFor(() => expect(getInstanceByDom(host())).toBeDefined());
    // A click event as ECharts delivers it for a bar (jsdom has no layout to hit-test a pointer).
    const instance = getInstanceByDom(host())!;
    (instance as unknown as { trigger: (e: string, p: unknown) => void }).trigger('click', {
      componentType: 'series',
      name: 'Ebook Resep',
    });
    expect(onCategoryClick).toHaveBeenLastCalledWith('Ebook Resep');
    await user.click(screen.getByRole('button', { name: 'Kelas Excel' }));
    expect(onCategoryClick).toHaveBeenLastCalledWith('Kelas Excel');
  });

  it('has loading, empty and error states without drawing', () => {
    const a = render(<Loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    a.unmount();
    const b = render(<Empty />);
    expect(screen.getByText('No data for 1–7 Nov 2026.')).toBeInTheDocument();
    b.unmount();
    render(<ErrorState />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the chart.');
    expect(document.querySelector('svg')).toBeNull();
  });

  it('disposes the chart when unmounted', async () => {
    const { unmount } = render(<Line />);
    await waitFor(() => expect(getInstanceByDom(host())).toBeDefined());
    const element = host();
    unmount();
    expect(getInstanceByDom(element)).toBeUndefined();
  });
});

describe('tree-shaking', () => {
  it('imports ECharts from one module only, reached by a dynamic import from the Chart', async () => {
    const { readFileSync, readdirSync } = await import('node:fs');
    const path = await import('node:path');
    const src = path.resolve(__dirname, '../..');
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (file) => /\.tsx?$/.test(file) && !/\.(test|stories)\.tsx?$/.test(file),
    );
    const staticImporters = files.filter((file) =>
      /^import\s(?!type\s)[^;]*from\s'echarts\//m.test(readFileSync(path.join(src, file), 'utf8')),
    );
    expect(staticImporters.map((file) => file.split(path.sep).join('/'))).toEqual([
      'components/Chart/echartsSetup.ts',
    ]);
    const importers = files.filter((file) =>
      readFileSync(path.join(src, file), 'utf8').includes("'./echartsSetup.js'"),
    );
    expect(importers.map((file) => file.split(path.sep).join('/'))).toEqual([
      'components/Chart/echartsLoader.ts',
    ]);
    expect(readFileSync(path.join(src, 'components/Chart/echartsLoader.ts'), 'utf8')).toMatch(
      /import\('\.\/echartsSetup\.js'\)/,
    );
  });
});

describe('isEchartsMissing', () => {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

  it("recognises each runtime's words for a package that is not installed", () => {
    for (const error of [
      withCode(
        "Cannot find package 'echarts' imported from /app/node_modules/@staff/console-ui/dist/x.js",
        'ERR_MODULE_NOT_FOUND',
      ),
      withCode("Cannot find module 'echarts/core'", 'MODULE_NOT_FOUND'),
      new Error('Could not resolve "echarts/charts" imported by "@staff/console-ui". Is it installed?'),
      new TypeError(
        'Failed to resolve module specifier "echarts/core". Relative references must start with either "/", "./", or "../".',
      ),
      new TypeError('The specifier “echarts/core” was a bare specifier, but was not remapped to anything.'),
    ])
      expect(isEchartsMissing(error), error.message).toBe(true);
  });

  it('leaves other failures to the ordinary message', () => {
    for (const error of [
      new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/echartsSetup-1.js'),
      withCode("Cannot find module './other'", 'MODULE_NOT_FOUND'),
      'echarts',
      null,
    ])
      expect(isEchartsMissing(error)).toBe(false);
  });
});
