import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeltaChip } from './DeltaChip.js';
import { formatDelta, formatMeasure, percentChange } from './formatMeasure.js';

describe('report number formatting', () => {
  it('formats measures with the id-ID formatters', () => {
    expect(formatMeasure('1500000', 'idr')).toBe('Rp\u00a01.500.000');
    expect(formatMeasure(1234.567, 'decimal')).toBe('1.234,57');
    expect(formatMeasure(1.256, 'percent')).toBe('1,26%');
    expect(formatMeasure(3.2, 'ratio')).toBe('3,20×');
    expect(formatMeasure(null, 'percent')).toBe('-');
    expect(formatMeasure(42)).toBe('42');
  });

  it('computes and formats percentage changes', () => {
    expect(percentChange(120, 100)).toBe(20);
    expect(percentChange(-50, -100)).toBe(50);
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(null, 5)).toBeNull();
    expect(formatDelta(12.5)).toBe('+12,50%');
    expect(formatDelta(-3)).toBe('-3,00%');
    expect(formatDelta(0.001)).toBe('0,00%');
    expect(formatDelta(null)).toBe('-');
  });

  it('says the direction in words and colours by trend', () => {
    const { container } = render(
      <>
        <DeltaChip delta={-3} trend="lower" />
        <DeltaChip delta={0} />
      </>,
    );
    expect(screen.getByText('down -3,00% from the previous period')).toBeInTheDocument();
    const [cost, flat] = container.querySelectorAll('.cui-delta-chip');
    expect(cost).toHaveAttribute('data-tone', 'good');
    expect(flat).toHaveAttribute('data-direction', 'flat');
  });
});
