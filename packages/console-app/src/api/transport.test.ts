import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from './apiError.js';
import { createApiClient } from './client.js';
import type { RequestConfig } from './http.js';
import { browserTransport } from './transport.js';

/** The browser transport (fetch; XHR for an upload with progress) against a real HTTP server on loopback. */
let baseURL = '';
/** Requests the server holds without answering (the time-out and abort cases), ended when the server closes. */
const held: ServerResponse[] = [];
let heldArrived: () => void = () => undefined;
/** Requests that reached `/never` (those sent with a signal aborted beforehand must not). */
let neverArrivals = 0;

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function answer(response: ServerResponse, status: number, body: string, type = 'application/json') {
  response.writeHead(status, { 'content-type': type });
  response.end(body);
}

const server = createServer((request, response) => {
  // jsdom's XMLHttpRequest is a cross-origin caller (its page is http://localhost:3000).
  response.setHeader('access-control-allow-origin', '*');
  response.setHeader('access-control-allow-headers', '*');
  response.setHeader('access-control-allow-methods', '*');
  if (request.method === 'OPTIONS') return void response.writeHead(204).end();
  const url = new URL(request.url!, 'http://x');
  void bodyOf(request).then((body) => {
    switch (url.pathname) {
      case '/echo':
        return answer(
          response,
          200,
          JSON.stringify({
            method: request.method,
            query: [...url.searchParams],
            authorization: request.headers.authorization ?? null,
            type: request.headers['content-type'] ?? null,
            body: body.toString(),
          }),
        );
      case '/text':
        return answer(response, 200, 'not { json', 'text/plain');
      case '/file':
        return answer(response, 200, 'Customer,Name\n7,Ayu\n', 'text/csv');
      case '/empty':
        return void response.writeHead(204).end();
      case '/refuse':
        return answer(
          response,
          400,
          JSON.stringify({ message: 'Invalid query', code: 'INVALID_INPUT', fields: { 'query.ids': ['x'] } }),
        );
      case '/proxy-page':
        return answer(response, 502, '<html>Bad gateway</html>', 'text/html');
      case '/never':
        neverArrivals += 1;
        return answer(response, 200, '{}');
      case '/hold':
        held.push(response);
        return heldArrived();
      default:
        return answer(response, 404, JSON.stringify({ message: `no ${url.pathname}` }));
    }
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const response of held) response.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const client = (token: string | null = 'tok') =>
  createApiClient({ baseURL, getToken: () => token, onUnauthorized: vi.fn() });

const failureOf = async (promise: Promise<unknown>): Promise<ApiError> =>
  promise.then(
    () => {
      throw new Error('the request did not fail');
    },
    (error: unknown) => ApiError.from(error, undefined, 'en'),
  );

/** Resolves once the server holds one more request. */
const nextHeld = () => new Promise<void>((resolve) => (heldArrived = resolve));

describe('the browser transport', () => {
  it('sends the method, the query (arrays repeated, undefined left out), the bearer token and a JSON body', async () => {
    const { data, status } = await client().post<{
      method: string;
      query: [string, string][];
      authorization: string;
      type: string;
      body: string;
    }>(
      '/echo?fixed=1',
      { name: 'Nadia', tags: ['a'] },
      {
        params: {
          ids: [3, 4],
          q: 'a b',
          skipped: undefined,
          none: null,
          on: true,
          day: new Date(Date.UTC(2026, 10, 30)),
        },
      },
    );
    expect(status).toBe(200);
    expect(data).toEqual({
      method: 'POST',
      query: [
        ['fixed', '1'],
        ['ids', '3'],
        ['ids', '4'],
        ['q', 'a b'],
        ['on', 'true'],
        ['day', '2026-11-30T00:00:00.000Z'],
      ],
      authorization: 'Bearer tok',
      type: 'application/json',
      body: JSON.stringify({ name: 'Nadia', tags: ['a'] }),
    });
  });

  it('sends no body and no content type when there is none, and no Authorization when signed out', async () => {
    const { data } = await client(null).post<{ type: null; body: string; authorization: null }>('/echo');
    expect(data).toMatchObject({ type: null, body: '', authorization: null });
  });

  it('reads the answer as asked: JSON, text that is not JSON, a Blob, a 204 as empty', async () => {
    expect((await client().get('/text')).data).toBe('not { json');
    expect((await client().get('/text', { responseType: 'text' })).data).toBe('not { json');
    const file = (await client().get<Blob>('/file', { responseType: 'blob' })).data;
    // Node's fetch answers its own Blob (not jsdom's): read by what it holds.
    expect(file.type).toBe('text/csv');
    expect(await file.text()).toBe('Customer,Name\n7,Ayu\n');
    expect(await client().delete('/empty')).toMatchObject({ status: 204, data: '' });
  });

  it("rejects a refusal with the server's JSON, a Blob request's too; a proxy's page by its status", async () => {
    const refusal = {
      status: 400,
      code: 'INVALID_INPUT',
      message: 'Invalid query',
      fields: { 'query.ids': ['x'] },
    };
    expect(await failureOf(client().get('/refuse'))).toMatchObject(refusal);
    expect(await failureOf(client().get('/refuse', { responseType: 'blob' }))).toMatchObject(refusal);
    expect(await failureOf(client().get('/proxy-page'))).toMatchObject({
      status: 502,
      message: 'Request failed with status code 502',
    });
  });

  it('no answer: the network, the time limit, the caller aborting', async () => {
    const closed = createApiClient({
      baseURL: 'http://127.0.0.1:1',
      getToken: () => null,
      onUnauthorized: vi.fn(),
    });
    const down = await failureOf(closed.get('/echo'));
    expect(down).toMatchObject({ message: 'Network Error' });
    expect(down.status).toBeUndefined();

    const late = await failureOf(client().get('/hold', { timeout: 200 }));
    expect(late.message).toBe('timeout of 200ms exceeded');
    expect(late.status).toBeUndefined();

    const controller = new AbortController();
    const arrived = nextHeld();
    const pending = failureOf(client().get('/hold', { signal: controller.signal, timeout: 0 }));
    await arrived;
    controller.abort();
    expect((await pending).aborted).toBe(true);
  });

  it('sends nothing when the signal was aborted before the call: fetch and XHR reject as aborted', async () => {
    // The transport itself (the client checks too, but a transport is also handed configs directly).
    const config = (extra: Partial<RequestConfig> = {}): RequestConfig => ({
      method: 'post',
      url: '/never',
      baseURL,
      headers: new Headers({ 'Content-Type': 'text/plain' }),
      data: 'x',
      signal: AbortSignal.abort(),
      timeout: 0,
      responseType: 'json',
      ...extra,
    });
    const viaFetch = await failureOf(browserTransport(config()));
    const viaXhr = await failureOf(browserTransport(config({ onUploadProgress: vi.fn() })));
    expect(viaFetch.aborted).toBe(true);
    expect(viaXhr.aborted).toBe(true);
    // The same requests with a live signal do arrive: the count is the server's.
    const live = new AbortController().signal;
    expect((await browserTransport(config({ signal: live }))).status).toBe(200);
    expect((await browserTransport(config({ signal: live, onUploadProgress: vi.fn() }))).status).toBe(200);
    expect(neverArrivals).toBe(2);
  });

  it('uploads a file over XHR when the caller follows the progress, with the same token and refusals', async () => {
    const file = new Blob(['Nama kampanye;Hari\n'.repeat(2000)], { type: 'text/csv' });
    const progress = vi.fn();
    const { data } = await client().post<{
      method: string;
      type: string;
      body: string;
      authorization: string;
    }>('/echo', file, { headers: { 'Content-Type': 'text/csv' }, onUploadProgress: progress });
    expect(data).toMatchObject({ method: 'POST', type: 'text/csv', authorization: 'Bearer tok' });
    expect(data.body).toHaveLength(file.size);
    expect(progress).toHaveBeenLastCalledWith({ loaded: file.size, total: file.size });
    const refused = await failureOf(client().post('/refuse', file, { onUploadProgress: progress }));
    expect(refused).toMatchObject({ status: 400, code: 'INVALID_INPUT', fields: { 'query.ids': ['x'] } });
  });
});
