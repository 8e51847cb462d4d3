import { afterEach, describe, expect, it } from 'vitest';
import { delaysFor } from './delays.js';

afterEach(() => {
  delete window.__CONSOLE_DELAYS__;
});

describe('delaysFor', () => {
  it('keeps every spec delay when nothing is set (production)', () => {
    expect(delaysFor('PAGE_GUARD_DELAY')).toBeUndefined();
    expect(delaysFor('LOGIN_SUCCESS_HOLD', 'START_REDIRECT')).toBeUndefined();
  });

  it('hands each machine only its own delays, and only finite non-negative numbers', () => {
    window.__CONSOLE_DELAYS__ = {
      PAGE_GUARD_DELAY: 40,
      LOGIN_SUCCESS_HOLD: -1,
      START_REDIRECT: Number.NaN,
      REFRESH_SPINNER: '5' as unknown as number,
    };
    expect(delaysFor('PAGE_GUARD_DELAY')).toEqual({ PAGE_GUARD_DELAY: 40 });
    expect(delaysFor('LOGIN_SUCCESS_HOLD')).toBeUndefined();
    expect(delaysFor('START_REDIRECT', 'REFRESH_SPINNER')).toBeUndefined();
  });

  it('gives the same object for the same overrides, so a machine built from it is not rebuilt per render', () => {
    window.__CONSOLE_DELAYS__ = { START_REDIRECT: 0 };
    const first = delaysFor('START_REDIRECT');
    expect(first).toEqual({ START_REDIRECT: 0 });
    expect(delaysFor('START_REDIRECT')).toBe(first);
    window.__CONSOLE_DELAYS__ = { START_REDIRECT: 10 };
    expect(delaysFor('START_REDIRECT')).toEqual({ START_REDIRECT: 10 });
  });
});
