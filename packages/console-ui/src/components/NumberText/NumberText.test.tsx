import { composeStories } from '@storybook/react-vite';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatIdr, formatNumber, toNumericString } from './formatNumber.js';
import { NumberText } from './NumberText.js';
import * as stories from './NumberText.stories.js';

const composed = composeStories(stories);

describe('NumberText stories', () => {
  let canvasElement: HTMLElement;
  beforeEach(() => {
    canvasElement = document.body.appendChild(document.createElement('div'));
  });
  afterEach(() => canvasElement.remove());

  it.each(Object.entries(composed))('%s plays', async (_name, Story) => {
    await Story.run({ canvasElement });
  });
});

describe('formatNumber', () => {
  it('shows 0 decimals by default with id-ID grouping', () => {
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999.5)).toBe('1.000');
    expect(formatNumber(-1234)).toBe('-1.234');
  });

  it('shows exactly 2 decimals when asked', () => {
    expect(formatNumber(1234.5, { decimals: 2 })).toBe('1.234,50');
    expect(formatNumber(3, { decimals: 2 })).toBe('3,00');
    expect(formatNumber(-0.125, { decimals: 2 })).toBe('-0,13');
  });

  it('accepts numeric strings (as the server sends them), trimmed, and rounds their exact value', () => {
    expect(formatNumber('1234567')).toBe('1.234.567');
    expect(formatNumber(' 1234.50 ', { decimals: 2 })).toBe('1.234,50');
    expect(formatNumber('+7')).toBe('7');
    expect(formatNumber('.5', { decimals: 2 })).toBe('0,50');
    expect(formatNumber('1e3')).toBe('1.000');
    // 1.005 as a float is 1.00499…; as a string it is exactly 1.005 and rounds up.
    expect(formatNumber('1.005', { decimals: 2 })).toBe('1,01');
    expect(formatNumber('12345678901234567890')).toBe('12.345.678.901.234.567.890');
  });

  it('accepts bigints', () => {
    expect(formatNumber(10n ** 12n)).toBe('1.000.000.000.000');
  });

  it('never shows "-0"', () => {
    expect(formatNumber(-0.4)).toBe('0');
    expect(formatNumber('-0.001', { decimals: 2 })).toBe('0,00');
  });

  it.each([
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['null', null],
    ['undefined', undefined],
    ['empty string', ''],
    ['blank string', '   '],
    ['"abc"', 'abc'],
    ['"12abc"', '12abc'],
    ['"1,5" (comma decimal)', '1,5'],
    ['"1.234.567" (grouped)', '1.234.567'],
    ['"Infinity"', 'Infinity'],
    ['"0x10"', '0x10'],
    ['"1e999" (overflows)', '1e999'],
    ['boolean', true],
    ['object', { value: 1 }],
    ['array', [1]],
    ['Date', new Date(0)],
  ])('shows "-" for %s', (_label, value) => {
    expect(formatNumber(value)).toBe('-');
    expect(formatNumber(value, { decimals: 2 })).toBe('-');
  });

  it('can use another locale', () => {
    expect(formatNumber(1234.5, { decimals: 2, locale: 'en-US' })).toBe('1,234.50');
  });
});

describe('toNumericString', () => {
  it('keeps numeric text as is and turns numbers into text', () => {
    expect(toNumericString(' 12.50 ')).toBe('12.50');
    expect(toNumericString(12.5)).toBe('12.5');
    expect(toNumericString('x')).toBeNull();
  });
});

describe('formatIdr', () => {
  it('prefixes Rp with a no-break space, sign first', () => {
    expect(formatIdr('1500000')).toBe('Rp\u00a01.500.000');
    expect(formatIdr(-2500.5, { decimals: 2 })).toBe('-Rp\u00a02.500,50');
    expect(formatIdr(0)).toBe('Rp\u00a00');
  });

  it('shows "-" for invalid amounts', () => {
    expect(formatIdr(null)).toBe('-');
    expect(formatIdr('n/a')).toBe('-');
  });
});

describe('NumberText', () => {
  it('renders <data> with the raw value, or a <span> when asked', () => {
    const { container, rerender } = render(<NumberText value="1234.5" decimals={2} />);
    const data = container.querySelector('data');
    expect(data).toHaveTextContent('1.234,50');
    expect(data).toHaveAttribute('value', '1234.5');
    rerender(<NumberText value={1234.5} as="span" />);
    expect(container.querySelector('span')).toHaveAttribute('data-value', '1234.5');
    expect(container.querySelector('span')).toHaveTextContent('1.235');
  });

  it('renders "-" in a span marked invalid, without a raw value', () => {
    const { container } = render(<NumberText value={Number.NaN} />);
    const span = container.querySelector('span');
    expect(span).toHaveTextContent('-');
    expect(span).toHaveAttribute('data-invalid');
    expect(container.querySelector('data')).toBeNull();
  });

  it('formats rupiah', () => {
    const { container } = render(<NumberText value={250000} currency="IDR" />);
    expect(container.querySelector('data')?.textContent).toBe('Rp\u00a0250.000');
  });
});
