import sharp from 'sharp';
import { readTrackedFile } from '../../crawler/sparse-checkout.ts';

// The bytes behind a source's icon address (/sources/<host>/icon.webp): the icon the crawler saved
// (media/…, named by content hash), else one neutral badge, so every card can show an icon
// address from the day its source appears and never change when a real icon arrives. An icon in
// a folder a sparse checkout left off disk is read from git (crawler/sparse-checkout.ts).

const NEUTRAL_SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" rx="7" fill="#8a8f98"/><circle cx="16" cy="16" r="7" fill="none" stroke="#fff" stroke-width="2.5"/></svg>';

let neutral: Promise<Buffer> | undefined;

export function sourceIconBytes(root: string, file: string | null): Promise<Buffer> {
  const saved = file ? readTrackedFile(root, file) : null;
  if (saved) return Promise.resolve(saved);
  neutral ??= sharp(Buffer.from(NEUTRAL_SVG)).webp({ lossless: true }).toBuffer();
  return neutral;
}
