import { composeStories } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KpiCard } from './KpiCard.js';
import * as stories from './KpiCard.stories.js';

const { Data, CostUp, Loading, ErrorState, Empty, WithoutComparison } = composeStories(stories);

describe('KpiCard', () => {
  it('shows the value in id-ID with the change computed from the previous figure', () => {
    render(<Data />);
    const card = screen.getByRole('region', { name: 'Mayar revenue' });
    expect(card).toHaveTextContent(/Rp\s12\.500\.000/);
    expect(card).toHaveTextContent(/before: Rp\s10\.000\.000/);
    expect(card.querySelector('.cui-delta-chip')).toHaveAttribute('data-tone', 'good');
  });

  it('colours a rising cost as bad news and a given delta wins over the computed one', () => {
    render(<CostUp />);
    expect(document.querySelector('.cui-delta-chip')).toHaveAttribute('data-tone', 'bad');
    render(<KpiCard label="Orders" value={10} previous={5} delta={-1} />);
    expect(screen.getByRole('region', { name: 'Orders' })).toHaveTextContent(
      'down -1,00% from the previous period',
    );
  });

  it('has loading, empty, error and no-comparison states', () => {
    const a = render(<Loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading Mayar revenue…');
    a.unmount();
    const b = render(<Empty />);
    expect(screen.getByRole('region')).toHaveTextContent('no comparison with the previous period');
    b.unmount();
    const c = render(<ErrorState />);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load.');
    c.unmount();
    render(<WithoutComparison />);
    expect(screen.getByText('3,20×')).toBeInTheDocument();
  });
});
