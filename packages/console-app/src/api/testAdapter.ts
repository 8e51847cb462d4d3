import { createApiClient } from './client.js';
import { type ApiResponse, type RequestConfig, type Transport, noAnswer } from './http.js';

/** One answer of the fake server; `network: true` fails without a response (server down). */
export type FakeAnswer = { status: number; data?: unknown } | { network: true };

/** A request as the fake server sees it: `method` lower-case, `url` the path, `data` the body as sent (JSON text). */
export type FakeRequest = RequestConfig;

/**
 * A transport for the app client (`createApiClient({ adapter })`, `createConsoleServices({ adapter })`) that
 * records requests and answers from a handler, so client tests run without a network. A handler's promise that
 * never settles is a request still in flight (the caller's abort still ends it).
 */
export function fakeAdapter(handler: (config: FakeRequest) => FakeAnswer | Promise<FakeAnswer>) {
  const requests: FakeRequest[] = [];
  const adapter: Transport = async (config) => {
    requests.push(config);
    const answer = await handler(config);
    if ('network' in answer) throw noAnswer(config);
    const response: ApiResponse = {
      data: answer.data,
      status: answer.status,
      headers: new Headers(),
      config,
    };
    return response;
  };
  return { adapter, requests };
}

/** The app's client over a fake server, signed out (no token, a 401 ends nothing). */
export function fakeClient(handler: (config: FakeRequest) => FakeAnswer | Promise<FakeAnswer>) {
  const { adapter, requests } = fakeAdapter(handler);
  return {
    client: createApiClient({ adapter, getToken: () => null, onUnauthorized: () => undefined }),
    requests,
  };
}

/**
 * The server's 400 for a body that does not pass its schema (`Invalid body`, `INVALID_INPUT`), naming each field
 * by its body path: `invalidBody({ 'schedule.time': ['Not a time we run at'] })` answers
 * `fields: { 'body.schedule.time': [...] }`, as the server's input parsing does.
 */
export function invalidBody(fields: Record<string, string[]>): FakeAnswer {
  return {
    status: 400,
    data: {
      message: 'Invalid body',
      code: 'INVALID_INPUT',
      fields: Object.fromEntries(
        Object.entries(fields).map(([path, messages]) => [`body.${path}`, messages]),
      ),
    },
  };
}
