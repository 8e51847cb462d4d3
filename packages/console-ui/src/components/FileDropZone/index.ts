export { FileDropZone, formatFileSize, type FileDropZoneProps } from './FileDropZone.js';
