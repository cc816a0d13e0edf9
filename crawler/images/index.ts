export { processImage, targetWidths, MIN_DIMENSION, AVIF_MIN_SAVING, type ImageOptions, type ImageVariant, type ProcessedImage } from './process-image.ts';
export { processIcon, ICON_SIZE, MAX_ICON_BYTES } from './process-icon.ts';
export { saveImage, variantFileName, type SavedImage } from './save-image.ts';
