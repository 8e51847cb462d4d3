import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';

/** One answer of the fake HTTP adapter; `network: true` fails without a response (server down). */
export type FakeAnswer = { status: number; data?: unknown } | { network: true };

/**
 * An axios adapter that records requests and answers from a handler, so client tests run without a network.
 */
export function fakeAdapter(
  handler: (config: InternalAxiosRequestConfig) => FakeAnswer | Promise<FakeAnswer>,
) {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const answer = await handler(config);
    if ('network' in answer) throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    const response: AxiosResponse = {
      data: answer.data,
      status: answer.status,
      statusText: String(answer.status),
      headers: new AxiosHeaders(),
      config,
    };
    const validate = config.validateStatus ?? ((s: number) => s >= 200 && s < 300);
    if (!validate(answer.status)) {
      throw new AxiosError(
        `Request failed with status code ${answer.status}`,
        AxiosError.ERR_BAD_REQUEST,
        config,
        null,
        response,
      );
    }
    return response;
  };
  return { adapter, requests };
}
