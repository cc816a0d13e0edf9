import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { processImage, targetWidths, type ImageOptions } from '../../crawler/images/index.ts';
import { photo, pngBomb } from './make-images.ts';

const WEBP_ONLY: ImageOptions = { widths: [320, 640, 1024], maxPixels: 40_000_000, maxBytes: 8 * 1024 * 1024, formats: ['webp'] };

async function ok(bytes: Buffer, options: ImageOptions = WEBP_ONLY) {
  const result = await processImage(bytes, options);
  if (!result.ok) throw new Error(`expected success, got ${result.failure.code}: ${result.failure.message}`);
  return result;
}

describe('targetWidths', () => {
  it('never upscales and includes the original width when it is narrower than the largest', () => {
    expect(targetWidths(1600, [640, 320, 1024])).toEqual([320, 640, 1024]);
    expect(targetWidths(800, [320, 640, 1024])).toEqual([320, 640, 800]);
    expect(targetWidths(200, [320, 640, 1024])).toEqual([200]);
    expect(targetWidths(1024, [320, 640, 1024])).toEqual([320, 640, 1024]);
  });
});

describe('processImage', () => {
  it('converts a JPEG to WebP variants at the configured widths, from a single content hash', async () => {
    const jpeg = await (await photo(1600, 900)).jpeg({ quality: 90 }).toBuffer();
    const result = await ok(jpeg);
    expect(result.width).toBe(1600);
    expect(result.height).toBe(900);
    expect(result.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(result.variants.map((v) => [v.format, v.width, v.height])).toEqual([
      ['webp', 320, 180],
      ['webp', 640, 360],
      ['webp', 1024, 576],
    ]);
    for (const v of result.variants) {
      const meta = await sharp(v.data).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', v.width, v.height]);
    }
    expect((await ok(jpeg)).hash).toBe(result.hash);
  });

  it('auto-rotates by EXIF orientation and strips all metadata', async () => {
    const jpeg = await (await photo(800, 400)).jpeg().withMetadata({ orientation: 6, density: 300 }).withExif({ IFD0: { Copyright: 'someone', Artist: 'someone' } }).toBuffer();
    expect((await sharp(jpeg).metadata()).orientation).toBe(6);
    const result = await ok(jpeg);
    expect([result.width, result.height]).toEqual([400, 800]);
    expect(result.variants.map((v) => [v.width, v.height])).toEqual([[320, 640], [400, 800]]);
    const meta = await sharp(result.variants[1].data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.icc).toBeUndefined();
  });

  it('handles PNG with transparency, GIF and WebP input', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer();
    const fromPng = await ok(png);
    expect(fromPng.variants.map((v) => v.width)).toEqual([300]);
    expect((await sharp(fromPng.variants[0].data).metadata()).hasAlpha).toBe(true);

    const gif = await sharp({ create: { width: 120, height: 90, channels: 3, background: '#3366cc' } }).gif().toBuffer();
    expect((await ok(gif)).variants.map((v) => [v.format, v.width, v.height])).toEqual([['webp', 120, 90]]);

    const webp = await (await photo(700, 500)).webp().toBuffer();
    expect((await ok(webp)).variants.map((v) => v.width)).toEqual([320, 640, 700]);
  });

  it('adds AVIF only where it is at least 10% smaller than the WebP of the same width', async () => {
    const jpeg = await (await photo(700, 400)).jpeg({ quality: 92 }).toBuffer();
    const result = await ok(jpeg, { ...WEBP_ONLY, formats: ['webp', 'avif'] });
    const webp = new Map(result.variants.filter((v) => v.format === 'webp').map((v) => [v.width, v.data.length]));
    expect([...webp.keys()]).toEqual([320, 640, 700]);
    const avif = result.variants.filter((v) => v.format === 'avif');
    expect(avif.length).toBeGreaterThan(0);
    for (const v of avif) {
      expect(v.data.length).toBeLessThanOrEqual(webp.get(v.width)! * 0.9);
      expect((await sharp(v.data).metadata()).format).toBe('heif');
    }
    expect((await ok(jpeg, WEBP_ONLY)).variants.every((v) => v.format === 'webp')).toBe(true);
    // Without formats, as with the config's default, WebP only.
    expect((await ok(jpeg, { ...WEBP_ONLY, formats: undefined })).variants.map((v) => v.format)).toEqual(['webp', 'webp', 'webp']);
  });

  it('refuses tiny images such as tracking pixels', async () => {
    const pixel = await sharp({ create: { width: 1, height: 1, channels: 4, background: '#0000' } }).gif().toBuffer();
    const banner = await sharp({ create: { width: 600, height: 40, channels: 3, background: '#fff' } }).png().toBuffer();
    for (const bytes of [pixel, banner]) {
      const result = await processImage(bytes, WEBP_ONLY);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.failure.code).toBe('E_DECODE');
        expect(result.failure.message).toMatch(/tracking pixel or icon/);
        expect(result.failure.permanent).toBe(true);
      }
    }
  });

  it('refuses non-images and vector images', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>alert(1)</script><rect width="400" height="400"/></svg>');
    for (const [bytes, message] of [
      [Buffer.from('<!DOCTYPE html><html><body>Not found</body></html>'), /not an image/],
      [Buffer.alloc(0), /empty/],
      [svg, /svg is not a raster image/],
    ] as const) {
      const result = await processImage(bytes, WEBP_ONLY);
      expect(result).toMatchObject({ ok: false, failure: { code: 'E_DECODE', permanent: true } });
      if (!result.ok) expect(result.failure.message).toMatch(message);
    }
  });

  it('refuses corrupt files', async () => {
    const jpeg = await (await photo(400, 300)).jpeg().toBuffer();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    const garbage = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 0x41)]);
    for (const bytes of [truncated, garbage]) {
      const result = await processImage(bytes, WEBP_ONLY);
      expect(result).toMatchObject({ ok: false, failure: { code: 'E_DECODE' } });
      if (!result.ok) expect(result.failure.message).toMatch(/corrupt|not an image/);
    }
  });

  it('refuses a decompression bomb by its declared pixel count, without decoding it', async () => {
    const bomb = pngBomb(100_000, 100_000);
    expect(bomb.length).toBeLessThan(1024);
    const result = await processImage(bomb, WEBP_ONLY);
    expect(result).toMatchObject({ ok: false, failure: { code: 'E_TOO_LARGE', permanent: true } });
    if (!result.ok) expect(result.failure.message).toMatch(/pixel limit/);
    // A small image under the same limit is fine, and a lower limit refuses it too.
    const small = await (await photo(400, 300)).png().toBuffer();
    expect((await processImage(small, WEBP_ONLY)).ok).toBe(true);
    expect(await processImage(small, { ...WEBP_ONLY, maxPixels: 100_000 })).toMatchObject({ ok: false, failure: { code: 'E_TOO_LARGE' } });
  });

  it('refuses files over maxBytes before looking at them', async () => {
    const jpeg = await (await photo(400, 300)).jpeg().toBuffer();
    expect(await processImage(jpeg, { ...WEBP_ONLY, maxBytes: 1000 })).toMatchObject({ ok: false, failure: { code: 'E_TOO_LARGE' } });
  });
});
