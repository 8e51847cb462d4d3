/**
 * The built console-app over HTTP, and compression of API answers (docs/adr/011-wire.md):
 * - files are sent precompressed (`.br` / `.gz` written beside them at build time) with the matching
 *   `Content-Encoding` and `Vary: Accept-Encoding`; nothing is compressed per request for static files;
 * - content-hashed files under `/assets/` are cached for a year (`immutable`); everything else, index.html
 *   first, is `no-cache` (revalidated with its ETag), so a new release is picked up on the next visit;
 * - API answers above a threshold are compressed on the fly (brotli at a fast quality, else gzip).
 */
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';
/** API answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

/** Vite writes content-hashed names (`index-DiwrgTda.js`) into `assets/`: those never change. */
const HASHED = /[\\/]assets[\\/][^\\/]+-[\w-]{8,}\.\w+(?:\.(?:br|gz))?$/;

/** Paths the single-page app answers itself (served index.html). */
export const isAppPath = (url: string) =>
  url === '/' || url === '/login' || url === '/login/' || url === '/app' || url.startsWith('/app/');

/**
 * Serves `appDir` (index.html + assets) when it holds an index.html; answers whether it does. App paths that
 * are not files get index.html through `sendAppShell` (the not-found handler calls it).
 */
export async function registerStaticApp(app: FastifyInstance, appDir: string | null): Promise<boolean> {
  const root = appDir ? path.resolve(appDir) : null;
  if (!root || !fs.existsSync(path.join(root, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root,
    prefix: '/',
    wildcard: true,
    index: ['index.html'],
    preCompressed: true,
    // Set per file below: the plugin's own default (public, max-age=0) suits neither kind.
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', HASHED.test(file) ? IMMUTABLE : NO_CACHE);
    },
  });
  return true;
}

/** index.html for a client-side route (`/login`, `/app/...`), precompressed and never cached stale. */
export function sendAppShell(reply: FastifyReply) {
  return reply.type('text/html').sendFile('index.html');
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encoding to use for a dynamic answer: brotli, else gzip, else none (`q=0` refuses one). */
export function negotiateEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const offered = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    if (name) offered.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wants = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return null;
}

/**
 * Compresses string and Buffer answers of at least `threshold` bytes that are not compressed already
 * (static files come precompressed as streams and are left alone). Brotli quality 4: about gzip's speed
 * with smaller output for JSON.
 */
export function registerResponseCompression(app: FastifyInstance, threshold = COMPRESS_FROM_BYTES): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || request.method === 'HEAD') return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!/json|text|javascript|xml|csv/.test(type)) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    reply.header('vary', appendVary(reply.getHeader('vary')));
    if (body.length < threshold) return payload;
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed =
      encoding === 'br'
        ? await brotli(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 4,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : await gzipAsync(body, { level: 6 });
    reply.header('content-encoding', encoding);
    reply.header('content-length', compressed.length);
    return compressed;
  });
}

function appendVary(current: ReturnType<FastifyReply['getHeader']>): string {
  const value = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  if (/(?:^|,)\s*(?:accept-encoding|\*)\s*(?:,|$)/i.test(value)) return value;
  return value ? `${value}, Accept-Encoding` : 'Accept-Encoding';
}
