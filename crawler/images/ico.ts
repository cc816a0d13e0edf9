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
