// ICO files hold several images, each a PNG or a BMP without its file header. sharp reads
// neither the container nor those headerless BMPs, so the largest PNG inside is taken out here;
// an ICO with only BMP images has no usable icon (the caller falls back or goes without).

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Whether the bytes start like an ICO file (reserved 0, type 1, at least one image). */
export function isIco(bytes: Buffer): boolean {
  return bytes.length >= 6 && bytes.readUInt16LE(0) === 0 && bytes.readUInt16LE(2) === 1 && bytes.readUInt16LE(4) > 0;
}

/** The largest PNG image in an ICO file (by the directory's width × height), or null when it holds none. */
export function largestPngInIco(bytes: Buffer): Buffer | null {
  if (!isIco(bytes)) return null;
  const count = bytes.readUInt16LE(4);
  let best: { area: number; data: Buffer } | null = null;
  for (let i = 0; i < count; i++) {
    const at = 6 + i * 16;
    if (at + 16 > bytes.length) break;
    // A width or height byte of 0 means 256.
    const width = bytes[at]! || 256;
    const height = bytes[at + 1]! || 256;
    const size = bytes.readUInt32LE(at + 8);
    const offset = bytes.readUInt32LE(at + 12);
    if (size < PNG_MAGIC.length || offset + size > bytes.length) continue;
    const data = bytes.subarray(offset, offset + size);
    if (!data.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) continue;
    if (!best || width * height > best.area) best = { area: width * height, data };
  }
  return best?.data ?? null;
}

/** An ICO file holding the given PNG images (each with its pixel size): for tests and the sample web. */
export function icoOf(images: Array<{ size: number; png: Buffer }>): Buffer {
  const header = Buffer.alloc(6 + images.length * 16);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach((image, i) => {
    const at = 6 + i * 16;
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
