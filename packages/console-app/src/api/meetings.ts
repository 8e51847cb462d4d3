import axios, { type AxiosInstance } from 'axios';
import type { CreateBooking, RoomBooking, ScheduleResponse } from '@staff/console-contract';
import { toCallError } from './errors.js';

/** A refused booking: the server's message (a 409 names the booking in the way) and its field errors. */
export interface BookingError {
  status?: number;
  message: string;
  fields: Record<string, string[]>;
}

function bookingError(error: unknown): BookingError {
  const call = toCallError(error);
  const body: unknown = axios.isAxiosError(error) ? error.response?.data : undefined;
  const fields =
    body && typeof body === 'object' && 'fields' in body && body.fields && typeof body.fields === 'object'
      ? (body.fields as Record<string, string[]>)
      : {};
  return {
    ...(call.status !== undefined ? { status: call.status } : {}),
    message: call.message ?? '',
    fields,
  };
}

/** The Meeting Rooms Dashboard's calls (`/api/meetings/…`). */
export function createMeetingsApi(client: AxiosInstance) {
  return {
    schedule: async (from: string, days: number, signal?: AbortSignal): Promise<ScheduleResponse> => {
      try {
        return (
          await client.get<ScheduleResponse>('/api/meetings/schedule', {
            params: { from, days },
            ...(signal ? { signal } : {}),
          })
        ).data;
      } catch (error) {
        throw toCallError(error);
      }
    },
    book: async (booking: CreateBooking): Promise<RoomBooking> => {
      try {
        return (await client.post<{ booking: RoomBooking }>('/api/meetings/bookings', booking)).data.booking;
      } catch (error) {
        throw bookingError(error);
      }
    },
    change: async (id: number, action: 'cancel' | 'confirm'): Promise<RoomBooking> => {
      try {
        return (await client.post<{ booking: RoomBooking }>(`/api/meetings/bookings/${id}/${action}`)).data
          .booking;
      } catch (error) {
        throw bookingError(error);
      }
    },
  };
}

export type MeetingsApi = ReturnType<typeof createMeetingsApi>;
