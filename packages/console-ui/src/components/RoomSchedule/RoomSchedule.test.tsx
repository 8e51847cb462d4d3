import { composeStories } from '@storybook/react-vite';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { roomAvailability } from './availability.js';
import * as stories from './RoomSchedule.stories.js';

const { Day, Week, Loading, Empty, ErrorState } = composeStories(stories);
const wib = (hhmm: string) => new Date(`2024-05-01T${hhmm}:00+07:00`);

describe('RoomSchedule', () => {
  it('says per room whether it is free now or busy until when, joining back-to-back bookings', () => {
    render(<Day />);
    const [merapi, bromo, rinjani] = screen.getAllByRole('listitem');
    expect(merapi).toHaveTextContent('Busy until 17:30');
    expect(bromo).toHaveTextContent('Free now');
    expect(rinjani).toHaveTextContent('Free now');
    expect(
      within(merapi!).getByRole('button', { name: 'Review iklan 16:00–17:00 by Sari' }),
    ).toBeInTheDocument();
  });

  it('lists each room by day in the week view', () => {
    render(<Week />);
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(rows[3]!).getAllByRole('cell')[2]).toHaveTextContent('10:00 Town hall until 12:00 by Andi');
  });

  it('has loading, empty and error states', () => {
    const a = render(<Loading />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    a.unmount();
    const b = render(<Empty />);
    expect(document.querySelector('.cui-room-schedule')).toHaveAttribute('data-state', 'empty');
    b.unmount();
    render(<ErrorState />);
    expect(screen.getByRole('alert')).toHaveTextContent('could not be loaded');
  });

  it('computes availability without a DOM, ignoring cancelled bookings', () => {
    const list = [
      {
        id: 1,
        room_id: 1,
        title: 'a',
        organizer: 'x',
        start_at: wib('10:00').toISOString(),
        end_at: wib('11:00').toISOString(),
      },
      {
        id: 2,
        room_id: 1,
        title: 'b',
        organizer: 'x',
        start_at: wib('11:00').toISOString(),
        end_at: wib('12:00').toISOString(),
        status: 'cancelled' as const,
      },
    ];
    expect(roomAvailability(list, 1, wib('10:30'))).toEqual({ state: 'busy', until: wib('11:00') });
    expect(roomAvailability(list, 1, wib('09:00'))).toEqual({ state: 'free', nextAt: wib('10:00') });
    expect(roomAvailability(list, 1, wib('11:00'))).toEqual({ state: 'free', nextAt: null });
  });
});
