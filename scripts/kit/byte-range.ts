// One `Range: bytes=…` request header against a file's size (RFC 9110 §14): the span to send, the
// answer 416 for a range past the end, or null to send the whole file (no header, another unit,
// or several ranges, which a server may answer whole).

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

export function byteRange(header: string | undefined, size: number): ByteRange {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // The last n bytes.
    const n = Number(m[2]);
    if (n === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
