import { composeStories } from '@storybook/react-vite';
import { fn, userEvent } from 'storybook/test';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DateRangePicker, dateRangeFromPreset } from './DateRangePicker.js';
import {
  addDays,
  daysInRange,
  formatDay,
  formatDayRange,
  isIsoDay,
  jakartaDay,
  presetRange,
  previousRange,
} from './jakartaDates.js';
import * as stories from './DateRangePicker.stories.js';

const { Last7Days, Custom } = composeStories(stories);

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('Jakarta days', () => {
  it('reads the calendar day in Asia/Jakarta whatever the machine time zone', () => {
    // 23:30 and 00:30 in Jakarta.
    const lateEvening = new Date('2026-11-23T16:30:00Z');
    const afterMidnight = new Date('2026-11-23T17:30:00Z');
    for (const tz of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Jakarta']) {
      process.env.TZ = tz;
      expect(jakartaDay(lateEvening)).toBe('2026-11-23');
      expect(jakartaDay(afterMidnight)).toBe('2026-11-24');
      expect(presetRange('today', afterMidnight)).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    }
  });

  it('computes every preset', () => {
    const now = new Date('2026-03-01T02:00:00Z'); // 1 Mar 2026, 09:00 in Jakarta
    expect(presetRange('today', now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(presetRange('yesterday', now)).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(presetRange('last7', now)).toEqual({ from: '2026-02-22', to: '2026-02-28' });
    expect(presetRange('last14', now)).toEqual({ from: '2026-02-15', to: '2026-02-28' });
    expect(presetRange('last30', now)).toEqual({ from: '2026-01-30', to: '2026-02-28' });
    expect(presetRange('thisMonth', now)).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(presetRange('lastMonth', now)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('lastMonth', new Date('2026-01-15T00:00:00Z'))).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
  });

  it('day arithmetic, previous period and labels', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(daysInRange('2026-11-01', '2026-11-07')).toBe(7);
    expect(previousRange({ from: '2026-11-01', to: '2026-11-07' })).toEqual({
      from: '2026-10-25',
      to: '2026-10-31',
    });
    expect(previousRange({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
      from: '2026-10-02',
      to: '2026-10-31',
    });
    expect(isIsoDay('2026-02-29')).toBe(false);
    expect(isIsoDay('2024-02-29')).toBe(true);
    expect(formatDayRange({ from: '2026-11-05', to: '2026-11-05' })).toBe('5 Nov 2026');
    expect(formatDay('2026-10-28')).toBe('28 Okt 2026');
    expect(formatDay('2026-10-28', { year: false })).toBe('28 Okt');
    expect(formatDayRange({ from: '2025-12-30', to: '2026-01-02' })).toBe('30 Des 2025 – 2 Jan 2026');
  });
});

describe('DateRangePicker', () => {
  it('lists the presets in Indonesian and reports the chosen one', async () => {
    const user = userEvent.setup();
    const onValueChange = fn();
    render(<Last7Days onValueChange={onValueChange} />);
    const select = screen.getByRole('combobox', { name: 'Periode: preset' });
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Hari ini',
      'Kemarin',
      '7 hari terakhir',
      '14 hari terakhir',
      '30 hari terakhir',
      'Bulan ini',
      'Bulan lalu',
      'Custom',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('17–23 Nov 2026');
    await user.selectOptions(select, 'Kemarin');
    expect(onValueChange).toHaveBeenLastCalledWith({
      preset: 'yesterday',
      from: '2026-11-23',
      to: '2026-11-23',
    });
  });

  it('takes custom days, refusing a reversed range and days after today', async () => {
    const user = userEvent.setup();
    const onValueChange = fn();
    render(<Custom onValueChange={onValueChange} />);
    const to = screen.getByLabelText('Sampai');
    await user.clear(to);
    await user.type(to, '2026-10-20');
    expect(screen.getByRole('alert')).toHaveTextContent('The first day must not be after the last day.');
    expect(onValueChange).not.toHaveBeenCalled();
    await user.clear(to);
    await user.type(to, '2026-11-30');
    expect(screen.getByRole('alert')).toHaveTextContent('The last day must not be after 24 Nov 2026.');
    await user.clear(to);
    await user.type(to, '2026-11-10');
    expect(onValueChange).toHaveBeenLastCalledWith({
      preset: 'custom',
      from: '2026-10-28',
      to: '2026-11-10',
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('switches to custom from a preset, keeping the days', async () => {
    const user = userEvent.setup();
    const now = new Date('2026-11-23T05:00:00Z');
    render(<DateRangePicker now={now} defaultValue={dateRangeFromPreset('thisMonth', now)} />);
    await user.selectOptions(screen.getByRole('combobox'), 'Custom');
    expect(screen.getByLabelText('Dari')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('Sampai')).toHaveValue('2026-11-23');
  });
});
