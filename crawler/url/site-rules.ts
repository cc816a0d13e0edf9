// Per-site canonicalization rules, in the order they are tried. Each rule returns a rewritten URL
// or null when it does not apply; canonicalUrl() runs them until nothing changes. A rule only
// rewrites what is unambiguous: the same content, reachable at the returned address.

import { decodeQueryPart } from './percent.ts';

export interface SiteRule {
  name: string;
  apply(url: URL): URL | null;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
const YOUTUBE_ID_PATHS = /^\/(?:shorts|embed|v|e|live)\/([^/]+)\/?$/;

const REDDIT_HOSTS = new Set([
  'reddit.com', 'www.reddit.com', 'np.reddit.com', 'new.reddit.com', 'm.reddit.com', 'i.reddit.com',
  'amp.reddit.com', 'sh.reddit.com', 'old.reddit.com',
]);
/** Reddit share-link parameters; they never change the thread shown. */
const REDDIT_SHARE_PARAMS = ['share_id', 'rdt', 'ref', 'ref_source'];

/** Mobile hosts of sites that serve the same paths on their main host. */
export const MOBILE_HOSTS: Readonly<Record<string, string>> = {
  'm.facebook.com': 'www.facebook.com',
  'mobile.facebook.com': 'www.facebook.com',
  'mbasic.facebook.com': 'www.facebook.com',
  'touch.facebook.com': 'www.facebook.com',
  'm.twitter.com': 'twitter.com',
  'mobile.twitter.com': 'twitter.com',
  'm.x.com': 'x.com',
  'mobile.x.com': 'x.com',
  'm.imdb.com': 'www.imdb.com',
  'm.bbc.co.uk': 'www.bbc.co.uk',
  'm.bbc.com': 'www.bbc.com',
  'mobile.nytimes.com': 'www.nytimes.com',
  'm.linkedin.com': 'www.linkedin.com',
  'm.vk.com': 'vk.com',
  'm.imgur.com': 'imgur.com',
  'm.twitch.tv': 'www.twitch.tv',
  'm.wikidata.org': 'www.wikidata.org',
  'm.mediawiki.org': 'www.mediawiki.org',
};
/** Wikimedia projects put the mobile marker second: en.m.wikipedia.org → en.wikipedia.org. */
const WIKIMEDIA_MOBILE = /^([a-z0-9-]+)\.m\.(wikipedia|wiktionary|wikibooks|wikinews|wikiquote|wikisource|wikiversity|wikivoyage|wikimedia|wikifunctions)\.org$/;

/** Query parameters the AMP caches add to the origin's own query. */
const AMP_CACHE_PARAMS = ['amp_js_v', 'amp_gsa', 'amp_tf', 'amp_ct', 'amp_r', 'usqp', 'aoh', 'ampshare'];
/** `/c/s/example.com/path` (https origin) or `/c/example.com/path` (http origin); c = content, v = viewer, i = image… */
const AMP_CACHE_PATH = /^\/(?:c|v|i|r|m|wp|ww)\/(s\/)?([^/]+)(\/.*)?$/;
const GOOGLE_AMP_VIEWER_PATH = /^\/amp\/(s\/)?([^/]+)(\/.*)?$/;
/** Common two-label public suffixes (co.uk, com.au…): never the main host of anything. */
const SECOND_LEVEL_SUFFIX = /^(?:co|com|org|net|ac|gov|edu|or|ne|go)\.[a-z]{2}$/;
const GOOGLE_HOST = /^(?:www\.)?google\.(?:com|[a-z]{2,3}|co\.[a-z]{2}|com\.[a-z]{2})$/;

function withParams(url: URL, drop: (key: string, value: string) => boolean): URL {
  const out = new URL(url.href);
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((part) => {
      if (part === '') return false;
      const eq = part.indexOf('=');
      const key = decodeQueryPart(eq === -1 ? part : part.slice(0, eq));
      const value = eq === -1 ? '' : decodeQueryPart(part.slice(eq + 1));
      return !drop(key, value);
    });
  out.search = kept.length ? `?${kept.join('&')}` : '';
  return out;
}

/** Built in normalized (sorted) parameter order, so an already canonical URL is left unchanged. */
function youtubeWatch(id: string, time: string | null): URL {
  const t = time ? `t=${encodeURIComponent(time)}&` : '';
  return new URL(`https://www.youtube.com/watch?${t}v=${id}`);
}

function fromEmbeddedOrigin(secure: string | undefined, host: string, rest: string | undefined, search: string): URL | null {
  if (/[@:\\%]/.test(host)) return null; // credentials, ports or escapes: not a plain origin host
  const origin = URL.parse(`${secure ? 'https' : 'http'}://${host}${rest ?? '/'}${search}`);
  return origin && withParams(origin, (key) => AMP_CACHE_PARAMS.includes(key.toLowerCase()));
}

export const SITE_RULES: readonly SiteRule[] = [
  {
    name: 'amp-cache', // https://example-com.cdn.ampproject.org/c/s/example.com/post → https://example.com/post
    apply(url) {
      if (url.hostname !== 'cdn.ampproject.org' && !url.hostname.endsWith('.cdn.ampproject.org')) return null;
      const m = AMP_CACHE_PATH.exec(url.pathname);
      return m ? fromEmbeddedOrigin(m[1], m[2], m[3], url.search) : null;
    },
  },
  {
    name: 'google-amp-viewer', // https://www.google.com/amp/s/example.com/post → https://example.com/post
    apply(url) {
      if (!GOOGLE_HOST.test(url.hostname)) return null;
      const m = GOOGLE_AMP_VIEWER_PATH.exec(url.pathname);
      return m ? fromEmbeddedOrigin(m[1], m[2], m[3], url.search) : null;
    },
  },
  {
    name: 'reddit',
    apply(url) {
      if (url.hostname === 'redd.it') {
        const m = /^\/([a-z0-9]+)\/?$/i.exec(url.pathname);
        return m ? new URL(`https://old.reddit.com/comments/${m[1].toLowerCase()}/`) : null;
      }
      if (!REDDIT_HOSTS.has(url.hostname)) return null;
      const out = withParams(url, (key) => REDDIT_SHARE_PARAMS.includes(key.toLowerCase()));
      out.protocol = 'https:';
      out.hostname = 'old.reddit.com';
      out.port = '';
      out.pathname = out.pathname.replace(/\/\.(?:compact|i)$/, '/');
      return out;
    },
  },
  {
    name: 'youtube',
    apply(url) {
      if (url.hostname === 'youtu.be' || url.hostname === 'www.youtu.be') {
        const id = url.pathname.replace(/^\/|\/$/g, '');
        return YOUTUBE_ID.test(id) ? youtubeWatch(id, url.searchParams.get('t')) : null;
      }
      if (!YOUTUBE_HOSTS.has(url.hostname)) return null;
      if (url.pathname === '/watch') {
        const id = url.searchParams.get('v');
        return id && YOUTUBE_ID.test(id) ? youtubeWatch(id, url.searchParams.get('t')) : null;
      }
      const m = YOUTUBE_ID_PATHS.exec(url.pathname);
      if (m && YOUTUBE_ID.test(m[1])) return youtubeWatch(m[1], url.searchParams.get('t') ?? url.searchParams.get('start'));
      if (url.hostname.includes('nocookie')) return null; // only embeds live there
      const out = withParams(url, (key) => key === 'si' || key === 'feature');
      out.protocol = 'https:';
      out.hostname = 'www.youtube.com';
      return out;
    },
  },
  {
    name: 'mobile-host',
    apply(url) {
      const main = MOBILE_HOSTS[url.hostname] ?? url.hostname.replace(WIKIMEDIA_MOBILE, '$1.$2.org');
      if (main === url.hostname) return null;
      const out = new URL(url.href);
      out.hostname = main;
      return out;
    },
  },
  {
    name: 'amp-host', // amp.example.com → example.com (never a bare amp.<tld> such as amp.dev)
    apply(url) {
      if (!url.hostname.startsWith('amp.') || url.hostname.split('.').length < 3) return null;
      const rest = url.hostname.slice(4);
      if (SECOND_LEVEL_SUFFIX.test(rest)) return null; // amp.co.uk is a site, not a variant of co.uk
      const out = new URL(url.href);
      out.hostname = rest;
      return out;
    },
  },
  {
    name: 'amp-path', // /post/amp/ → /post/, /post/amp → /post, /post.amp.html → /post.html
    apply(url) {
      let path = url.pathname.replace(/^(\/.*[^/])\/amp(\/?)$/i, '$1$2');
      path = path.replace(/^(\/.+)\.amp\.html$/i, '$1.html');
      if (path === url.pathname) return null;
      const out = new URL(url.href);
      out.pathname = path;
      return out;
    },
  },
  {
    name: 'amp-query', // ?amp, ?amp=1, ?outputType=amp…
    apply(url) {
      const isAmpParam = (key: string, value: string) => {
        const k = key.toLowerCase();
        const v = value.toLowerCase();
        if (k === 'amp' || k === '_amp') return v === '' || v === '1' || v === 'true' || v === 'yes';
        return (k === 'outputtype' || k === 'output') && v === 'amp';
      };
      const out = withParams(url, isAmpParam);
      return out.href === url.href ? null : out;
    },
  },
];
