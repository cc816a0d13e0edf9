import { createHash } from 'node:crypto';

// The site's Content Security Policies, in one place for the build (astro.config.mjs hands
// PAGE_DIRECTIVES to Astro, which adds the hashes of the inline styles it writes and puts a
// <meta http-equiv> in every page), for the AMP pages (a header only: AMP forbids the meta
// tag), and for whatever serves dist/ (scripts/serve.ts here, the CDN in production).

/**
 * The one inline script: applies the saved theme before the first paint (a file would
 * flash the wrong theme) and marks the page as having JavaScript. Allowed by its hash.
 */
export const THEME_BOOTSTRAP =
  "try{var t=localStorage.getItem('theme');if(t==='dark'||t==='light')document.documentElement.dataset.theme=t}catch(e){}document.documentElement.classList.add('js')";

/** A CSP hash source ('sha256-…') for an inline script or style. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * Remote images: article bodies and unprocessed lead images point to their sources, over
 * https (prepareBodyHtml upgrades http; an https page would have the browser do it anyway).
 */
export const IMG_SRC = "img-src 'self' data: https:";

/** The URL an image should be requested from under IMG_SRC: http upgraded to https. */
export function policyImageUrl(src: string): string {
  return src.replace(/^\s*http:\/\//i, 'https://');
}

/** Whether IMG_SRC allows an image URL as it is: site-relative, a data: image or https. */
export function isAllowedImageUrl(src: string): boolean {
  return /^(https:\/\/|data:image\/)/i.test(src) || (src.startsWith('/') && !src.startsWith('//'));
}

/** Directives of every page besides script-src and style-src, which Astro writes with its hashes. */
export const PAGE_DIRECTIVES = [
  "default-src 'self'",
  IMG_SRC,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
] as const;

/** script-src sources besides hashes: the bundles, and Pagefind's search, which compiles WebAssembly. */
export const PAGE_SCRIPT_SOURCES = ["'self'", "'wasm-unsafe-eval'"] as const;
export const PAGE_STYLE_SOURCES = ["'self'"] as const;

/** Only a header can say who may frame a page (browsers ignore frame-ancestors in a meta tag). */
export const HEADER_ONLY_DIRECTIVES = ["frame-ancestors 'none'"] as const;

/**
 * For a CDN that can only send one fixed header for all pages (a CloudFront response
 * headers policy): the directives that hold for every page of every build. It restricts
 * nothing the page's own <meta> policy allows (no default-src, which would also govern the
 * hashed inline styles); the meta policy does the rest. cspHeader() gives the full header.
 */
export const STATIC_PAGE_HEADER_POLICY = ["object-src 'none'", "base-uri 'self'", "form-action 'self'", ...HEADER_ONLY_DIRECTIVES].join('; ');

/**
 * The site's own scripts (dist/_astro/): a worker runs under the policy sent with its script,
 * never the page's, so each of them is sent with this one. The data console's worker (sql.js)
 * may load scripts and compile WebAssembly from the site and read the site's files, and nothing
 * else: no other origin, whatever SQL a reader runs. For a script a page loads, the header means nothing.
 */
export const SCRIPT_FILE_POLICY = ["default-src 'none'", "script-src 'self' 'wasm-unsafe-eval'", "connect-src 'self'"].join('; ');

/** Files sent with SCRIPT_FILE_POLICY: the bundles Astro writes (its workers among them). */
export function isScriptFile(path: string): boolean {
  return path.startsWith('_astro/');
}

const AMP_CDN = 'https://cdn.ampproject.org';

/**
 * AMP pages: the runtime and its extensions come from the AMP CDN, and the runtime writes
 * inline styles (AMP's own recommended policy needs 'unsafe-inline' for style-src). Sent as
 * a header, since the AMP validator rejects <meta http-equiv="Content-Security-Policy">.
 * No frame-ancestors: AMP viewers show pages in frames.
 */
export const AMP_POLICY = [
  "default-src 'self'",
  `script-src ${AMP_CDN}/v0.js ${AMP_CDN}/v0/ ${AMP_CDN}/lts/ ${AMP_CDN}/rtv/`,
  `style-src 'unsafe-inline' ${AMP_CDN}/rtv/`,
  IMG_SRC,
  `connect-src 'self' ${AMP_CDN}`,
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

const META_CSP = /<meta http-equiv="content-security-policy" content="([^"]*)"/i;

/** The policy in a page's <meta http-equiv="Content-Security-Policy">, or null. */
export function metaPolicy(html: string): string | null {
  const m = META_CSP.exec(html);
  return m ? m[1].replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').trim().replace(/;$/, '') : null;
}

/** Whether a file of dist/ (relative path) is an AMP page. */
export function isAmpPage(path: string): boolean {
  return /^\/?amp\/.+\.html$/.test(path);
}

/**
 * The Content-Security-Policy header for an HTML file of dist/ (path relative to dist/):
 * the AMP policy for AMP pages; otherwise the page's own meta policy plus the header-only
 * directives. Null when a page carries no policy (nothing to repeat).
 */
export function cspHeader(path: string, html: string): string | null {
  if (isAmpPage(path)) return AMP_POLICY;
  const meta = metaPolicy(html);
  return meta ? [meta, ...HEADER_ONLY_DIRECTIVES].join('; ') : null;
}
