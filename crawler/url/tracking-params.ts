/**
 * Query parameters that only track a click and never select content. Matched case-insensitively;
 * an entry ending in '*' matches every key with that prefix.
 */
export const TRACKING_PARAMS: readonly string[] = [
  // Google Analytics / Ads
  'utm_*', '_ga', '_gl', 'gclid', 'gclsrc', 'dclid', 'gbraid', 'wbraid', 'srsltid',
  // Matomo / Piwik
  'mtm_*', 'pk_campaign', 'pk_kwd', 'pk_source', 'pk_medium', 'pk_content', 'pk_cid',
  // Social networks
  'fbclid', 'igshid', 'igsh', 'twclid', 'ttclid', 'li_fat_id', 'ref_src', 'ref_url', 'epik',
  // Microsoft, Yandex, Alibaba
  'msclkid', 'yclid', 'ysclid', '_openstat', 'spm',
  // Email marketing
  'mc_cid', 'mc_eid', '_hsenc', '_hsmi', 'hsctatracking', 'hsa_*', 'mkt_tok', 'vero_id', 'vero_conv',
  'oly_anon_id', 'oly_enc_id', 'ck_subscriber_id', 'wickedid', '__s', 'rb_clickid',
] as const;

const exact = new Set(TRACKING_PARAMS.filter((p) => !p.endsWith('*')));
const prefixes = TRACKING_PARAMS.filter((p) => p.endsWith('*')).map((p) => p.slice(0, -1));

/** `key` is the decoded parameter name. */
export function isTrackingParam(key: string): boolean {
  const k = key.toLowerCase();
  return exact.has(k) || prefixes.some((prefix) => k.startsWith(prefix));
}
