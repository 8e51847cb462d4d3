import { composeStories } from '@storybook/react-vite';
import { render, screen, within } from '@testing-library/react';
import { fn, userEvent } from 'storybook/test';
import { describe, expect, it } from 'vitest';
import { nextReportSort, ReportTable, sortReportRows } from './ReportTable.js';
import { campaignColumns, campaignRows, campaignTotals, manyRows } from './ReportTable.fixtures.js';
import * as stories from './ReportTable.stories.js';

const { Data, WithDeltas, Loading, Empty, ErrorState, Virtualized, DrillDown } = composeStories(stories);

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1, -1);

describe('ReportTable', () => {
  it('formats IDR, counts, percentages and ratios in id-ID, with a totals row', () => {
    render(<Data />);
    const [first] = bodyRows();
    expect(within(first!).getByRole('rowheader')).toHaveTextContent('Kelas Excel');
    expect(first).toHaveTextContent(/Rp\s1.500.000/);
    expect(first).toHaveTextContent('1.200');
    expect(first).toHaveTextContent('1,50%');
    expect(first).toHaveTextContent('3,00×');
    const totals = screen.getByRole('row', { name: /^Total/ });
    expect(totals.closest('tfoot')).not.toBeNull();
    expect(totals).toHaveTextContent(/Rp\s4.750.000/);
    expect(totals).toHaveTextContent('1,54%');
    // A missing ratio shows "-", never "NaN".
    expect(bodyRows()[2]).toHaveTextContent('-');
    expect(screen.queryByText(/NaN/)).toBeNull();
  });

  it('pins the first column', () => {
    render(<Data />);
    for (const cell of screen.getAllByRole('rowheader')) expect(cell).toHaveAttribute('data-pinned', 'true');
    expect(screen.getByRole('columnheader', { name: 'Campaign' })).toHaveAttribute('data-pinned', 'true');
  });

  it('sorts measures descending, ascending, then back to the server order; nulls stay last', async () => {
    const user = userEvent.setup();
    const onSortChange = fn();
    render(<Data onSortChange={onSortChange} />);
    const names = () =>
      bodyRows().map((row) => within(row).getByRole('rowheader').textContent?.replace(/[▸▾]/g, ''));
    await user.click(screen.getByRole('button', { name: /Mayar revenue/ }));
    expect(names()).toEqual(['Kelas Excel', 'Ebook Resep', 'Webinar Bisnis']);
    await user.click(screen.getByRole('button', { name: /Mayar revenue/ }));
    expect(screen.getByRole('columnheader', { name: /Mayar revenue/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(names()).toEqual(['Ebook Resep', 'Kelas Excel', 'Webinar Bisnis']);
    await user.click(screen.getByRole('button', { name: /Mayar revenue/ }));
    expect(onSortChange).toHaveBeenLastCalledWith(null);
    expect(names()).toEqual(['Kelas Excel', 'Ebook Resep', 'Webinar Bisnis']);
    // Dimensions are not sortable buttons.
    expect(screen.queryByRole('button', { name: 'Campaign' })).toBeNull();
  });

  it('shows delta chips with their direction in words', () => {
    render(<WithDeltas />);
    const [first] = bodyRows();
    expect(first).toHaveTextContent('up +10,00% from the previous period');
    expect(first).toHaveTextContent('down -5,00% from the previous period');
    expect(bodyRows()[1]).toHaveTextContent('no comparison with the previous period');
    // Spend rising is bad news (trend lower), revenue rising good news.
    const chips = first!.querySelectorAll('.cui-delta-chip');
    expect(chips[0]).toHaveAttribute('data-tone', 'bad');
    expect(chips[3]).toHaveAttribute('data-tone', 'good');
  });

  it('expands a drillable row: asks for the next level, shows it, collapses it with the keyboard', async () => {
    const user = userEvent.setup();
    const onDrill = fn();
    render(
      <ReportTable
        label="Drill"
        columns={campaignColumns}
        rows={campaignRows}
        totals={campaignTotals}
        onDrill={onDrill}
      />,
    );
    // Children already known: no request.
    await user.click(screen.getByRole('button', { name: 'Expand Ebook Resep' }));
    expect(onDrill).not.toHaveBeenCalled();
    expect(screen.getByText('Ad set Lookalike 1%').closest('tr')).toHaveAttribute('data-depth', '1');
    // Unknown children: a request and a loading row.
    screen.getByRole('button', { name: 'Expand Kelas Excel' }).focus();
    await user.keyboard('{Enter}');
    expect(onDrill).toHaveBeenCalledWith(['c1'], expect.objectContaining({ key: 'c1' }));
    expect(screen.getByText('Loading the next level…')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Collapse Ebook Resep' }));
    expect(screen.queryByText('Ad set Lookalike 1%')).toBeNull();
  });

  it('drills through the story', async () => {
    const user = userEvent.setup();
    render(<DrillDown />);
    await user.click(screen.getByRole('button', { name: 'Expand Kelas Excel' }));
    expect(await screen.findByText('Ad set Broad')).toBeInTheDocument();
  });

  it('has loading, empty and error states', async () => {
    const { unmount } = render(<Loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading Ads X Mayar…');
    expect(screen.queryByRole('row', { name: /^Total/ })).toBeNull();
    unmount();
    const second = render(<Empty />);
    expect(screen.getByText('No data for 1–7 Nov 2026.')).toBeInTheDocument();
    second.unmount();
    const onRetry = fn();
    render(<ErrorState onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load the report.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('renders only a window of a long report', () => {
    render(<Virtualized />);
    const rendered = within(screen.getByRole('table')).getAllByRole('row').length;
    expect(rendered).toBeLessThan(60);
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '5002');
    expect(screen.getByText('Campaign 1')).toBeInTheDocument();
    expect(screen.queryByText('Campaign 4000')).toBeNull();
  });

  it('sort helpers', () => {
    expect(nextReportSort(null, 'spend')).toEqual({ field: 'spend', direction: 'desc' });
    expect(nextReportSort({ field: 'spend', direction: 'desc' }, 'spend')).toEqual({
      field: 'spend',
      direction: 'asc',
    });
    expect(nextReportSort({ field: 'spend', direction: 'asc' }, 'spend')).toBeNull();
    const sorted = sortReportRows(manyRows(3), { field: 'spend', direction: 'desc' });
    expect(sorted.map((r) => r.key)).toEqual(['r3', 'r2', 'r1']);
  });
});
