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
