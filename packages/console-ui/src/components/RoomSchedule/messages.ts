// The default texts, apart from the component: the console's language sets import them without the component's code.
/** Every visible string of RoomSchedule (key `roomSchedule` in `ConsoleMessagesProvider`); times come formatted. */
export interface RoomScheduleMessages {
  loading: string;
  empty: string;
  rooms: string;
  room: string;
  seats: (capacity: number) => string;
  freeNow: string;
  busyUntil: (time: string) => string;
  free: string;
  book: (room: string, time: string) => string;
  /** Who booked it, read after the title; `pending` while it waits for approval. */
  by: (organizer: string, pending: boolean) => string;
  until: (time: string) => string;
  weekCaption: (first: string, last: string) => string;
}

export const ROOM_SCHEDULE_MESSAGES: RoomScheduleMessages = {
  loading: "Loading the rooms' schedule…",
  empty: 'No bookable rooms yet: add rooms (active) in the Meeting Rooms master data.',
  rooms: 'Rooms',
  room: 'Room',
  seats: (capacity) => `${capacity} seats`,
  freeNow: 'Free now',
  busyUntil: (time) => `Busy until ${time}`,
  free: 'Free',
  book: (room, time) => `Book ${room} at ${time}`,
  by: (organizer, pending) => `by ${organizer}${pending ? ' (waiting for approval)' : ''}`,
  until: (time) => `until ${time}`,
  weekCaption: (first, last) => `Bookings from ${first} to ${last}`,
};
