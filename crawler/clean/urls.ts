// URL decisions for article HTML: srcset candidates and inline data: images.

export interface SrcsetCandidate {
  url: string;
  width?: number;
  density?: number;
}

/**
 * Parses a srcset value following the HTML algorithm's shape: a URL is a run of non-space
 * characters (it may contain commas, as CDN URLs like `w_300,h_200` do); a trailing comma
 * ends a candidate without descriptors; otherwise descriptors run to the next comma.
 */
export function parseSrcset(value: string): SrcsetCandidate[] {
  const out: SrcsetCandidate[] = [];
  let i = 0;
  const n = value.length;
  const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f';
  while (i < n) {
    while (i < n && (isSpace(value[i]) || value[i] === ',')) i++;
    if (i >= n) break;
    let start = i;
    while (i < n && !isSpace(value[i])) i++;
    let url = value.slice(start, i);
    let descriptors = '';
    if (url.endsWith(',')) {
      url = url.replace(/,+$/, '');
    } else {
      start = i;
      let depth = 0;
      while (i < n && (value[i] !== ',' || depth > 0)) {
        if (value[i] === '(') depth++;
        else if (value[i] === ')') depth = Math.max(0, depth - 1);
        i++;
      }
      descriptors = value.slice(start, i).trim();
    }
    if (!url) continue;
    const candidate: SrcsetCandidate = { url };
    for (const d of descriptors.split(/\s+/)) {
      const m = /^(\d+(?:\.\d+)?)([wx])$/i.exec(d);
      if (!m) continue;
      if (m[2].toLowerCase() === 'w') candidate.width = Number(m[1]);
      else candidate.density = Number(m[1]);
    }
    out.push(candidate);
  }
  return out;
}

/** The width an article image is shown at; from a srcset we take the smallest candidate at least this wide. */
const PREFERRED_WIDTH = 800;

/** Picks one URL from srcset candidates: the smallest width ≥ 800 px, else the widest; by density, the highest. */
export function pickFromSrcset(candidates: SrcsetCandidate[]): string | null {
  if (candidates.length === 0) return null;
  const withWidth = candidates.filter((c) => c.width !== undefined);
  if (withWidth.length > 0) {
    const sorted = [...withWidth].sort((a, b) => a.width! - b.width!);
    return (sorted.find((c) => c.width! >= PREFERRED_WIDTH) ?? sorted[sorted.length - 1]).url;
  }
  return [...candidates].sort((a, b) => (b.density ?? 1) - (a.density ?? 1))[0].url;
}

const DATA_IMAGE = /^data:image\/(png|jpeg|jpg|gif|webp|avif);base64,([a-z0-9+/\s]*={0,2})$/i;

/**
 * Whether a `data:` URL is an inline image we keep: base64 PNG, JPEG, GIF, WebP or AVIF (never
 * SVG, which can carry script), at most `maxBytes` decoded, and not a 1×1-style spacer.
 */
export function isAcceptableDataImage(url: string, maxBytes: number): boolean {
  const m = DATA_IMAGE.exec(url.trim());
  if (!m) return false;
  const payload = m[2].replace(/\s+/g, '');
  if (payload.length % 4 === 1) return false;
  const bytes = Buffer.from(payload, 'base64');
  if (bytes.length === 0 || bytes.length > maxBytes) return false;
  const size = rasterSize(bytes);
  return !size || (size.width > 2 && size.height > 2);
}

/** Pixel size from a PNG or GIF header; null for other formats. */
function rasterSize(bytes: Buffer): { width: number; height: number } | null {
  if (bytes.length >= 24 && bytes.readUInt32BE(0) === 0x89504e47) return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes.length >= 10 && bytes.toString('latin1', 0, 3) === 'GIF') return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  return null;
}
