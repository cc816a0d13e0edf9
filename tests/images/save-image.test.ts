import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { processImage, saveImage, variantFileName } from '../../crawler/images/index.ts';
import { photo } from './make-images.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gleaner-images-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function processed() {
  const result = await processImage(await (await photo(900, 600)).jpeg().toBuffer(), { widths: [320, 640, 1024], maxPixels: 40_000_000, maxBytes: 8_000_000, formats: ['webp'] });
  if (!result.ok) throw new Error(result.failure.message);
  return result;
}

describe('saveImage', () => {
  it('writes every variant under its content-hash name and returns the file list', async () => {
    const image = await processed();
    const media = join(dir, 'media');
    const files = await saveImage(media, image);
    const prefix = image.hash.slice(0, 16);
    expect(files).toEqual([
      { src: `${prefix}-320.webp`, width: 320, height: 213, format: 'webp' },
      { src: `${prefix}-640.webp`, width: 640, height: 427, format: 'webp' },
      { src: `${prefix}-900.webp`, width: 900, height: 600, format: 'webp' },
    ]);
    expect((await readdir(media)).sort()).toEqual(files.map((f) => f.src).sort());
    for (const [i, f] of files.entries()) expect((await readFile(join(media, f.src))).equals(image.variants[i].data)).toBe(true);
    expect(variantFileName(image.hash, 320, 'webp')).toBe(files[0].src);
  });

  it('stores the same image once: existing files are not written again', async () => {
    const image = await processed();
    const [first] = await saveImage(dir, image);
    const path = join(dir, first.src);
    await writeFile(path, 'marker');
    const before = await stat(path);
    const again = await saveImage(dir, image);
    expect(again).toEqual(await saveImage(dir, image));
    expect(await readFile(path, 'utf8')).toBe('marker');
    expect((await stat(path)).mtimeMs).toBe(before.mtimeMs);
  });

  it('leaves no temporary files behind', async () => {
    await saveImage(dir, await processed());
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
