export type { NormalizedUrl, UrlErrorCode, UrlResult, UrlPolicy } from './types.ts';
export { normalizeUrl, normalizedUrl, MAX_URL_LENGTH } from './normalize.ts';
export { wellFormedPercentEncoding } from './percent.ts';
export { canonicalUrl } from './canonical.ts';
export { addressKeys, equivalenceKey, sameAddress, storedAddressKeys, type AddressKeys } from './equivalence.ts';
export { TRACKING_PARAMS, isTrackingParam } from './tracking-params.ts';
export { isIpLiteral, isNonPublicHost, matchesHostPattern, NON_PUBLIC_SUFFIXES } from './host.ts';
export { sourceHost } from './source-host.ts';
export { SITE_RULES, MOBILE_HOSTS, type SiteRule } from './site-rules.ts';
