import { defineTexts } from '../../i18n.js';

/** Meeting Rooms Dashboard's own texts (its title is the spec's; the schedule itself is console-ui's RoomSchedule). */
export const MEETINGS_TEXTS = defineTexts({
  unreachable: ['The server could not be reached.', 'Server tidak dapat dihubungi.'],
  notLoaded: [
    (reason: string) => `The schedule could not be loaded: ${reason}.`,
    (reason: string) => `Jadwal tidak dapat dimuat: ${reason}.`,
  ],
  status: [(status: number) => `status ${status}`, (status: number) => `status ${status}`],
  booked: [
    (title: string, start: string, end: string) => `Booked “${title}” ${start}–${end}.`,
    (title: string, start: string, end: string) => `“${title}” dipesan ${start}–${end}.`,
  ],
  cancelled: [
    (title: string) => `Booking “${title}” cancelled.`,
    (title: string) => `Pemesanan “${title}” dibatalkan.`,
  ],
  description: [
    'Rooms from the Meeting Rooms master data; times in Asia/Jakarta (WIB).',
    'Ruangan dari master data Meeting Rooms; waktu dalam Asia/Jakarta (WIB).',
  ],
  bookRoom: ['Book a room', 'Pesan ruangan'],
  schedule: ['Schedule', 'Jadwal'],
  view: ['View', 'Tampilan'],
  day: ['Day', 'Hari'],
  week: ['Week', 'Minggu'],
  date: ['Date', 'Tanggal'],
  previousDay: ['Previous day', 'Hari sebelumnya'],
  previousWeek: ['Previous week', 'Minggu sebelumnya'],
  today: ['Today', 'Hari ini'],
  nextDay: ['Next day', 'Hari berikutnya'],
  nextWeek: ['Next week', 'Minggu berikutnya'],
  weekOf: [(day: string) => `Week of ${day}`, (day: string) => `Minggu mulai ${day}`],
  form: {
    room: ['Room', 'Ruangan'],
    seats: [
      (name: string, seats: number) => `${name} (${seats} seats)`,
      (name: string, seats: number) => `${name} (${seats} kursi)`,
    ],
    title: ['Title', 'Judul'],
    organizer: ['Organizer', 'Penyelenggara'],
    attendees: ['Attendees', 'Peserta'],
    day: ['Day', 'Tanggal'],
    start: ['Start', 'Mulai'],
    end: ['End', 'Selesai'],
    notes: ['Notes', 'Catatan'],
    booking: ['Booking…', 'Memesan…'],
    book: ['Book', 'Pesan'],
    close: ['Close', 'Tutup'],
  },
  booking: {
    fallbackTitle: ['Booking', 'Pemesanan'],
    room: ['Room', 'Ruangan'],
    attendees: ['attendees', 'peserta'],
    pending: [' · waiting for approval', ' · menunggu persetujuan'],
    readOnly: [
      ' (read-only: you may not cancel bookings)',
      ' (hanya baca: Anda tidak dapat membatalkan pemesanan)',
    ],
    cancel: ['Cancel booking', 'Batalkan pemesanan'],
    keep: ['Keep', 'Biarkan'],
    close: ['Close', 'Tutup'],
    cancelling: ['Cancelling…', 'Membatalkan…'],
  },
});
