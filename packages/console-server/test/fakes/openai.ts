import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat-completions call as the fake received it. */
export interface FakeChatCall {
  authorization: string | undefined;
  /** The W3C trace context the caller sent (the server's traces, ADR 058). */
  traceparent: string | undefined;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
  };
}

export interface FakeOpenAiOptions {
  /** The answer, sent in these pieces (one `delta` chunk each). */
  pieces?: string[];
  usage?: { prompt_tokens: number; completion_tokens: number };
  /** Answer every call with this status and an OpenAI-style error body instead. */
  failWith?: { status: number; message: string };
  /** Send the pieces, then end the stream without the finish chunk and `[DONE]` (a broken-off answer). */
  breakOff?: boolean;
  /** Wait between chunks (ms), so a browser sees the answer arrive piece by piece. */
  chunkDelayMs?: number;
  /**
   * After this many pieces, wait until `until` settles: a test sees the half-written answer for as long as it needs
   * (a busy machine can miss a window of a few hundred ms), then lets the rest come.
   */
  holdAfter?: { pieces: number; until: Promise<unknown> };
}

export const DEFAULT_PIECES = [
  '## Ringkasan\n\n',
  'Spend naik, **ROAS** turun.\n\n',
  '- Hentikan iklan dengan CPA tertinggi\n',
  '- Uji ulang *hook* terbaik\n',
];

/** Hooks the fake writes when asked for hooks (the hook generator's system prompt asks for one per line). */
export const FAKE_HOOKS = [
  'Capek begadang tiap malam karena si kecil rewel?',
  'Stop buang uang untuk popok yang bikin ruam!',
  '9 dari 10 ibu baru tidak tahu trik ini.',
  'Tidur nyenyak lagi dalam 3 malam, tanpa obat.',
  'Kenapa bayi Anda menangis jam 2 pagi?',
  'Sebelum: begadang. Sesudah: tidur 7 jam.',
  'Promo berakhir malam ini — jangan sampai menyesal.',
  'Dokter anak pun memakai cara sederhana ini.',
  'Satu kebiasaan kecil yang mengubah malam Anda.',
  'Ribuan ibu sudah mencoba, ini hasilnya.',
];

/**
 * The answer to a request for hooks ("Write N hooks" in the user message, one per line in the system's), or
 * undefined for any other request.
 */
function hookAnswer(body: FakeChatCall['body']): string[] | undefined {
  if (!body.messages[0]?.content.includes('one hook per line')) return undefined;
  const count = Number(/Write (\d+) hooks/.exec(body.messages[1]?.content ?? '')?.[1] ?? 5);
  return FAKE_HOOKS.slice(0, Math.min(count, FAKE_HOOKS.length)).map(
    (hook, index) => `${index + 1}. ${hook}\n`,
  );
}

/**
 * An OpenAI-compatible `POST /v1/chat/completions` on a real loopback HTTP server, speaking the real streaming
 * wire format: `data: {"id":…,"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":…}}]}`
 * lines, a last chunk with empty choices and `usage` (stream_options.include_usage), then `data: [DONE]`.
 */
export async function startFakeOpenAi(initial: FakeOpenAiOptions = {}) {
  let options = initial;
  const calls: FakeChatCall[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
          res.writeHead(404, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({ error: { message: `Unknown path ${req.url}`, type: 'invalid_request_error' } }),
          );
          return;
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as FakeChatCall['body'];
        const traceparent = req.headers.traceparent;
        calls.push({
          authorization: req.headers.authorization,
          traceparent: typeof traceparent === 'string' ? traceparent : undefined,
          body,
        });
        if (options.failWith) {
          res.writeHead(options.failWith.status, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              error: { message: options.failWith.message, type: 'server_error', code: null },
            }),
          );
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const base = {
          id: 'chatcmpl-fake',
          object: 'chat.completion.chunk',
          created: 1_700_000_000,
          model: body.model,
        };
        const send = (payload: unknown) => res.write(`data: ${JSON.stringify(payload)}\n\n`);
        send({
          ...base,
          choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }],
        });
        // Told what to answer, it answers that; else hooks to a hook request, the insight pieces to the rest.
        let sent = 0;
        for (const piece of options.pieces ?? hookAnswer(body) ?? DEFAULT_PIECES) {
          if (options.chunkDelayMs) await new Promise((resolve) => setTimeout(resolve, options.chunkDelayMs));
          if (options.holdAfter && sent === options.holdAfter.pieces) await options.holdAfter.until;
          send({ ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
          sent += 1;
        }
        if (options.breakOff) {
          res.end();
          return;
        }
        send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
        if (body.stream_options?.include_usage) {
          const usage = options.usage ?? { prompt_tokens: 420, completion_tokens: 80 };
          send({
            ...base,
            choices: [],
            usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
          });
        }
        res.write('data: [DONE]\n\n');
        res.end();
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** The OPENAI_BASE_URL to configure. */
    url: `http://127.0.0.1:${port}/v1`,
    calls,
    set: (next: FakeOpenAiOptions) => {
      options = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
