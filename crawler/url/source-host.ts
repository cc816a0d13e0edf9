// A source, as readers see it, is a host: every feed, sitemap and article address on
// orbitalnotes.test or www.orbitalnotes.test is one source, "orbitalnotes.test". This is the one
// rule that names it; the site's source pages (/sources/<host>/), the source's icon and the
// health the build summarizes from the crawler's state all key on it.

/** The source host of an address: its host name without a leading `www.`, safe as one path segment; null when it has none. */
export function sourceHost(url: string): string | null {
  const parsed = URL.parse(url);
  if (!parsed?.hostname) return null;
  // WHATWG host names are already lowercase and punycode; only IPv6 brackets and colons need replacing.
  const host = parsed.hostname.toLowerCase().replace(/\.$/, '').replace(/^www\.(?=.+\.)/, '').replace(/[^a-z0-9.-]/g, '-');
  // "..", "." and the like would be a path, not a name.
  return /^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(host) ? host : null;
}
