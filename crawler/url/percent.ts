// RFC 3986 §6.2.2 normalization of an already-encoded URL component: decode escapes of
// unreserved characters, uppercase the hex digits of the rest.
const UNRESERVED = /[A-Za-z0-9\-._~]/;

export function normalizePercentEncoding(component: string): string {
  return component.replace(/%([0-9a-fA-F]{2})/g, (_match, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

/** Decodes a form-encoded query key or value for comparison; malformed escapes are compared as written. */
export function decodeQueryPart(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/**
 * A URL whose every `%` starts an escape that decodes (decodeURI never throws on it): a lone `%`
 * ("100%") becomes `%25`, and so does the `%` of each escape in a run that is not UTF-8
 * ("%FF"). Markdown renderers decode link and image URLs, so one such URL in an article used
 * to stop a whole build. A URL that is already well formed comes back unchanged.
 */
export function wellFormedPercentEncoding(url: string): string {
  if (!url.includes('%')) return url;
  return url.replace(/(?:%[0-9a-fA-F]{2})+|%/g, (run) => {
    if (run === '%') return '%25';
    try {
      decodeURIComponent(run);
      return run;
    } catch {
      return run.replace(/%/g, '%25');
    }
  });
}
