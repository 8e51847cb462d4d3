import { describe, expect, it } from 'vitest';
import { problemActionBetween, problemSlaBreached, problemSlaDue, problemSlaHours } from './problems.js';

/** The due time as a Jakarta wall clock, whatever the machine's zone. */
const jakarta = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Jakarta',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);

describe('problem SLA clock', () => {
  it('takes the sub category hours for a medium problem and scales them by priority', () => {
    expect(problemSlaHours(24, 'medium')).toBe(24);
    expect(problemSlaHours(24, 'urgent')).toBe(6);
    expect(problemSlaHours(24, 'high')).toBe(12);
    expect(problemSlaHours(24, 'low')).toBe(48);
    expect(problemSlaHours(1, 'urgent')).toBe(1); // never below an hour
    expect(problemSlaHours(3, 'high')).toBe(2); // whole hours, rounded up
    expect(problemSlaHours(null, 'urgent')).toBe(4);
    expect(problemSlaHours(undefined, 'low')).toBe(72);
  });

  it('counts real hours across the Jakarta midnight', () => {
    const opened = new Date('2026-11-23T16:30:00Z'); // 23:30 on 23 Nov in Jakarta
    expect(jakarta(opened)).toBe('23/11/2026, 23:30');
    expect(jakarta(problemSlaDue(opened, 6))).toBe('24/11/2026, 05:30');
    expect(jakarta(problemSlaDue(opened, 72))).toBe('26/11/2026, 23:30');
  });

  it('is breached after the due time while unresolved, and when resolved late', () => {
    const due = '2026-11-24T04:30:00.000Z';
    const at = (iso: string) => new Date(iso);
    expect(problemSlaBreached({ status: 'open', sla_due_at: due, resolved_at: null }, at(due))).toBe(false);
    expect(
      problemSlaBreached(
        { status: 'in_progress', sla_due_at: due, resolved_at: null },
        at('2026-11-24T04:31:00Z'),
      ),
    ).toBe(true);
    const resolved = { status: 'resolved' as const, sla_due_at: due };
    expect(
      problemSlaBreached({ ...resolved, resolved_at: '2026-11-24T04:00:00Z' }, at('2027-01-01T00:00:00Z')),
    ).toBe(false);
    expect(
      problemSlaBreached({ ...resolved, resolved_at: '2026-11-24T05:00:00Z' }, at('2026-11-24T05:00:00Z')),
    ).toBe(true);
  });

  it('names the action between two statuses', () => {
    expect(problemActionBetween('open', 'in_progress')).toBe('start');
    expect(problemActionBetween('in_progress', 'resolved')).toBe('resolve');
    expect(problemActionBetween('closed', 'open')).toBe('reopen');
    expect(problemActionBetween('open', 'closed')).toBeNull();
  });
});
