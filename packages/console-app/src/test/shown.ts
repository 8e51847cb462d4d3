import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits until an element found by text is shown to the user. Text queries also find a page still rendered under
 * the page guard's cover (invisible and inert until the check answers), where role queries do not.
 * @example
 * await shown(screen.findByText('No page visits recorded yet.'));
 */
export async function shown<T extends HTMLElement>(found: Promise<T> | T): Promise<T> {
  const element = await found;
  await waitFor(() => expect(element).toBeVisible());
  return element;
}
