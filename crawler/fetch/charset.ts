import { isUtf8 } from 'node:buffer';

// Charset choice, in the order browsers use (WHATWG "encoding sniffing"): a byte order mark wins
// over everything, then the Content-Type charset, then <meta charset> / http-equiv (HTML) or the
// XML declaration, then UTF-8. One deliberate extra: servers often declare a legacy single-byte
// charset (Apache's old ISO-8859-1 default) for pages that are UTF-8; when the declared charset is
// single-byte and the body is valid UTF-8 with multi-byte sequences, it is UTF-8. Real text in a
// single-byte charset almost never forms valid multi-byte UTF-8 by accident.

export type CharsetSource = 'bom' | 'header' | 'meta' | 'xml' | 'utf8-detected' | 'default';

export interface DecodedText {
  text: string;
  /** WHATWG encoding name actually used. */
  charset: string;
  source: CharsetSource;
}

const PRESCAN_BYTES = 4096;

const SINGLE_BYTE = new Set([
  'ibm866', 'iso-8859-2', 'iso-8859-3', 'iso-8859-4', 'iso-8859-5', 'iso-8859-6', 'iso-8859-7', 'iso-8859-8',
  'iso-8859-8-i', 'iso-8859-10', 'iso-8859-13', 'iso-8859-14', 'iso-8859-15', 'iso-8859-16', 'koi8-r', 'koi8-u',
  'macintosh', 'windows-874', 'windows-1250', 'windows-1251', 'windows-1252', 'windows-1253', 'windows-1254',
  'windows-1255', 'windows-1256', 'windows-1257', 'windows-1258', 'x-mac-cyrillic',
]);

/** WHATWG encoding name for a label, or null when TextDecoder does not know it. */
function encodingForLabel(label: string | null | undefined): string | null {
  if (!label) return null;
  try {
    return new TextDecoder(label.trim()).encoding;
  } catch {
    return null;
  }
}

function bomEncoding(bytes: Buffer): string | null {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/** The charset named by <meta charset> or <meta http-equiv content="…; charset=…"> near the start. */
function metaCharset(bytes: Buffer): string | null {
  const head = bytes.subarray(0, PRESCAN_BYTES).toString('latin1');
  const tag = /<meta\b[^>]*?\bcharset\s*=\s*["']?\s*([\w.:+-]+)/i.exec(head);
  if (!tag) return null;
  const encoding = encodingForLabel(tag[1]);
  if (!encoding) return null;
  // A page cannot declare UTF-16 from inside ASCII-compatible bytes; x-user-defined means windows-1252.
  if (encoding.startsWith('utf-16')) return 'utf-8';
  if (encoding === 'x-user-defined') return 'windows-1252';
  return encoding;
}

function xmlDeclaredCharset(bytes: Buffer): string | null {
  const head = bytes.subarray(0, 256).toString('latin1');
  const m = /^\s*<\?xml\b[^>]*?\bencoding\s*=\s*["']([\w.:+-]+)["']/i.exec(head);
  const encoding = encodingForLabel(m?.[1]);
  return encoding?.startsWith('utf-16') ? 'utf-8' : encoding;
}

export interface DecodeHints {
  /** charset parameter of the Content-Type header. */
  headerCharset: string | null;
  /** Look for <meta charset> (HTML) and the XML declaration. */
  html: boolean;
  xml: boolean;
}

export function chooseCharset(bytes: Buffer, hints: DecodeHints): { charset: string; source: CharsetSource } {
  const bom = bomEncoding(bytes);
  if (bom) return { charset: bom, source: 'bom' };
  let declared: { charset: string; source: CharsetSource } | null = null;
  const fromHeader = encodingForLabel(hints.headerCharset);
  if (fromHeader) declared = { charset: fromHeader, source: 'header' };
  if (!declared && hints.html) {
    const fromMeta = metaCharset(bytes);
    if (fromMeta) declared = { charset: fromMeta, source: 'meta' };
  }
  if (!declared && hints.xml) {
    const fromXml = xmlDeclaredCharset(bytes);
    if (fromXml) declared = { charset: fromXml, source: 'xml' };
  }
  if (!declared) return { charset: 'utf-8', source: 'default' };
  if (SINGLE_BYTE.has(declared.charset) && hasNonAscii(bytes) && isUtf8(bytes)) return { charset: 'utf-8', source: 'utf8-detected' };
  return declared;
}

function hasNonAscii(bytes: Buffer): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i] >= 0x80) return true;
  return false;
}

/** Never throws: invalid bytes become U+FFFD. */
export function decodeText(bytes: Buffer, hints: DecodeHints): DecodedText {
  const { charset, source } = chooseCharset(bytes, hints);
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset, { fatal: false, ignoreBOM: false });
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return { text: decoder.decode(bytes), charset: decoder.encoding, source };
}
