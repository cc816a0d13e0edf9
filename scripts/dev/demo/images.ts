// Lead images: an SVG gradient with the caption, rendered by sharp to JPEG or WebP.
// Deterministic per seed; generated once and kept in memory.
import sharp from 'sharp';
import { esc, hashNumber } from './html.ts';
import type { LeadImage } from './types.ts';

/** Splits a caption into lines of at most `width` characters. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    lines.length = maxLines;
    lines[maxLines - 1] += '…';
  }
  return lines;
}

export function leadImageSvg(image: Pick<LeadImage, 'caption' | 'seed' | 'width' | 'height'>, label: string): string {
  const h = hashNumber(image.seed);
  const hue = h % 360;
  const hue2 = (hue + 40 + (h >> 9) % 120) % 360;
  const cx = 700 + ((h >> 3) % 400);
  const cy = 120 + ((h >> 5) % 260);
  const r = 90 + ((h >> 7) % 160);
  const lines = wrap(image.caption, 30, 4);
  const y0 = image.height - 90 - (lines.length - 1) * 68;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${image.width}" height="${image.height}" viewBox="0 0 ${image.width} ${image.height}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},62%,38%)"/><stop offset="1" stop-color="hsl(${hue2},70%,12%)"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<circle cx="${cx}" cy="${cy}" r="${r}" fill="#ffffff" fill-opacity="0.14"/>
<circle cx="${cx - r / 2}" cy="${cy + r}" r="${r / 3}" fill="#ffffff" fill-opacity="0.08"/>
<text x="72" y="90" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#ffffff" fill-opacity="0.8">${esc(label)}</text>
${lines.map((l, i) => `<text x="72" y="${y0 + i * 68}" font-family="DejaVu Sans, sans-serif" font-weight="bold" font-size="56" fill="#ffffff">${esc(l)}</text>`).join('\n')}
</svg>`;
}

export async function renderLeadImage(image: LeadImage, label: string): Promise<Buffer> {
  const svg = sharp(Buffer.from(leadImageSvg(image, label)));
  return image.format === 'webp' ? svg.webp({ quality: 78 }).toBuffer() : svg.jpeg({ quality: 80, mozjpeg: false }).toBuffer();
}

/** A small SVG favicon with the site's initial. */
export function faviconSvg(name: string, seed: string): string {
  const hue = hashNumber(seed) % 360;
  const initial = name.replace(/^The /, '').charAt(0);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="hsl(${hue},60%,35%)"/><text x="32" y="44" font-family="sans-serif" font-size="36" font-weight="bold" fill="#fff" text-anchor="middle">${esc(initial)}</text></svg>\n`;
}

/** An ICO file holding the given PNG images (each with its pixel size). */
export function icoOf(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6 + images.length * 16);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach((image, i) => {
    const at = 6 + i * 16;
    // 0 stands for 256.
    header[at] = image.size >= 256 ? 0 : image.size;
    header[at + 1] = image.size >= 256 ? 0 : image.size;
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(image.png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += image.png.length;
  });
  return Buffer.concat([header, ...images.map((i) => i.png)]);
}

/** /favicon.ico: the SVG favicon as 16 and 48 pixel PNGs in one ICO, the way sites serve it. */
export async function renderFaviconIco(name: string, seed: string): Promise<Buffer> {
  const svg = Buffer.from(faviconSvg(name, seed));
  const png = (size: number) => sharp(svg, { density: 72 * (size / 64) * 2 }).resize(size, size).png({ compressionLevel: 9 }).toBuffer();
  return icoOf([
    { size: 16, png: await png(16) },
    { size: 48, png: await png(48) },
  ]);
}
