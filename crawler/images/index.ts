export { processImage, targetWidths, MIN_DIMENSION, AVIF_MIN_SAVING, type ImageOptions, type ImageVariant, type ProcessedImage } from './process-image.ts';
export { saveImage, variantFileName, type SavedImage } from './save-image.ts';
