import { layout } from '@upsetjs/venn.js';

/** One chosen set: its name and how many customers it holds. */
export interface VennSetInfo {
  label: string;
  total: number;
}

/** An exclusive region as a bit mask over the sets (bit i = set i) and its count. */
export interface VennRegionInfo {
  mask: number;
  count: number;
}

/** Up to this many sets are drawn as circles; more as UpSet-style bars. */
export const VENN_CIRCLE_MAX_SETS = 3;

/** The indexes of the sets a mask contains. */
export function setsOf(mask: number, setCount: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < setCount; i += 1) if (mask & (1 << i)) out.push(i);
  return out;
}

/**
 * The name of an exclusive region: "Kelas A & Kelas B only" (the customers of exactly these sets), or the one set's
 * name when every set is in it (`only` words it in the reader's language).
 *
 * @example
 * ```tsx
 * regionLabel(0b011, ['A', 'B', 'C']) // 'A & B only'
 * ```
 */
export function regionLabel(
  mask: number,
  labels: readonly string[],
  only: (names: string) => string = (names) => `${names} only`,
): string {
  const inside = setsOf(mask, labels.length).map((i) => labels[i]);
  const name = inside.join(' & ');
  return inside.length < labels.length ? only(name) : name;
}

export interface RegionShape {
  mask: number;
  count: number;
  /** SVG path of the exclusive region (fill-rule evenodd). */
  path: string;
  /** Where its count is written. */
  text: { x: number; y: number };
}

export interface CircleShape {
  index: number;
  x: number;
  y: number;
  radius: number;
}

export interface VennShapes {
  circles: CircleShape[];
  regions: RegionShape[];
}

/**
 * Area-proportional circles for 2–3 sets (venn.js) and the path of every non-empty exclusive region; null when the
 * counts cannot be drawn (no customers, or a layout that does not converge).
 */
export function vennShapes(
  sets: readonly VennSetInfo[],
  regions: readonly VennRegionInfo[],
  width: number,
  height: number,
): VennShapes | null {
  const n = sets.length;
  if (n < 2 || n > VENN_CIRCLE_MAX_SETS) return null;
  const counts = new Map(regions.map((region) => [region.mask, region.count]));
  if (![...counts.values()].some((count) => count > 0)) return null;
  const areas = [];
  for (let mask = 1; mask < 1 << n; mask += 1)
    areas.push({ sets: setsOf(mask, n).map(String), size: counts.get(mask) ?? 0, mask });
  const laid = layout(areas, { width, height, padding: 12, distinct: true });
  const circles: CircleShape[] = [];
  for (const area of laid) {
    if (area.data.sets.length !== 1) continue;
    const circle = area.circles[0]!;
    circles.push({ index: Number(area.data.sets[0]), x: circle.x, y: circle.y, radius: circle.radius });
  }
  if (circles.some((circle) => !Number.isFinite(circle.x + circle.y + circle.radius))) return null;
  const shapes = laid
    .filter((area) => area.data.size > 0 && area.text && Number.isFinite(area.text.x + area.text.y))
    .map((area) => ({
      mask: area.data.mask,
      count: area.data.size,
      path: area.distinctPath,
      text: { x: area.text.x, y: area.text.y },
    }));
  return { circles: circles.sort((a, b) => a.index - b.index), regions: shapes };
}
