import type { AxiosInstance } from 'axios';
import {
  meetingsEndpoints,
  type CreateBooking,
  type RoomBooking,
  type ScheduleResponse,
} from '@staff/console-contract';
import type { ApiError } from './apiError.js';
import { createCall } from './call.js';

/** A refused booking: the server's message (a 409 names the booking in the way) and its field errors. */
export type BookingError = ApiError;

/** The Meeting Rooms Dashboard's calls (the contract's `meetingsEndpoints`); failures are ApiErrors. */
export function createMeetingsApi(client: AxiosInstance) {
  const call = createCall(client);
  return {
    schedule: (from: string, days: number, signal?: AbortSignal): Promise<ScheduleResponse> =>
      call(meetingsEndpoints.schedule, { query: { from, days } }, signal ? { signal } : {}),
    book: async (booking: CreateBooking): Promise<RoomBooking> =>
      (await call(meetingsEndpoints.book, { body: booking })).booking,
    change: async (id: number, action: 'cancel' | 'confirm'): Promise<RoomBooking> =>
      (await call(meetingsEndpoints[action], { params: { id } })).booking,
  };
}

export type MeetingsApi = ReturnType<typeof createMeetingsApi>;
