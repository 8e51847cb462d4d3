import { useCallback, useState } from 'react';

/**
 * The controlled/uncontrolled triplet (`value` / `defaultValue` / `onChange`): when `value` is given the parent
 * owns the state, otherwise it is kept here; `onChange` fires either way.
 */
export function useControllableState<T>(
  value: T | undefined,
  defaultValue: T,
  onChange?: (next: T) => void,
): [T, (next: T) => void] {
  const [inner, setInner] = useState<T>(defaultValue);
  const controlled = value !== undefined;
  const set = useCallback(
    (next: T) => {
      if (!controlled) setInner(next);
      onChange?.(next);
    },
    [controlled, onChange],
  );
  return [controlled ? value : inner, set];
}
