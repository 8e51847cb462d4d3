export {
  CreativePreview,
  CreativeThumbnail,
  CREATIVE_PREVIEW_MESSAGES,
  useCreativeImage,
  type CreativeImageProps,
  type CreativeImageStatus,
  type CreativePreviewKind,
  type CreativePreviewMessages,
  type CreativePreviewProps,
  type CreativeThumbnailProps,
} from './CreativePreview.js';
