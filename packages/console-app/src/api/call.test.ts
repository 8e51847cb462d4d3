import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  defineEndpoint,
  meetingsEndpoints,
  preferencesEndpoints,
  searchEndpoints,
  type ScheduleResponse,
} from '@staff/console-contract';
import type { CallError } from '@staff/console-ui';
import { LANGUAGE_STORAGE_KEY } from '../i18n.js';
import { ApiError } from './apiError.js';
import { createCall, requestOf } from './call.js';
import { toCallError } from './errors.js';
import { HttpError } from './http.js';
import { type FakeAnswer, fakeClient } from './testAdapter.js';

afterEach(() => globalThis.localStorage.clear());

function fakeServer(answer: (url: string | undefined) => FakeAnswer) {
  const { client, requests } = fakeClient((config) => answer(config.url));
  return { call: createCall(client), requests };
}

const rejectionOf = async (promise: Promise<unknown>): Promise<ApiError> => {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('the call did not fail');
};

const schedule: ScheduleResponse = {
  from: '2026-11-26T00:00:00+07:00',
  to: '2026-11-27T00:00:00+07:00',
  now: '2026-11-26T09:00:00+07:00',
  rooms: [],
  bookings: [],
};

describe('call(endpoint, input): the request', () => {
  it('builds the URL from the endpoint: path parameters encoded, the query as parameters, the body', () => {
    const file = defineEndpoint({
      method: 'PUT',
      path: '/api/files/:folder/:name',
      tag: 'test',
      summary: 'test',
      permission: 'auth',
      params: z.object({ folder: z.string(), name: z.string() }),
      query: z.object({ overwrite: z.boolean().optional(), version: z.number().optional() }),
      body: z.object({ text: z.string() }),
      response: z.object({ ok: z.boolean() }),
    });
    expect(
      requestOf(file, {
        params: { folder: 'a b', name: 'x/../y?.txt' },
        query: { overwrite: true, version: undefined },
        body: { text: 'hi' },
      }),
    ).toEqual({
      method: 'PUT',
      url: '/api/files/a%20b/x%2F..%2Fy%3F.txt',
      params: { overwrite: true },
      data: { text: 'hi' },
    });
    expect(() => requestOf(file, { params: { folder: 'a' } })).toThrow(
      "PUT /api/files/:folder/:name: the path parameter 'name' is missing",
    );
  });

  it('sends it over the app client: method, path, query and body', async () => {
    const { call, requests } = fakeServer((url) =>
      url === '/api/meetings/bookings/7/cancel'
        ? { status: 200, data: { booking: { ...bookingOf(7), status: 'cancelled' } } }
        : { status: 200, data: schedule },
    );
    const cancelled = await call(meetingsEndpoints.cancel, { params: { id: 7 } });
    expect(cancelled.booking.status).toBe('cancelled');
    await call(meetingsEndpoints.schedule, { query: { from: '2026-11-26', days: 7 } });
    expect(requests.map((r) => [r.method, r.url, r.params as unknown])).toEqual([
      ['post', '/api/meetings/bookings/7/cancel', undefined],
      ['get', '/api/meetings/schedule', { from: '2026-11-26', days: 7 }],
    ]);
  });
});

describe('call(endpoint, input): the answer', () => {
  it('parses the answer with the endpoint schema', async () => {
    const { call } = fakeServer(() => ({ status: 200, data: { language: 'id', theme: 'dark', extra: 1 } }));
    expect(await call(preferencesEndpoints.read)).toEqual({ language: 'id', theme: 'dark' });
  });

  it('a 204 has no body: it answers null', async () => {
    const removed = defineEndpoint({
      method: 'DELETE',
      path: '/api/things/:id',
      tag: 'things',
      summary: 'Delete a thing',
      permission: 'auth',
      params: z.object({ id: z.number() }),
      response: z.null(),
      status: 204,
    });
    const { call } = fakeServer(() => ({ status: 204, data: '' }));
    expect(await call(removed, { params: { id: 1 } })).toBeNull();
  });

  it('a body of the wrong shape is a clear error naming the endpoint and the field, not a cast', async () => {
    const wrong = { ...schedule, bookings: [{ ...bookingOf(3), start_at: 1764122400000 }] };
    const { call } = fakeServer(() => ({ status: 200, data: wrong }));
    const error = await rejectionOf(call(meetingsEndpoints.schedule, { query: { from: '2026-11-26' } }));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.endpoint).toBe('GET /api/meetings/schedule');
    expect(error.message).toMatch(
      /^GET \/api\/meetings\/schedule answered a body that does not fit its schema: bookings\.0\.start_at: /,
    );
  });

  it('a 400 with field errors: status, code, translation key and the fields, in the chosen language', async () => {
    globalThis.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'id');
    const body = {
      message: 'Invalid body',
      code: 'INVALID_INPUT',
      fields: { 'body.theme': ['Theme must be one of: system, light, dark'] },
    };
    const { call } = fakeServer(() => ({ status: 400, data: body }));
    const error = await rejectionOf(call(preferencesEndpoints.save, { body: { theme: 'light' } }));
    expect(error).toMatchObject({ status: 400, code: 'INVALID_INPUT', key: 'errors.INVALID_INPUT' });
    expect(error.endpoint).toBe('PUT /api/me/preferences');
    expect(Object.keys(error.fields!)).toEqual(['body.theme']);
    // Put in Indonesian from the contract's catalogue, as toCallError does.
    expect(error.fields!['body.theme']).not.toEqual(body.fields['body.theme']);
    expect(error.fields!['body.theme']).toEqual(toCallError(refusal(400, body), 'id').fields!['body.theme']);
  });

  it('no answer: no status; an aborted call says so', async () => {
    const down = fakeServer(() => ({ network: true }));
    const error = await rejectionOf(down.call(searchEndpoints.records, { query: { q: 'ayu' } }));
    expect(error.status).toBeUndefined();
    expect(error.message).toBe('Network Error');
    expect(error.aborted).toBe(false);

    const { call } = fakeServer(() => ({ status: 200, data: { q: 'ayu', entities: [], hits: [] } }));
    const controller = new AbortController();
    controller.abort();
    const aborted = await rejectionOf(call(searchEndpoints.records, { query: { q: 'ayu' } }, controller));
    expect(aborted.aborted).toBe(true);
  });

  it('is a CallError where console-ui takes one: status and message read and copied alike', async () => {
    const { call } = fakeServer(() => ({ status: 409, data: { message: 'This already exists' } }));
    const error = await rejectionOf(call(meetingsEndpoints.book, { body: bookingInput() }));
    const asCallError: CallError = error;
    expect([asCallError.status, asCallError.message]).toEqual([409, 'This already exists']);
    // A copy keeps the message (own and enumerable, as on a plain CallError).
    expect({ ...error }).toEqual({
      status: 409,
      message: 'This already exists',
      endpoint: 'POST /api/meetings/bookings',
    });
    expect(error.name).toBe('ApiError');
    expect(toCallError(error)).toBe(error);
  });
});

function bookingOf(id: number) {
  return {
    id,
    room_id: 1,
    title: 'Standup',
    organizer: 'Ayu',
    attendees_count: 3,
    start_at: '2026-11-26T09:00:00+07:00',
    end_at: '2026-11-26T09:30:00+07:00',
    status: 'confirmed',
    notes: '',
    created_at: '2026-11-25T09:00:00+07:00',
  };
}

function bookingInput() {
  const { room_id, title, organizer, attendees_count, start_at, end_at } = bookingOf(1);
  return { room_id, title, organizer, attendees_count, start_at, end_at };
}

/** The error the client rejects with when the server answers `status` with `data`. */
function refusal(status: number, data: unknown) {
  const config = {
    method: 'get',
    url: '/x',
    baseURL: '',
    headers: new Headers(),
    timeout: 0,
    responseType: 'json',
  } as const;
  return new HttpError('failed', 'ERR_BAD_REQUEST', config, { status, data, headers: new Headers(), config });
}
