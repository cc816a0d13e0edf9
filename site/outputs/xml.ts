// XML 1.0 forbids most control characters even when escaped; feeds with one are
// rejected by strict readers, so they are removed before escaping.
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function stripInvalidXml(text: string): string {
  return text.replace(INVALID_XML, '');
}

/** Escaped for an attribute value (quotes too). */
export function escapeXml(text: string): string {
  return stripInvalidXml(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/**
 * Escaped for element content: only &, < and > (">" too, so "]]>" never appears). Quotes stay
 * characters, and the site's feeds use no CDATA: a reader that shows a section's text as HTML
 * showed "&apos;" literally, and "]]>" inside one needs splitting.
 */
export function escapeXmlText(text: string): string {
  return stripInvalidXml(text).replace(/[&<>]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c]!);
}

/** A CDATA section; "]]>" inside the text is split across two sections (the demo's sample feeds use it; the site's own feeds escape instead). */
export function cdata(text: string): string {
  return `<![CDATA[${stripInvalidXml(text).replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

/** `<name attr="…">escaped text</name>`, or '' when text is null/empty and optional. */
export function element(name: string, text: string | null | undefined, attrs: Record<string, string> = {}): string {
  if (text === null || text === undefined || text === '') return '';
  return `<${name}${attributes(attrs)}>${escapeXmlText(text)}</${name}>`;
}

export function attributes(attrs: Record<string, string | undefined>): string {
  return Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(v!)}"`)
    .join('');
}
