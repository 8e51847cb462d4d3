import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { NumberText } from './NumberText.js';

const meta = {
  title: 'Data/NumberText',
  component: NumberText,
  args: { value: 1234567 },
} satisfies Meta<typeof NumberText>;

export default meta;
type Story = StoryObj<typeof meta>;

const rendered = (canvasElement: HTMLElement) => canvasElement.querySelector('.cui-number-text');

/** 0 decimals by default, Indonesian grouping. */
export const Integer: Story = {
  play: async ({ canvasElement }) => {
    const element = rendered(canvasElement);
    await expect(element).toHaveTextContent('1.234.567');
    await expect(element?.tagName).toBe('DATA');
    await expect(element).toHaveAttribute('value', '1234567');
  },
};

/** 2 decimals when asked. */
export const TwoDecimals: Story = {
  args: { value: 1234.5, decimals: 2 },
  play: async ({ canvasElement }) => {
    await expect(rendered(canvasElement)).toHaveTextContent('1.234,50');
  },
};

/** A numeric string, as the server sends numerics; rounded on its exact decimal value. */
export const NumericString: Story = {
  args: { value: '98765.125', decimals: 2 },
  play: async ({ canvasElement }) => {
    await expect(rendered(canvasElement)).toHaveTextContent('98.765,13');
    await expect(rendered(canvasElement)).toHaveAttribute('value', '98765.125');
  },
};

/** Negative numbers. */
export const Negative: Story = {
  args: { value: -45210 },
  play: async ({ canvasElement }) => {
    await expect(rendered(canvasElement)).toHaveTextContent('-45.210');
  },
};

/** Rupiah. */
export const Rupiah: Story = {
  args: { value: '1500000', currency: 'IDR' },
  play: async ({ canvasElement }) => {
    await expect(rendered(canvasElement)).toHaveTextContent(/^Rp\s1\.500\.000$/);
  },
};

/** Not a number: "-" in a span marked data-invalid. */
export const Invalid: Story = {
  args: { value: 'abc' },
  play: async ({ canvasElement }) => {
    const element = rendered(canvasElement);
    await expect(element).toHaveTextContent(/^-$/);
    await expect(element?.tagName).toBe('SPAN');
    await expect(element).toHaveAttribute('data-invalid');
  },
};

/** No value yet (null). */
export const Empty: Story = {
  args: { value: null },
  play: async ({ canvasElement }) => {
    await expect(rendered(canvasElement)).toHaveTextContent(/^-$/);
  },
};

/** As a span with the raw value in data-value. */
export const AsSpan: Story = {
  args: { value: 42.5, decimals: 2, as: 'span' },
  play: async ({ canvasElement }) => {
    const element = rendered(canvasElement);
    await expect(element?.tagName).toBe('SPAN');
    await expect(element).toHaveAttribute('data-value', '42.5');
    await expect(element).toHaveTextContent('42,50');
  },
};

const SAMPLES: Array<{ label: string; value: unknown; decimals?: 0 | 2; currency?: 'IDR' }> = [
  { label: 'integer', value: 1234567 },
  { label: '2 decimals', value: 1234.5, decimals: 2 },
  { label: 'string', value: '98765.125', decimals: 2 },
  { label: 'negative', value: -45210 },
  { label: 'small', value: 0.5 },
  { label: 'rupiah', value: '1500000', currency: 'IDR' },
  { label: 'rupiah, negative, 2 decimals', value: -2500.5, currency: 'IDR', decimals: 2 },
  { label: 'NaN', value: Number.NaN },
  { label: 'Infinity', value: Number.POSITIVE_INFINITY },
  { label: 'null', value: null },
  { label: 'undefined', value: undefined },
  { label: '"abc"', value: 'abc' },
];

/** Every case side by side, for review. */
export const AllStates: Story = {
  render: () => (
    <table style={{ borderCollapse: 'collapse' }}>
      <caption style={{ textAlign: 'left', fontWeight: 600 }}>NumberText cases</caption>
      <thead>
        <tr>
          <th scope="col" style={{ textAlign: 'left', paddingRight: 24 }}>
            Input
          </th>
          <th scope="col" style={{ textAlign: 'right' }}>
            Shown
          </th>
        </tr>
      </thead>
      <tbody>
        {SAMPLES.map((sample) => (
          <tr key={sample.label}>
            <th scope="row" style={{ textAlign: 'left', fontWeight: 400, paddingRight: 24 }}>
              {sample.label}
            </th>
            <td style={{ textAlign: 'right' }}>
              <NumberText value={sample.value} decimals={sample.decimals} currency={sample.currency} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('.cui-number-text')).toHaveLength(SAMPLES.length);
    await expect(canvasElement.querySelectorAll('[data-invalid]')).toHaveLength(5);
  },
};
