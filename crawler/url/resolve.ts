// Relative URLs resolved with the WHATWG URL parser, which decodes nothing but strips the tabs,
// newlines and leading control characters that "java\tscript:" tricks rely on, and lowercases
// the scheme; a scheme is judged only after that, on the resolved URL.

const WEB_PROTOCOLS = new Set(['http:', 'https:']);

/** The absolute form of `value` against `base`, or null if it is blank or not a URL. */
export function resolveUrl(value: string | null | undefined, base: string): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  try {
    return new URL(trimmed, base).href;
  } catch {
    return null;
  }
}

/** resolveUrl, kept only when the result is an http or https URL (never javascript:, data:, about:…). */
export function resolveWebUrl(value: string | null | undefined, base: string): string | null {
  const url = resolveUrl(value, base);
  return url !== null && isWebUrl(url) ? url : null;
}

export function isWebUrl(url: string): boolean {
  try {
    return WEB_PROTOCOLS.has(new URL(url).protocol);
  } catch {
    return false;
  }
}
