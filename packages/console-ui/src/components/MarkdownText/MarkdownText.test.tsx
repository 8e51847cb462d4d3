import { composeStories } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { parseMarkdownBlocks } from './MarkdownText.js';
import * as stories from './MarkdownText.stories.js';

const { Answer, UnsafeHtml, Empty, Streaming } = composeStories(stories);

describe('MarkdownText', () => {
  it('renders headings, ordered and unordered lists and inline marks', () => {
    render(<Answer />);
    expect(screen.getByRole('heading', { level: 4, name: 'Langkah berikutnya' })).toBeInTheDocument();
    expect(document.querySelector('ol')).toHaveTextContent('Hentikan iklan dengan CPA tertinggi');
    expect(screen.getByText('1,8×').tagName).toBe('EM');
    expect(screen.getByText('cmp-1').tagName).toBe('CODE');
  });

  it('never turns HTML in the text into elements', () => {
    render(<UnsafeHtml />);
    expect(document.querySelector('a, img, script')).toBeNull();
    expect(document.body).toHaveTextContent('<img src=x onerror="alert(1)">');
  });

  it('shows the empty text, and is busy while streaming', () => {
    const a = render(<Empty />);
    expect(document.body).toHaveTextContent('Belum ada jawaban.');
    a.unmount();
    render(<Streaming />);
    expect(document.querySelector('.cui-markdown-text')).toHaveAttribute('data-state', 'streaming');
  });

  it('parses an unfinished code fence as code', () => {
    expect(parseMarkdownBlocks('```\nselect 1')).toEqual([{ kind: 'code', text: 'select 1' }]);
  });
});
