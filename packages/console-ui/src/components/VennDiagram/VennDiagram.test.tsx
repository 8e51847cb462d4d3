import { composeStories } from '@storybook/react-vite';
import { fireEvent, render, screen } from '@testing-library/react';
import { fn, userEvent } from 'storybook/test';
import { describe, expect, it } from 'vitest';
import { VennDiagram } from './VennDiagram.js';
import * as stories from './VennDiagram.stories.js';
import { regionLabel, setsOf, vennShapes } from './vennRegions.js';

const { ThreeSets, FiveSets, Empty, Loading, ErrorState: ErrorStory } = composeStories(stories);

describe('Venn regions', () => {
  it('names exclusive regions and their sets', () => {
    expect(setsOf(0b101, 3)).toEqual([0, 2]);
    expect(regionLabel(0b011, ['A', 'B', 'C'])).toBe('A & B only');
    expect(regionLabel(0b111, ['A', 'B', 'C'])).toBe('A & B & C');
  });

  it('lays out one path per non-empty region and circles whose areas follow the totals', () => {
    const shapes = vennShapes(
      [
        { label: 'A', total: 120 },
        { label: 'B', total: 30 },
      ],
      [
        { mask: 1, count: 100 },
        { mask: 2, count: 10 },
        { mask: 3, count: 20 },
      ],
      480,
      320,
    )!;
    expect(shapes.regions.map((region) => region.mask).sort()).toEqual([1, 2, 3]);
    const [a, b] = shapes.circles;
    // Area ratio 120 : 30 → radius ratio 2.
    expect(a!.radius / b!.radius).toBeCloseTo(2, 1);
    expect(
      vennShapes(
        [
          { label: 'A', total: 0 },
          { label: 'B', total: 0 },
        ],
        [],
        480,
        320,
      ),
    ).toBeNull();
  });
});

describe('VennDiagram', () => {
  it('draws 3 sets as circles with one button per region, and reports clicks and keys', async () => {
    const onRegionSelect = fn();
    render(<ThreeSets onRegionSelect={onRegionSelect} />);
    const region = screen.getByRole('button', { name: 'Ebook Resep saja: 2 pelanggan' });
    fireEvent.click(region);
    expect(onRegionSelect).toHaveBeenLastCalledWith(2);
    screen.getByRole('button', { name: 'Kelas Excel & Ebook Resep & Kelas Canva: 1 pelanggan' }).focus();
    await userEvent.keyboard(' ');
    expect(onRegionSelect).toHaveBeenLastCalledWith(7);
    expect(document.querySelector('.cui-venn')).toHaveAttribute('data-mode', 'venn');
  });

  it('draws 4–5 sets as UpSet bars, largest region first', async () => {
    const onRegionSelect = fn();
    render(<FiveSets onRegionSelect={onRegionSelect} />);
    const rows = screen.getAllByRole('button');
    expect(rows[0]).toHaveAccessibleName('Kelas Excel saja: 22 pelanggan');
    expect(rows).toHaveLength(10);
    await userEvent.click(
      screen.getByRole('button', {
        name: /^Kelas Excel & Ebook Resep & Kelas Canva & Webinar Pajak & Kelas Copywriting:/,
      }),
    );
    expect(onRegionSelect).toHaveBeenCalledWith(31);
    expect(document.querySelector('.cui-venn')).toHaveAttribute('data-mode', 'upset');
  });

  it('shows the empty, loading and error states', async () => {
    const { unmount } = render(<Empty />);
    expect(screen.getByText(/Tidak ada pelanggan/)).toBeInTheDocument();
    unmount();
    const loading = render(<Loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Menghitung pelanggan…');
    loading.unmount();
    const onRetry = fn();
    render(<ErrorStory onRetry={onRetry} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Server tidak dapat dihubungi.');
    await userEvent.click(screen.getByRole('button', { name: 'Coba lagi' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('marks the selected region as pressed', () => {
    render(
      <VennDiagram
        sets={[
          { label: 'A', total: 3 },
          { label: 'B', total: 2 },
        ]}
        regions={[
          { mask: 1, count: 1 },
          { mask: 3, count: 2 },
        ]}
        selectedMask={3}
      />,
    );
    expect(screen.getByRole('button', { name: 'A & B: 2 pelanggan' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('button', { name: 'A saja: 1 pelanggan' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});
