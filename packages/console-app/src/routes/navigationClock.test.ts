import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigationAge } from './navigationClock.js';

function press(href: string, init: MouseEventInit = {}) {
  const link = document.createElement('a');
  link.href = href;
  link.addEventListener('click', (event) => event.preventDefault());
  document.body.append(link);
  link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
  link.remove();
}

describe('navigationAge', () => {
  afterEach(() => {
    navigationAge();
    vi.useRealTimers();
  });

  it('counts from the press of an in-app link, once', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    press('/app/reports/overall');
    vi.advanceTimersByTime(120);
    expect(navigationAge()).toBe(120);
    expect(navigationAge()).toBe(0);
  });

  it('ignores presses the router does not handle and stale marks', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    press('/app/reports/overall', { ctrlKey: true });
    expect(navigationAge()).toBe(0);
    press('https://example.com/');
    expect(navigationAge()).toBe(0);
    press('/app/reports/overall');
    vi.advanceTimersByTime(1500);
    expect(navigationAge()).toBe(0);
  });

  it('counts from the browser going back or forward', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    window.dispatchEvent(new PopStateEvent('popstate'));
    vi.advanceTimersByTime(40);
    expect(navigationAge()).toBe(40);
  });
});
