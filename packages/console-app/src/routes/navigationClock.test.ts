import { afterEach, describe, expect, it, vi } from 'vitest';
import { navigationStartedAt } from './navigationClock.js';

const age = () => performance.now() - navigationStartedAt();

function press(href: string, init: MouseEventInit = {}) {
  const link = document.createElement('a');
  link.href = href;
  link.addEventListener('click', (event) => event.preventDefault());
  document.body.append(link);
  link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
  link.remove();
}

describe('navigationStartedAt', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts from the press of an in-app link, however often it is read, for a second', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    press('/app/reports/overall');
    vi.advanceTimersByTime(120);
    expect(age()).toBe(120);
    expect(age()).toBe(120);
    vi.advanceTimersByTime(900);
    expect(age()).toBe(0);
  });

  it('ignores presses the router does not handle and stale marks', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    vi.advanceTimersByTime(5000); // no earlier mark is fresh
    press('/app/reports/overall', { ctrlKey: true });
    vi.advanceTimersByTime(10);
    expect(age()).toBe(0);
    press('https://example.com/');
    vi.advanceTimersByTime(10);
    expect(age()).toBe(0);
    press('/app/reports/overall');
    vi.advanceTimersByTime(1500);
    expect(age()).toBe(0);
  });

  it('counts from the browser going back or forward', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    window.dispatchEvent(new PopStateEvent('popstate'));
    vi.advanceTimersByTime(40);
    expect(age()).toBe(40);
  });
});
