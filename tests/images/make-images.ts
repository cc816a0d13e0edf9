import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * A photo-like test picture, deterministic: blurred noise stretched into soft colour blobs
 * with fine grain on top, which compresses the way photographs do (unlike flat colour).
 */
export async function photo(width: number, height: number): Promise<ReturnType<typeof sharp>> {
  const noise = (seed: number) => {
    const px = Buffer.alloc(width * height * 3);
    let s = seed;
    for (let i = 0; i < px.length; i++) {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      px[i] = s >>> 24;
    }
    return px;
  };
  const raw = { raw: { width, height, channels: 3 as const } };
  const grain = await sharp(noise(2), raw).blur(0.8).png().toBuffer();
  const base = await sharp(noise(1), raw).blur(6).modulate({ saturation: 2.5 }).linear(2.5, -190).composite([{ input: grain, blend: 'soft-light' }]).png().toBuffer();
  return sharp(base);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A few hundred bytes of valid PNG whose header declares width × height RGB pixels. */
export function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(64 * 1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
