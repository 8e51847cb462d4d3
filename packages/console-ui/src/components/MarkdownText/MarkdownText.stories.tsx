import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { MarkdownText } from './MarkdownText.js';

const ANSWER = [
  '## Ringkasan',
  '',
  'Spend naik 12%, **Real ROAS** turun ke *1,8×*. Kode `cmp-1` paling boros.',
  '',
  '### Langkah berikutnya',
  '1. Hentikan iklan dengan CPA tertinggi',
  '2. Uji ulang hook terbaik',
  '',
  '- Anggaran: Rp 1.500.000 per hari',
  '- Jadwal: Senin–Jumat',
].join('\n');

const meta = {
  title: 'Content/MarkdownText',
  component: MarkdownText,
  args: { text: ANSWER },
} satisfies Meta<typeof MarkdownText>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A finished answer: headings one level down (## is h3), lists, bold, italic, inline code. */
export const Answer: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 3, name: 'Ringkasan' })).toBeInTheDocument();
    await expect(canvas.getAllByRole('list')).toHaveLength(2);
    await expect(canvas.getByText('Real ROAS').tagName).toBe('STRONG');
  },
};

/** Arriving piece by piece: a half-written line and a caret. */
export const Streaming: Story = {
  args: { text: '## Ringkasan\n\nSpend naik 12%, **Real', streaming: true },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('.cui-markdown-text')).toHaveAttribute('aria-busy', 'true');
    await expect(canvasElement).toHaveTextContent('Spend naik 12%, **Real');
  },
};

export const Empty: Story = {
  args: { text: '', emptyText: 'Belum ada jawaban.' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement).toHaveTextContent('Belum ada jawaban.');
  },
};

/** HTML in an answer is shown as text: no element, no script, no link is made from it. */
export const UnsafeHtml: Story = {
  args: {
    text: 'Klik <a href="javascript:alert(1)">di sini</a> <img src=x onerror="alert(1)"> <script>alert(1)</script>',
  },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('a, img, script')).toBeNull();
    await expect(canvasElement).toHaveTextContent('<script>alert(1)</script>');
  },
};

export const Code: Story = {
  args: { text: 'Query:\n\n```\nselect spend from ads\n```' },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('pre code')).toHaveTextContent('select spend from ads');
  },
};

/** Every state side by side, for visual review. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16, width: 760 }}>
      <MarkdownText {...args} />
      <MarkdownText text={'## Ringkasan\n\nSpend naik 12%, **Real'} streaming />
      <MarkdownText text="" emptyText="Belum ada jawaban." />
      <MarkdownText text={'Klik <b>tebal</b>\n\n```\nselect 1\n```'} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('b')).toBeNull();
  },
};

/** The empty text replaced through `messages` (key `markdownText` in `ConsoleMessagesProvider`). */
export const Messages: Story = {
  args: { text: '', messages: { empty: 'Belum ada jawaban.' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Belum ada jawaban.')).toBeInTheDocument();
  },
};
