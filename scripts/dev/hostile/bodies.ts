import type { ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';

// Bodies that are expensive to receive and cheap to send: endless or huge streams written with
// backpressure (only what the client reads is ever produced), compression bombs compressed on
// the fly, and a PNG whose header promises 400 million pixels.

export const MB = 1024 * 1024;

/** Writes `chunk` again and again until `total` bytes went out or the client left; ends the response if it got them all. */
export async function pump(res: ServerResponse, chunk: Buffer, total = Infinity): Promise<void> {
  let sent = 0;
  while (sent < total && !res.destroyed) {
    const piece = total - sent >= chunk.length ? chunk : chunk.subarray(0, total - sent);
    sent += piece.length;
    if (!res.write(piece)) await drained(res);
  }
  if (!res.destroyed) res.end();
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/** `total` bytes of `fill`, produced lazily. */
function repeated(total: number, fill: Buffer): Readable {
  let produced = 0;
  return new Readable({
    read() {
      if (produced >= total) return void this.push(null);
      produced += fill.length;
      this.push(fill);
    },
  });
}

/** A gigabyte of HTML-looking filler, compressed as it is sent: a few hundred KB on the wire per 100 MB decoded. */
export function compressionBomb(res: ServerResponse, encoding: 'gzip' | 'br'): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-encoding': encoding });
  const compressor = encoding === 'gzip' ? zlib.createGzip({ level: 1 }) : zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } });
  const source = repeated(1024 * MB, Buffer.alloc(64 * 1024, '<p>a</p>'));
  source.pipe(compressor).pipe(res);
  res.on('close', () => {
    source.destroy();
    compressor.destroy();
  });
}

function crc32(buf: Buffer): number {
  let crc = 0xffffffff;
  for (let n = 0; n < buf.length; n++) {
    crc ^= buf[n]!;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

let pngBombCache: Buffer | null = null;

/** A valid 20000×20000 greyscale PNG of zeros: ~390 KB on disk, 400 MB once decoded. */
export function pngBomb(): Buffer {
  if (pngBombCache) return pngBombCache;
  const side = 20_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  // Rows of zeros (a filter byte and the pixels), deflated a thousand rows at a time.
  const rows = Buffer.alloc((side + 1) * 1000);
  // One zlib stream of 20 identical runs: raw deflate blocks ended by a full flush can be
  // concatenated, then an empty final block, then the Adler-32 of the whole (all zeros).
  const raw = zlib.deflateRawSync(rows, { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const blocks = Buffer.concat(Array.from({ length: side / 1000 }, () => raw));
  const zlibStream = Buffer.concat([Buffer.from([0x78, 0xda]), blocks, Buffer.from([0x03, 0x00]), adler32Zeros(rows.length * (side / 1000))]);
  pngBombCache = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlibStream),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
  return pngBombCache;
}

/** Adler-32 of `length` zero bytes: a stays 1, b grows by 1 per byte. */
function adler32Zeros(length: number): Buffer {
  const a = 1;
  const b = length % 65521;
  const out = Buffer.alloc(4);
  out.writeUInt32BE(((b << 16) | a) >>> 0);
  return out;
}
