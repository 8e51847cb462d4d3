import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { RoomSchedule } from './RoomSchedule.js';
import type { ScheduleBooking, ScheduleRoom } from './availability.js';
import { messagesIn } from '../../../../../.storybook/messages.js';

/** 1 May 2024 in Asia/Jakarta (UTC+7): the day starts at 17:00Z the evening before. */
const FROM = '2024-04-30T17:00:00.000Z';
const wib = (day: number, hhmm: string) =>
  new Date(`2024-05-${String(day).padStart(2, '0')}T${hhmm}:00+07:00`).toISOString();

const rooms: ScheduleRoom[] = [
  { id: 1, name: 'Merapi', capacity: 8, location: 'Lantai 3' },
  { id: 2, name: 'Bromo', capacity: 4, location: 'Lantai 2' },
  { id: 3, name: 'Rinjani', capacity: 20 },
];

const bookings: ScheduleBooking[] = [
  {
    id: 11,
    room_id: 1,
    title: 'Weekly sync',
    organizer: 'Budi',
    start_at: wib(1, '09:00'),
    end_at: wib(1, '10:30'),
  },
  {
    id: 12,
    room_id: 1,
    title: 'Review iklan',
    organizer: 'Sari',
    start_at: wib(1, '16:00'),
    end_at: wib(1, '17:00'),
  },
  {
    id: 13,
    room_id: 1,
    title: 'Follow-up',
    organizer: 'Sari',
    start_at: wib(1, '17:00'),
    end_at: wib(1, '17:30'),
  },
  {
    id: 14,
    room_id: 2,
    title: 'Interview',
    organizer: 'Dewi',
    start_at: wib(1, '13:00'),
    end_at: wib(1, '14:00'),
    status: 'pending',
  },
  {
    id: 15,
    room_id: 3,
    title: 'Town hall',
    organizer: 'Andi',
    start_at: wib(3, '10:00'),
    end_at: wib(3, '12:00'),
  },
  {
    id: 16,
    room_id: 2,
    title: 'Cancelled',
    organizer: 'X',
    start_at: wib(1, '16:00'),
    end_at: wib(1, '17:00'),
    status: 'cancelled',
  },
];

const meta = {
  title: 'General Affairs/RoomSchedule',
  component: RoomSchedule,
  args: {
    rooms,
    bookings,
    from: FROM,
    view: 'day',
    // 16:30 in Jakarta: Merapi busy until 17:30 (back-to-back), Bromo and Rinjani free.
    now: wib(1, '16:30'),
    onBookingSelect: fn(),
    onSlotSelect: fn(),
  },
} satisfies Meta<typeof RoomSchedule>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Today's timeline per room, "free now / busy until" and the now line. */
export const Day: Story = {
  play: async ({ canvasElement, args, globals }) => {
    const canvas = within(canvasElement);
    const items = canvas.getAllByRole('listitem');
    await expect(items[0]).toHaveTextContent(messagesIn({ globals }, 'roomSchedule').busyUntil('17:30'));
    await expect(items[1]).toHaveTextContent(messagesIn({ globals }, 'roomSchedule').freeNow);
    await userEvent.click(
      canvas.getByRole('button', {
        name: `Weekly sync 09:00–10:30 ${messagesIn({ globals }, 'roomSchedule').by('Budi', false)}`,
      }),
    );
    await expect(args.onBookingSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 11 }));
    await userEvent.click(
      canvas.getByRole('button', { name: messagesIn({ globals }, 'roomSchedule').book('Rinjani', '08:00') }),
    );
    await expect(args.onSlotSelect).toHaveBeenCalledWith(rooms[2], wib(1, '08:00'));
    // Cancelled bookings are not drawn.
    await expect(canvas.queryByRole('button', { name: /Cancelled/ })).toBeNull();
  },
};

/** A booking waiting for approval is drawn dashed and says so. */
export const Pending: Story = {
  play: async ({ canvasElement, globals }) => {
    const pending = within(canvasElement).getByRole('button', {
      name: `Interview 13:00–14:00 ${messagesIn({ globals }, 'roomSchedule').by('Dewi', true)}`,
    });
    await expect(pending).toHaveAttribute('data-status', 'pending');
  },
};

/** Read-only: no hour buttons, bookings shown but not actionable. */
export const ReadOnly: Story = {
  args: { onSlotSelect: undefined, onBookingSelect: undefined },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.queryByRole('button', {
        name: new RegExp(
          `^${messagesIn({ globals }, 'roomSchedule').book('Rinjani', '08:00').split('Rinjani')[0]}`,
        ),
      }),
    ).toBeNull();
    await expect(canvas.getByRole('button', { name: /Weekly sync/ })).toBeDisabled();
  },
};

/** Seven days side by side, one row per room. */
export const Week: Story = {
  args: { view: 'week' },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('columnheader')).toHaveLength(8);
    await expect(canvas.getByRole('columnheader', { name: 'Fri 3 May' })).toBeInTheDocument();
    await expect(
      canvas.getByRole('button', {
        name: `10:00 Town hall ${messagesIn({ globals }, 'roomSchedule').until('12:00')} ${messagesIn({ globals }, 'roomSchedule').by('Andi', false)}`,
      }),
    ).toBeInTheDocument();
  },
};

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent(
      messagesIn({ globals }, 'roomSchedule').loading,
    );
  },
};

/** No rooms in the master data. */
export const Empty: Story = {
  args: { rooms: [], bookings: [] },
  play: async ({ canvasElement, globals }) => {
    await expect(canvasElement).toHaveTextContent(messagesIn({ globals }, 'roomSchedule').empty);
  },
};

export const ErrorState: Story = {
  args: { error: 'The schedule could not be loaded.' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'The schedule could not be loaded.',
    );
  },
};

/** On a phone the timeline scrolls sideways, the room names stay readable. */
export const Phone: Story = {
  render: (args) => (
    <div style={{ width: 375 }}>
      <RoomSchedule {...args} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('listitem')).toHaveLength(3);
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};

/** Every state side by side, for visual review. */
export const AllStates: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: 12, width: 900 }}>
      <RoomSchedule {...args} />
      <RoomSchedule {...args} view="week" />
      <RoomSchedule {...args} loading />
      <RoomSchedule {...args} rooms={[]} bookings={[]} />
      <RoomSchedule {...args} error="The schedule could not be loaded." />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('could not be loaded');
  },
};

const ROOM_SCHEDULE_INDONESIAN = {
  rooms: 'Ruangan',
  room: 'Ruangan',
  seats: (capacity: number) => `${capacity} kursi`,
  freeNow: 'Kosong sekarang',
  busyUntil: (time: string) => `Terpakai sampai ${time}`,
  free: 'Kosong',
  book: (room: string, time: string) => `Pesan ${room} pukul ${time}`,
  by: (organizer: string, pending: boolean) => `oleh ${organizer}${pending ? ' (menunggu persetujuan)' : ''}`,
  until: (time: string) => `sampai ${time}`,
  weekCaption: (first: string, last: string) => `Pemesanan ${first} sampai ${last}`,
};

/** Every string replaced, here in Indonesian, through `messages` (key `roomSchedule` in the provider). */
export const Messages: Story = {
  args: { messages: ROOM_SCHEDULE_INDONESIAN },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list', { name: 'Ruangan' })).toBeInTheDocument();
    await expect(canvas.getByText('Terpakai sampai 17:30')).toBeInTheDocument();
    await expect(canvas.getAllByText('Kosong sekarang')).toHaveLength(2);
    await expect(canvas.getByRole('button', { name: 'Pesan Bromo pukul 07:00' })).toBeInTheDocument();
  },
};

/** The week grid with the replaced strings. */
export const MessagesWeek: Story = {
  args: { view: 'week', messages: ROOM_SCHEDULE_INDONESIAN },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('columnheader', { name: 'Ruangan' })).toBeInTheDocument();
    await expect(canvas.getAllByText('Kosong').length).toBeGreaterThan(0);
  },
};
