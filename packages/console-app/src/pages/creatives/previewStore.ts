import type { CreativePreview } from '@staff/console-contract';
import { CREATIVE_PREVIEW_IDS_MAX } from '@staff/console-contract';

/** A preview asked for, as the list keeps it: the answer, or `failed` (the cell falls back to the row's own URLs). */
export type StoredPreview = CreativePreview | 'failed' | undefined;

/**
 * The list's thumbnails, asked for in batches: every cell asks for its record (by id and version, so an edited
 * record is asked again); the asks of one render go out as one `GET /api/creative-previews?ids=` call.
 */
export class PreviewStore {
  private readonly previews = new Map<string, StoredPreview>();
  private readonly queued = new Set<string>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly fetchMany: (ids: string[]) => Promise<CreativePreview[]>) {}

  static key(id: unknown, version: unknown): string {
    return `${String(id)}:${String(version ?? '')}`;
  }

  get = (key: string): StoredPreview => this.previews.get(key);

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Asks for a record's preview unless it is known or on its way. */
  want(key: string): void {
    if (this.previews.has(key) || this.queued.has(key)) return;
    this.queued.add(key);
    if (this.queued.size === 1) queueMicrotask(() => this.flush());
  }

  /** An answer from elsewhere (the record panel's refresh). */
  set(key: string, preview: CreativePreview): void {
    this.previews.set(key, preview);
    this.emit();
  }

  private flush(): void {
    const keys = [...this.queued];
    this.queued.clear();
    for (let start = 0; start < keys.length; start += CREATIVE_PREVIEW_IDS_MAX) {
      const chunk = keys.slice(start, start + CREATIVE_PREVIEW_IDS_MAX);
      // Marked as asked (undefined) so a re-render does not ask again while the answer is on its way.
      for (const key of chunk) this.previews.set(key, undefined);
      const ids = chunk.map((key) => key.split(':')[0]!);
      this.fetchMany(ids).then(
        (answers) => {
          const byId = new Map(answers.map((preview) => [preview.id, preview]));
          for (const key of chunk) this.previews.set(key, byId.get(key.split(':')[0]!) ?? 'failed');
          this.emit();
        },
        () => {
          for (const key of chunk) this.previews.set(key, 'failed');
          this.emit();
        },
      );
    }
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}
