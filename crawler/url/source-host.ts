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

/**
 * sourceHost for many addresses of few sources (a site's articles: a few hundred sources): each
 * origin is parsed once. The part before the first '/' after '//' holds the whole authority (a URL
 * parser ends it there or sooner), so every address that starts with it has the same host.
 */
export function sourceHostsOf(): (url: string) => string | null {
  const hosts = new Map<string, string | null>();
  return (url) => {
    const origin = url.slice(0, url.indexOf('/', url.indexOf('//') + 2) >>> 0);
    let host = hosts.get(origin);
    if (host === undefined) hosts.set(origin, (host = sourceHost(url)));
    return host;
  };
}
