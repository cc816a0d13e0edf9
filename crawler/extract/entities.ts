// Character references left in text that was not parsed as HTML (meta content escaped twice,
// JSON-LD strings holding markup).

// Some CMSs double-escape meta content ("Tom &amp; Jerry" arrives as "Tom &amp;amp; Jerry").
export function decodeEntities(text: string): string {
  return text
    .replace(/&(?:amp;)?(quot|apos|lt|gt|nbsp|amp|#\d{1,6}|#x[\da-f]{1,6});/gi, (m, name: string) => {
      const lower = name.toLowerCase();
      if (lower.startsWith('#x')) return safeChar(parseInt(lower.slice(2), 16)) ?? m;
      if (lower.startsWith('#')) return safeChar(parseInt(lower.slice(1), 10)) ?? m;
      return ({ quot: '"', apos: "'", lt: '<', gt: '>', nbsp: ' ', amp: '&' } as Record<string, string>)[lower] ?? m;
    })
    .trim();
}

function safeChar(code: number): string | null {
  return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : null;
}

