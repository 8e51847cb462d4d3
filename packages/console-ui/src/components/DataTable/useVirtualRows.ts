import { useEffect, useState, type RefObject } from 'react';

export interface VirtualRowsOptions {
  count: number;
  /** Fixed height of one row, px. */
  rowHeight: number;
  /** Rows rendered beyond each edge of the viewport, so short moves never show a gap. */
  overscan: number;
  /** Height used before the container can be measured (and in environments without layout). */
  fallbackViewport: number;
  enabled: boolean;
}

export interface VirtualRows {
  start: number;
  /** Exclusive. */
  end: number;
  padTop: number;
  padBottom: number;
  onScroll: () => void;
  /** Scrolls the container so that row `index` is inside the viewport (below a sticky header of `offset` px). */
  ensureVisible: (index: number, offset?: number) => void;
}

function scrollElementTo(element: HTMLElement, top: number) {
  element.scrollTop = top;
}

/**
 * A small fixed-row-height windowing: only the rows in view (plus overscan) are rendered, with spacers above
 * and below keeping the scroll height of the full list.
 */
export function useVirtualRows(
  container: RefObject<HTMLElement | null>,
  options: VirtualRowsOptions,
): VirtualRows {
  const { count, rowHeight, overscan, fallbackViewport, enabled } = options;
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(fallbackViewport);

  useEffect(() => {
    const element = container.current;
    if (!enabled || !element) return;
    const measure = () => setViewport(element.clientHeight || fallbackViewport);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [container, enabled, fallbackViewport]);

  const onScroll = () => {
    if (enabled && container.current) setScrollTop(container.current.scrollTop);
  };

  const ensureVisible = (index: number, offset = 0) => {
    const element = container.current;
    if (!element) return;
    const top = index * rowHeight;
    const visible = (element.clientHeight || viewport) - offset;
    let next = element.scrollTop;
    if (top < element.scrollTop) next = top;
    else if (top + rowHeight > element.scrollTop + visible) next = top + rowHeight - visible;
    if (next !== element.scrollTop) {
      scrollElementTo(element, next);
      setScrollTop(next);
    }
  };

  if (!enabled) return { start: 0, end: count, padTop: 0, padBottom: 0, onScroll, ensureVisible };
  const start = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const end = Math.min(count, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);
  return {
    start,
    end,
    padTop: start * rowHeight,
    padBottom: (count - end) * rowHeight,
    onScroll,
    ensureVisible,
  };
}
