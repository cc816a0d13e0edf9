import { AMP_POLICY, cspHeader, isAmpPage, isScriptFile, SCRIPT_FILE_POLICY, STATIC_PAGE_HEADER_POLICY } from './csp.ts';

// The response headers a page needs beyond what S3 can carry (S3 keeps Content-Type and
// Cache-Control per object, nothing else a browser reads as policy). `npm run serve` sends them;
// for CloudFront the build writes them as two response headers policies (pages, and AMP pages,
// which AMP viewers show in frames) ready for `aws cloudfront create-response-headers-policy`.

/** Sent with every file. HSTS without includeSubDomains: the owner's other subdomains are not ours to decide. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Strict-Transport-Security': 'max-age=31536000',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
  'X-Content-Type-Options': 'nosniff',
};

/** Headers of an HTML file of dist/ (path relative to dist/): the security headers, its CSP, and for pages that must not be framed, X-Frame-Options. */
export function pageHeaders(path: string, html: string): Record<string, string> {
  const headers: Record<string, string> = { ...SECURITY_HEADERS };
  const policy = cspHeader(path, html);
  if (policy) headers['Content-Security-Policy'] = policy;
  if (!isAmpPage(path)) headers['X-Frame-Options'] = 'DENY';
  return headers;
}

/** Headers of any other file of dist/ (path relative to dist/): the security headers, and for the site's scripts the policy their workers run under. */
export function fileHeaders(path: string): Record<string, string> {
  return isScriptFile(path) ? { ...SECURITY_HEADERS, 'Content-Security-Policy': SCRIPT_FILE_POLICY } : { ...SECURITY_HEADERS };
}

export type HeadersPolicyKind = 'pages' | 'amp' | 'scripts';

const POLICY_OF: Record<HeadersPolicyKind, string> = { pages: STATIC_PAGE_HEADER_POLICY, amp: AMP_POLICY, scripts: SCRIPT_FILE_POLICY };
const COMMENT_OF: Record<HeadersPolicyKind, string> = {
  pages: 'Gleaner pages: CSP, no framing, HSTS, referrer and permissions policy',
  amp: 'Gleaner AMP pages (/amp/*): AMP CSP, HSTS, referrer and permissions policy',
  scripts: 'Gleaner scripts (/_astro/*): the CSP their workers run under, HSTS, referrer and permissions policy',
};

/**
 * A CloudFront ResponseHeadersPolicyConfig: for pages, the CSP a fixed header can carry
 * (STATIC_PAGE_HEADER_POLICY: the page's own meta policy does the rest) and no framing; for
 * AMP pages (behaviour /amp/*), AMP_POLICY and framing allowed; for the site's scripts (behaviour
 * /_astro/*), SCRIPT_FILE_POLICY, which confines the workers started from them.
 */
export function cloudFrontHeadersPolicy(kind: HeadersPolicyKind, siteName: string): Record<string, unknown> {
  const name = `${siteName.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 100) || 'gleaner'}-${kind}`.slice(0, 128);
  const hsts = /^max-age=(\d+)/.exec(SECURITY_HEADERS['Strict-Transport-Security']!)!;
  const custom = [{ Header: 'Permissions-Policy', Value: SECURITY_HEADERS['Permissions-Policy'], Override: true }];
  return {
    Name: name,
    Comment: COMMENT_OF[kind],
    SecurityHeadersConfig: {
      ContentSecurityPolicy: { Override: true, ContentSecurityPolicy: POLICY_OF[kind] },
      ...(kind === 'pages' ? { FrameOptions: { Override: true, FrameOption: 'DENY' } } : {}),
      ReferrerPolicy: { Override: true, ReferrerPolicy: SECURITY_HEADERS['Referrer-Policy'] },
      StrictTransportSecurity: { Override: true, AccessControlMaxAgeSec: Number(hsts[1]), IncludeSubdomains: false, Preload: false },
      ContentTypeOptions: { Override: true },
    },
    CustomHeadersConfig: { Quantity: custom.length, Items: custom },
  };
}
