import {
  type ApiResponse,
  type RequestConfig,
  type Transport,
  canceled,
  noAnswer,
  parseText,
  timedOut,
  urlOf,
} from './http.js';

/**
 * The browser's transport: `fetch`, with the caller's AbortSignal and the time limit; a request that reports its
 * upload progress goes over XMLHttpRequest (fetch has no upload events). A refusal's body is read as JSON
 * whatever `responseType` asked, so the ApiError has the server's words. A signal already aborted sends
 * nothing.
 */
export const browserTransport: Transport = (config) =>
  config.onUploadProgress ? sendWithProgress(config) : sendWithFetch(config);

async function sendWithFetch(config: RequestConfig): Promise<ApiResponse> {
  // A signal aborted before the call never fires 'abort' again: nothing is sent.
  if (config.signal?.aborted) throw canceled(config);
  const controller = new AbortController();
  const abort = () => controller.abort();
  config.signal?.addEventListener('abort', abort, { once: true });
  let expired = false;
  const timer =
    config.timeout > 0
      ? setTimeout(() => {
          expired = true;
          controller.abort();
        }, config.timeout)
      : undefined;
  try {
    const response = await fetch(urlOf(config), {
      method: config.method.toUpperCase(),
      headers: config.headers,
      body: (config.data ?? null) as BodyInit | null,
      signal: controller.signal,
    });
    const ok = response.status >= 200 && response.status < 300;
    const data =
      ok && config.responseType === 'blob'
        ? await response.blob()
        : parseText(await response.text(), ok ? config.responseType : 'json');
    return { data, status: response.status, headers: response.headers, config };
  } catch (error) {
    if (expired) throw timedOut(config);
    if (config.signal?.aborted) throw canceled(config);
    throw noAnswer(config, error);
  } finally {
    clearTimeout(timer);
    config.signal?.removeEventListener('abort', abort);
  }
}

function sendWithProgress(config: RequestConfig): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    // As with fetch: a signal aborted before the call sends nothing.
    if (config.signal?.aborted) return reject(canceled(config));
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    const settle = () => config.signal?.removeEventListener('abort', abort);
    xhr.open(config.method.toUpperCase(), urlOf(config));
    config.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.timeout = config.timeout;
    xhr.upload.onprogress = (event) =>
      config.onUploadProgress?.({
        loaded: event.loaded,
        ...(event.lengthComputable ? { total: event.total } : {}),
      });
    xhr.onload = () => {
      settle();
      const ok = xhr.status >= 200 && xhr.status < 300;
      resolve({
        data: parseText(xhr.responseText, ok ? config.responseType : 'json'),
        status: xhr.status,
        headers: headersOf(xhr.getAllResponseHeaders()),
        config,
      });
    };
    xhr.onerror = () => {
      settle();
      reject(noAnswer(config));
    };
    xhr.ontimeout = () => {
      settle();
      reject(timedOut(config));
    };
    xhr.onabort = () => {
      settle();
      reject(canceled(config));
    };
    config.signal?.addEventListener('abort', abort, { once: true });
    xhr.send((config.data ?? null) as XMLHttpRequestBodyInit | null);
  });
}

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  return headers;
}
