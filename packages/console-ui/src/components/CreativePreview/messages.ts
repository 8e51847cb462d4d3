// The default texts, apart from the component: the console's language sets import them without the component's code.
/** The visible and spoken strings of CreativeThumbnail and CreativePreview (key `creativePreview`). */
export interface CreativePreviewMessages {
  /** Spoken while the picture's address is still being fetched. */
  loading: string;
  /** The placeholder's name when there is no picture; receives the creative's name. */
  none: (name: string) => string;
  /** The placeholder's name when the picture's address is dead; receives the creative's name. */
  broken: (name: string) => string;
  /** The picture's alt text for a video's poster frame; receives the creative's name. */
  videoPoster: (name: string) => string;
  /** Shown in the preview-sized placeholder when there is no picture. */
  noneText: string;
  /** Shown in the preview-sized placeholder when the picture could not be loaded. */
  brokenText: string;
  /** The badge on a video's poster. */
  videoBadge: string;
}

export const CREATIVE_PREVIEW_MESSAGES: CreativePreviewMessages = {
  loading: 'Loading the preview…',
  none: (name) => `${name}: no preview`,
  broken: (name) => `${name}: the picture could not be loaded`,
  videoPoster: (name) => `${name} (video poster)`,
  noneText: 'No preview',
  brokenText: 'Picture unavailable',
  videoBadge: 'Video',
};
