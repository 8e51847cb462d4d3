/**
 * Which failure: `refused` (a 4xx/5xx answer), `timeout` (no answer within the time-out), `down` (no connection),
 * `broken` (the stream was malformed or broke off).
 */
export type UpstreamFailure = 'refused' | 'timeout' | 'down' | 'broken';

/** A chat-completions failure worth telling the user: the upstream status and its own message, no stack. */
export class UpstreamError extends Error {
  constructor(
    message: string,
    readonly kind: UpstreamFailure = 'broken',
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

const timedOut = (error: unknown) => {
  const name = (error as Error | undefined)?.name;
  return name === 'TimeoutError' || (error as { cause?: Error } | undefined)?.cause?.name === 'TimeoutError';
};

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatStreamOptions {
  baseUrl: string;
  apiKey?: string | undefined;
  model: string;
  messages: ChatMessage[];
  timeoutMs: number;
  /** Each piece of the answer as it arrives. */
  onDelta: (content: string) => void;
}

export interface ChatStreamResult {
  content: string;
  promptTokens: number | null;
  completionTokens: number | null;
}

interface Chunk {
  choices?: { delta?: { content?: string | null }; finish_reason?: string | null }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { message?: string };
}

/**
 * `POST {baseUrl}/chat/completions` with `stream: true` and `stream_options.include_usage`: reads the server-sent
 * events (`data: {chunk}` … `data: [DONE]`), hands every content delta to `onDelta`, and answers the whole text
 * with the usage of the last chunk. Any OpenAI-compatible endpoint (OpenAI, Azure's, a local server) works.
 */
export async function streamChatCompletion(options: ChatStreamOptions): Promise<ChatStreamResult> {
  let response: Response;
  try {
    response = await fetch(`${options.baseUrl.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: options.model,
        messages: options.messages,
        stream: true,
        stream_options: { include_usage: true },
      }),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    if (timedOut(error)) throw new UpstreamError('The language model did not answer in time.', 'timeout');
    throw new UpstreamError('The language model could not be reached.', 'down');
  }
  if (!response.ok || !response.body) {
    const text = await response.text().catch(() => '');
    let detail = '';
    try {
      detail = (JSON.parse(text) as Chunk).error?.message ?? '';
    } catch {
      detail = '';
    }
    throw new UpstreamError(
      `The language model answered ${response.status}${detail ? `: ${detail.slice(0, 300)}` : ''}.`,
      'refused',
    );
  }

  let content = '';
  let promptTokens: number | null = null;
  let completionTokens: number | null = null;
  let done = false;
  const decoder = new TextDecoder();
  let buffer = '';
  const handleLine = (line: string) => {
    if (!line.startsWith('data:')) return;
    const data = line.slice(5).trim();
    if (data === '[DONE]') {
      done = true;
      return;
    }
    let chunk: Chunk;
    try {
      chunk = JSON.parse(data) as Chunk;
    } catch {
      throw new UpstreamError('The language model sent a malformed stream.');
    }
    if (chunk.error)
      throw new UpstreamError(`The language model failed: ${chunk.error.message ?? 'unknown error'}.`);
    for (const choice of chunk.choices ?? []) {
      const piece = choice.delta?.content;
      if (piece) {
        content += piece;
        options.onDelta(piece);
      }
    }
    if (chunk.usage) {
      promptTokens = chunk.usage.prompt_tokens ?? null;
      completionTokens = chunk.usage.completion_tokens ?? null;
    }
  };
  try {
    for await (const bytes of response.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(bytes, { stream: true });
      let newline = buffer.indexOf('\n');
      while (newline >= 0) {
        handleLine(buffer.slice(0, newline).replace(/\r$/, ''));
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
      }
    }
    handleLine(buffer);
  } catch (error) {
    if (error instanceof UpstreamError) throw error;
    // The time-out's signal also ends a body that stops arriving part way.
    if (timedOut(error)) throw new UpstreamError('The language model did not answer in time.', 'timeout');
    throw new UpstreamError('The language model stream broke off.');
  }
  if (!done) throw new UpstreamError('The language model stream ended before [DONE].');
  return { content, promptTokens, completionTokens };
}
