import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { failure } from '../errors.ts';
import { isIco, largestPngInIco } from './ico.ts';
import type { ProcessedImage } from './process-image.ts';

// A source's icon: whatever its site serves (PNG, JPEG, WebP, GIF, or an ICO holding a PNG),
// checked and made into one small square WebP the site serves itself. SVG is refused: rendering
// a stranger's SVG runs a whole XML and CSS engine for a 16-pixel picture.

/** Icons are shown at 16 CSS pixels; 32 covers 2× screens. */
export const ICON_SIZE = 32;
/** A favicon is a few KB; anything near this is not one. */
export const MAX_ICON_BYTES = 256 * 1024;
/** Judged from the header, before decoding. */
export const MAX_ICON_PIXELS = 1024 * 1024;

const FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);

function refuse(code: 'E_DECODE' | 'E_TOO_LARGE', message: string): ProcessedImage {
  return { ok: false, failure: failure(code, message, true) };
}

/** The icon as one ICON_SIZE × ICON_SIZE lossless WebP variant, named by the hash of its bytes (saveImage stores it). */
export async function processIcon(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length === 0) return refuse('E_DECODE', 'empty response, not an icon');
  if (bytes.length > MAX_ICON_BYTES) return refuse('E_TOO_LARGE', `icon is ${bytes.length} bytes, more than the ${MAX_ICON_BYTES} allowed`);
  if (/^\s*</.test(bytes.subarray(0, 64).toString('latin1'))) return refuse('E_DECODE', 'markup (SVG or HTML), not a raster icon');
  let image = bytes;
  if (isIco(bytes)) {
    const png = largestPngInIco(bytes);
    if (!png) return refuse('E_DECODE', 'an ICO file with no PNG image inside (BMP icons are not read)');
    image = png;
  }
  const input = { limitInputPixels: MAX_ICON_PIXELS, failOn: 'warning' as const, animated: false };
  try {
    const meta = await sharp(image, input).metadata();
    if (!FORMATS.has(meta.format)) return refuse('E_DECODE', `${meta.format} is not an icon format we read`);
    if (meta.width * meta.height > MAX_ICON_PIXELS) return refuse('E_TOO_LARGE', `icon is ${meta.width}×${meta.height} pixels`);
    const data = await sharp(image, input)
      .resize(ICON_SIZE, ICON_SIZE, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .webp({ lossless: true, effort: 6 })
      .toBuffer();
    const hash = createHash('sha256').update(data).digest('hex');
    return { ok: true, hash, width: ICON_SIZE, height: ICON_SIZE, variants: [{ width: ICON_SIZE, height: ICON_SIZE, format: 'webp', data }] };
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0]! : String(error);
    if (/pixel limit/i.test(message)) return refuse('E_TOO_LARGE', `icon refused before decoding: ${message}`);
    return refuse('E_DECODE', /unsupported image format/i.test(message) ? 'not an image (unrecognized format)' : `unreadable icon: ${message}`);
  }
}
