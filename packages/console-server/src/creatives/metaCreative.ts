/**
 * The Marketing API adapter for ad creatives: `GET /vNN/{creative_id}?fields=thumbnail_url,image_url,body,title,
 * call_to_action_type,object_story_spec`, against META_GRAPH_URL (Meta, or the fake in tests and the demo). One
 * call, bounded by a time-out; Meta's refusals come back as values, never thrown.
 */
import { DEFAULT_META_GRAPH_URL, DEFAULT_META_GRAPH_VERSION } from '../intake/forwarder/worker.js';

export const CREATIVE_FIELDS = [
  'thumbnail_url',
  'image_url',
  'body',
  'title',
  'call_to_action_type',
  'object_story_spec',
] as const;

export interface CreativeGraphOptions {
  baseUrl?: string | undefined;
  version?: string | undefined;
  /** How long one call may take; default 10 s. */
  timeoutMs?: number | undefined;
}

/** What the cache keeps of Meta's answer. */
export interface MetaCreative {
  thumbnail_url: string | null;
  image_url: string | null;
  video_id: string | null;
  video_poster_url: string | null;
  title: string | null;
  body: string | null;
  call_to_action_type: string | null;
  object_story_spec: Record<string, unknown> | null;
}

export type CreativeFetch =
  | { ok: true; creative: MetaCreative }
  | { ok: false; kind: 'refused' | 'timeout' | 'unreachable'; detail: string; seconds?: number };

const DEFAULT_TIMEOUT_MS = 10_000;

/** Only an http(s) address short enough to keep: anything else from the wire is dropped. */
const urlOf = (value: unknown): string | null =>
  typeof value === 'string' && /^https?:\/\//.test(value) && value.length <= 2000 ? value : null;
const textOf = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.slice(0, max) : null;
const objectOf = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** Meta's adcreative fields → the cache's row; the video's poster and id come from the story spec. */
export function readCreative(body: Record<string, unknown>): MetaCreative {
  const spec = objectOf(body.object_story_spec);
  const video = objectOf(spec?.video_data);
  const link = objectOf(spec?.link_data);
  const cta = objectOf(video?.call_to_action) ?? objectOf(link?.call_to_action);
  return {
    thumbnail_url: urlOf(body.thumbnail_url),
    image_url: urlOf(body.image_url) ?? urlOf(link?.picture),
    video_id: textOf(video?.video_id, 40),
    video_poster_url: urlOf(video?.image_url),
    title: textOf(body.title, 255) ?? textOf(video?.title, 255) ?? textOf(link?.name, 255),
    body: textOf(body.body, 3000) ?? textOf(video?.message, 3000) ?? textOf(link?.message, 3000),
    call_to_action_type: textOf(body.call_to_action_type, 60) ?? textOf(cta?.type, 60),
    object_story_spec: spec,
  };
}

/** Reads one creative from the Marketing API with `token`. */
export async function fetchMetaCreative(
  creativeId: string,
  token: string,
  options: CreativeGraphOptions = {},
): Promise<CreativeFetch> {
  const base = (options.baseUrl ?? DEFAULT_META_GRAPH_URL).replace(/\/+$/, '');
  const url = new URL(
    `${base}/${options.version ?? DEFAULT_META_GRAPH_VERSION}/${encodeURIComponent(creativeId)}`,
  );
  url.searchParams.set('fields', CREATIVE_FIELDS.join(','));
  url.searchParams.set('access_token', token);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let response: Response;
  let body: Record<string, unknown>;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
    body = objectOf(await response.json().catch(() => null)) ?? {};
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return timedOut
      ? { ok: false, kind: 'timeout', detail: 'timeout', seconds: Math.ceil(timeoutMs / 1000) }
      : { ok: false, kind: 'unreachable', detail: (error as Error).message.slice(0, 300) };
  }
  const error = objectOf(body.error);
  if (!response.ok || error) {
    const code = typeof error?.code === 'number' ? ` (code ${error.code})` : '';
    const text =
      textOf(error?.error_user_msg, 300) ?? textOf(error?.message, 300) ?? `HTTP ${response.status}`;
    return { ok: false, kind: 'refused', detail: `${text}${code}` };
  }
  return { ok: true, creative: readCreative(body) };
}
