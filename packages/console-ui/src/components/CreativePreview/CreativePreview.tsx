import { useState } from 'react';
import { styled } from 'styled-components';
import { t } from '../../theme/tokens.js';
import { useMessages } from '../../theme/messages.js';
import { CREATIVE_PREVIEW_MESSAGES, type CreativePreviewMessages } from './messages.js';
export { CREATIVE_PREVIEW_MESSAGES, type CreativePreviewMessages } from './messages.js';

/** What the picture shows: an image, a video's poster frame, or nothing known. */
export type CreativePreviewKind = 'image' | 'video' | 'none';

/** Where a picture is: its address still coming (`loading`), shown, dead (`broken`) or absent (`none`). */
export type CreativeImageStatus = 'loading' | 'loaded' | 'broken' | 'none';

export interface CreativeImageProps {
  /** The picture's address; null or undefined shows the placeholder. */
  src: string | null | undefined;
  /** The creative's name: the alt text and the placeholder's name are made from it. */
  name: string;
  kind?: CreativePreviewKind;
  /** The address is still being fetched (shows a skeleton). */
  loading?: boolean;
  className?: string;
  messages?: Partial<CreativePreviewMessages>;
}

/**
 * The headless part: the status of a picture at `src`, reset when the address changes, and the handlers its
 * `<img>` takes. A dead address becomes `broken`, so the view can show a placeholder instead of a torn image.
 *
 * @example
 * ```tsx
 * const image = useCreativeImage(row.thumbnail_url);
 * return image.status === 'broken' ? <Placeholder /> : <img src={row.thumbnail_url} {...image.handlers} />;
 * ```
 */
export function useCreativeImage(src: string | null | undefined, loading = false) {
  const [seen, setSeen] = useState<{ src: string | null | undefined; status: CreativeImageStatus }>({
    src,
    status: 'loading',
  });
  // A new address starts over (state derived during render, no effect and no stale frame).
  const current = seen.src === src ? seen.status : 'loading';
  if (seen.src !== src) setSeen({ src, status: 'loading' });
  const status: CreativeImageStatus = loading ? 'loading' : !src ? 'none' : current;
  return {
    status,
    handlers: {
      onLoad: () => setSeen({ src, status: 'loaded' }),
      onError: () => setSeen({ src, status: 'broken' }),
    },
  };
}

function CreativeImage({
  src,
  name,
  kind = 'image',
  loading = false,
  className,
  messages,
  variant,
}: CreativeImageProps & { variant: 'thumbnail' | 'preview' }) {
  const m = useMessages('creativePreview', CREATIVE_PREVIEW_MESSAGES, messages);
  const { status, handlers } = useCreativeImage(src, loading);
  const video = kind === 'video';
  const classes = [`cui-creative-${variant}`, className].filter(Boolean).join(' ');
  const common = { className: classes, 'data-state': status, 'data-kind': kind, 'data-variant': variant };
  if (status === 'loading' && (loading || !src))
    return (
      <Frame {...common} role="img" aria-label={m.loading} aria-busy="true">
        <Skeleton aria-hidden="true" />
      </Frame>
    );
  if (status === 'none' || status === 'broken' || !src) {
    const label = status === 'broken' ? m.broken(name) : m.none(name);
    return (
      <Frame {...common} role="img" aria-label={label}>
        <Placeholder aria-hidden="true">
          <PictureIcon />
          {variant === 'preview' ? <span>{status === 'broken' ? m.brokenText : m.noneText}</span> : null}
        </Placeholder>
      </Frame>
    );
  }
  return (
    <Frame {...common} aria-busy={status === 'loading'}>
      {status === 'loading' ? <Skeleton aria-hidden="true" /> : null}
      <img src={src} alt={video ? m.videoPoster(name) : name} loading="lazy" decoding="async" {...handlers} />
      {video ? (
        <Badge aria-hidden="true" title={m.videoBadge}>
          ▶{variant === 'preview' ? ` ${m.videoBadge}` : null}
        </Badge>
      ) : null}
    </Frame>
  );
}

export type CreativeThumbnailProps = CreativeImageProps;

/**
 * A creative's small picture for a table cell (40 px square): lazy-loaded, with alt text from the creative's name;
 * a dead or missing address shows a placeholder with a spoken name instead of a broken image.
 *
 * @example
 * ```tsx
 * <CreativeThumbnail src={preview.thumbnail_url} name={row.name} kind={preview.kind} />
 * ```
 */
export function CreativeThumbnail(props: CreativeThumbnailProps) {
  return <CreativeImage {...props} variant="thumbnail" />;
}

export type CreativePreviewProps = CreativeImageProps;

/**
 * A creative's big picture for a record panel: the image, or the video's poster with a "Video" badge; a loading
 * skeleton, and a placeholder with words when there is no picture or its address is dead.
 *
 * @example
 * ```tsx
 * <CreativePreview src={preview.preview_url} name={row.name} kind={preview.kind} loading={!preview} />
 * ```
 */
export function CreativePreview(props: CreativePreviewProps) {
  return <CreativeImage {...props} variant="preview" />;
}

function PictureIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1.25em"
      height="1.25em"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
    >
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="M3 17l5-5 4 4 3-3 6 6" />
    </svg>
  );
}

const Frame = styled.span`
  position: relative;
  box-sizing: border-box;
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  overflow: hidden;
  border: 1px solid ${t.colorBorder};
  border-radius: ${t.radiusSm};
  background: ${t.colorSurface};
  color: ${t.colorTextMuted};
  vertical-align: middle;
  &[data-variant='thumbnail'] {
    width: 40px;
    height: 40px;
  }
  &[data-variant='preview'] {
    width: min(320px, 100%);
    aspect-ratio: 1;
    border-radius: ${t.radiusMd};
  }
  > img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
  &[data-state='loading'] > img {
    position: absolute;
    inset: 0;
    opacity: 0;
  }
`;

const Skeleton = styled.span`
  position: absolute;
  inset: 0;
  background: linear-gradient(90deg, ${t.colorSurface}, ${t.colorBorder}, ${t.colorSurface});
  background-size: 200% 100%;
  @media (prefers-reduced-motion: no-preference) {
    animation: cui-creative-shimmer 1.2s linear infinite;
  }
  @keyframes cui-creative-shimmer {
    to {
      background-position: -200% 0;
    }
  }
`;

const Placeholder = styled.span`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${t.space1};
  font-size: ${t.fontSizeSm};
  text-align: center;
  [data-variant='preview'] > & svg {
    width: 2.5em;
    height: 2.5em;
  }
`;

const Badge = styled.span`
  position: absolute;
  inset-inline-start: ${t.space1};
  bottom: ${t.space1};
  padding: 0 ${t.space1};
  border-radius: ${t.radiusSm};
  background: rgba(0, 0, 0, 0.65);
  color: #fff;
  font-size: ${t.fontSizeSm};
  line-height: 1.4;
`;
