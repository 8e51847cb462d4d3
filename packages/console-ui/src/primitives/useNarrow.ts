import { useLayoutEffect, useState, type RefObject } from 'react';

/**
 * Whether the element is narrower than `below` px, following its size: components switch to their phone layout
 * by their own width (a table beside a wide sidebar is narrow too), not the window's.
 */
export function useNarrow(ref: RefObject<HTMLElement | null>, below: number): boolean {
  const [narrow, setNarrow] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || below <= 0) {
      setNarrow(false);
      return;
    }
    const measure = () => {
      const width = element.getBoundingClientRect().width;
      // Unlaid-out (width 0, e.g. jsdom or hidden) keeps the wide layout.
      setNarrow(width > 0 && width < below);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, below]);
  return narrow;
}
