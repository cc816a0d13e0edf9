import { randomUUID } from 'node:crypto';
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProcessedImage } from './process-image.ts';

export interface SavedImage {
  /** File name inside the media directory: `<first 16 hex of the content hash>-<width>.<format>`. */
  src: string;
  width: number;
  height: number;
  format: string;
}

export function variantFileName(hash: string, width: number, format: string): string {
  return `${hash.slice(0, 16)}-${width}.${format}`;
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes the variants into `dir`, named by content hash so the same image is stored once:
 * a file that already exists is not written again; a new one is written to a temporary file
 * and renamed into place, so a crash never leaves a half-written image under its real name.
 */
export async function saveImage(dir: string, image: ProcessedImage & { ok: true }): Promise<SavedImage[]> {
  await mkdir(dir, { recursive: true });
  const saved: SavedImage[] = [];
  for (const variant of image.variants) {
    const name = variantFileName(image.hash, variant.width, variant.format);
    const path = join(dir, name);
    if (!(await exists(path))) {
      const temp = `${path}.${process.pid}-${randomUUID()}.tmp`;
      try {
        await writeFile(temp, variant.data);
        await rename(temp, path);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    }
    saved.push({ src: name, width: variant.width, height: variant.height, format: variant.format });
  }
  return saved;
}
