import { z } from 'zod';
import { isResolveTarget } from './resolve-map.ts';
import { extractionSchema, rulesSchema } from './rules.ts';

// The one schema for site.config.ts. Every field a fork may set has a safe default,
// so the smallest valid config is a title, a URL and one topic with one source.

/** Top-level routes the site uses for itself; a topic cannot take them. */
export const RESERVED_TOPIC_SLUGS = ['amp', 'tags', 'search', 'data', 'about', 'privacy', 'terms', 'dmca', 'media', 'pagefind', 'icons', 'sitemaps', 'page', '404', 'sources', 'archive', 'stories', 'daily'];

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lowercase letters, digits and single hyphens, like "web-dev"')
  .max(60, 'must be at most 60 characters');

const httpUrl = z
  .string()
  .refine((value) => {
    try {
      const u = new URL(value);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an absolute http(s) URL, like "https://example.com/feed.xml"');

/** Config URLs end up in the public database and logs; secrets belong in the environment. */
const CREDENTIALS_IN_URL = 'must not contain a user name or password: the config and the database are public, so keep secrets in the environment';
function hasCredentials(value: string): boolean {
  const u = URL.parse(value);
  return u !== null && (u.username !== '' || u.password !== '');
}

/**
 * How much of a source's articles the site republishes: 'full' the whole text (with the rights
 * holder's permission or a licence), 'excerpt' the lead paragraphs and a link to the original
 * (canonical to it), 'link' only the title, the source's own description and the link.
 */
export const reuseModeSchema = z.enum(['full', 'excerpt', 'link']);
export type ReuseMode = z.output<typeof reuseModeSchema>;

/**
 * How a source's (or topic's, or the whole site's) pages are read, beside the reuse mode:
 * `render` loads every page in Chromium before extracting (for sites that build their pages with
 * scripts); `archive` keeps a copy of what was fetched (raw HTML and headers, and with Chromium a
 * screenshot and a PDF) under archive/, deployed to /archive/<id>/. Unset: the topic's, then the site's.
 */
const pageOptions = { render: z.boolean().optional(), archive: z.boolean().optional() };

/**
 * What readers see a source's host called (cards, source pages, feeds). Unset: what the host calls
 * itself (its feed's title, og:site_name, …: crawler/url/source-name.ts), else the host.
 */
const sourceNameSchema = z
  .string()
  .trim()
  .min(1, 'must not be empty; leave `name` out to use the name the source gives itself')
  .max(80, 'must be at most 80 characters, like "The Daily Parallax"');

/** A source is where candidate URLs come from. A bare string is a feed URL. */
export const sourceSchema = z.union([
  httpUrl.transform((url) => ({ kind: 'feed' as const, url })),
  z.object({ kind: z.literal('feed'), url: httpUrl, name: sourceNameSchema.optional(), mode: reuseModeSchema.optional(), rules: rulesSchema.optional(), ...pageOptions }).strict(),
  z.object({ kind: z.literal('sitemap'), url: httpUrl, name: sourceNameSchema.optional(), mode: reuseModeSchema.optional(), rules: rulesSchema.optional(), ...pageOptions }).strict(),
  z.object({ kind: z.literal('discourse'), url: httpUrl, name: sourceNameSchema.optional(), mode: reuseModeSchema.optional(), rules: rulesSchema.optional(), ...pageOptions }).strict(),
  /** A site's home page: its <link rel="alternate"> feeds are added as sources. */
  z.object({ kind: z.literal('site'), url: httpUrl, name: sourceNameSchema.optional(), mode: reuseModeSchema.optional(), rules: rulesSchema.optional(), ...pageOptions }).strict(),
  /** A published OPML list (a blogroll, another aggregator's /opml.xml): each feed in it becomes a feed source of the topic, read again whenever this source is due. Its feeds' hosts vary, so their reuse mode is the topic's. */
  z.object({ kind: z.literal('opml'), url: httpUrl, rules: rulesSchema.optional() }).strict(),
  /** Keyword search through the configured SearXNG instance, using the topic's keywords. */
  z.object({ kind: z.literal('search'), rules: rulesSchema.optional() }).strict(),
]);

export const topicSchema = z
  .object({
    slug: slug.refine((value) => !RESERVED_TOPIC_SLUGS.includes(value), {
      message: `is a page the site uses itself; choose another (reserved: ${RESERVED_TOPIC_SLUGS.join(', ')})`,
    }),
    name: z.string().min(1, 'must not be empty'),
    description: z.string().default(''),
    keywords: z.array(z.string().min(1)).default([]),
    sources: z.array(sourceSchema).min(1, 'needs at least one source, like ["https://example.com/feed.xml"]'),
    /** The reuse mode of this topic's sources that set none (else publish.mode). */
    mode: reuseModeSchema.optional(),
    /** Block and keep rules for this topic's articles (see crawler/rules/evaluate.ts). */
    rules: rulesSchema.optional(),
    /** For this topic's sources that set none (else crawl.render / crawl.archive). */
    ...pageOptions,
  })
  .strict();

/** The owner a config that names none gets; `npm run build` refuses to publish a site under it (see placeholders.ts). */
export const PLACEHOLDER_OWNER = 'The site owner';

const legalSchema = z
  .object({
    owner: z.string().default(PLACEHOLDER_OWNER),
    email: z.string().default(''),
    dmcaEmail: z.string().default(''),
    /** A postal address for notices, shown on the DMCA page. */
    address: z.string().default(''),
    jurisdiction: z.string().default(''),
  })
  .strict();

export const siteSchema = z
  .object({
    title: z.string().min(1, 'must not be empty'),
    url: httpUrl,
    description: z.string().default(''),
    language: z
      .string()
      .regex(/^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/, 'must be a BCP 47 language tag, like "en" or "pt-BR"')
      .default('en'),
    author: z.string().default(''),
    /** Where article pages point their rel=canonical: the page itself, or the original source. */
    canonical: z.enum(['self', 'source']).default('self'),
    /** The IANA time zone pages show times in ("Europe/Berlin"); the daily edition's days are this zone's. */
    timeZone: z
      .string()
      .refine((zone) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: zone });
          return true;
        } catch {
          return false;
        }
      }, 'must be an IANA time zone, like "UTC", "Europe/Berlin" or "America/New_York"')
      .default('UTC'),
    legal: legalSchema.default(() => legalSchema.parse({})),
    /**
     * A WebSub hub (https://www.w3.org/TR/websub/), like "https://pubsubhubbub.appspot.com/":
     * every feed declares it, and the deploy tells it which feeds changed, so readers subscribed
     * through it hear of a new article at once. Unset: no hub, and the feeds say nothing of one.
     */
    websubHub: httpUrl.optional(),
  })
  .strict();

export const publishSchema = z
  .object({
    /** At most this many new articles per topic per run, newest first. */
    perTopicPerRun: z.number().int().min(1).max(1000).default(10),
    pageSize: z.number().int().min(1).max(100).default(10),
    feedItems: z.number().int().min(1).max(500).default(20),
    fullContentInFeeds: z.boolean().default(true),
    /** The reuse mode of sources that set none, in topics that set none (see reuseModeSchema). */
    mode: reuseModeSchema.default('full'),
    relatedCount: z.number().int().min(0).max(10).default(3),
    /**
     * A tag is listed (shown on articles, in feeds, the tags index and the sitemap) once this many
     * articles carry it; a rarer tag keeps its page, marked noindex. Keyphrases of one article are
     * noise to a reader.
     */
    minTagArticles: z.number().int().min(1).max(100).default(3),
    /**
     * How fronts rank stories (README, "Ranking"): outlets^breadth / (hours + 2)^gravity, the hours
     * counted from a story's newest telling to the site's newest article. More gravity favours the
     * fresh; more breadth favours what many outlets told.
     */
    ranking: z
      .object({
        gravity: z.number().min(0).max(5).default(1.2),
        breadth: z.number().min(0).max(5).default(1.5),
      })
      .strict()
      .default(() => ({ gravity: 1.2, breadth: 1.5 })),
  })
  .strict();

export const qualitySchema = z
  .object({
    minWords: z.number().int().min(0).default(300),
    /** More words than this is a dump, not an article (the longest real features run to ~15,000). */
    maxWords: z.number().int().min(1).default(30_000),
    maskProfanity: z.boolean().default(false),
    /** Jaccard similarity above which a later article is a near-duplicate of an earlier one. */
    nearDuplicateThreshold: z.number().min(0.5).max(1).default(0.8),
  })
  .strict();

export const crawlSchema = z
  .object({
    userAgent: z.string().min(1).default('GleanerBot/0.1 (+https://github.com/gleaner/gleaner)'),
    concurrency: z.number().int().min(1).max(64).default(8),
    perHostDelayMs: z.number().int().min(0).default(1000),
    maxPagesPerRun: z.number().int().min(1).default(500),
    maxMinutesPerRun: z.number().min(0.1).default(20),
    connectTimeoutMs: z.number().int().min(100).default(10_000),
    responseTimeoutMs: z.number().int().min(100).default(15_000),
    totalTimeoutMs: z.number().int().min(100).default(30_000),
    maxBodyBytes: z.number().int().min(1024).default(5 * 1024 * 1024),
    /** Cap on a response body after gzip/brotli decoding (a compression bomb stops here). */
    maxDecompressedBytes: z.number().int().min(1024).default(20 * 1024 * 1024),
    maxRedirects: z.number().int().min(0).max(20).default(5),
    /** A Retry-After longer than this is not waited for within the run; the URL is retried in a later run. */
    maxRetryAfterMs: z.number().int().min(0).default(60_000),
    /** A robots.txt Crawl-delay above this is clamped, so one site cannot stall a run. */
    maxCrawlDelayMs: z.number().int().min(0).default(60_000),
    /** robots.txt is read up to this many bytes (decoded); the rest is ignored, as RFC 9309 allows (at least 500 KiB). */
    maxRobotsBytes: z.number().int().min(500 * 1024).default(500 * 1024),
    retries: z.number().int().min(0).max(10).default(2),
    /** A URL fetched within this many hours is not fetched again. */
    refetchWindowHours: z.number().min(0).default(24 * 7),
    maxItemsPerFeed: z.number().int().min(1).default(200),
    /** New URLs a sitemap source adds per run (newest lastmod first); the rest wait for the next run. */
    maxUrlsPerSitemap: z.number().int().min(1).default(1000),
    /** How deep sitemap indexes may nest (the sitemap a source names is depth 0). */
    maxSitemapDepth: z.number().int().min(0).max(10).default(3),
    /** Sitemap documents (the index and its children) read per sitemap source per run. */
    maxSitemapsPerSource: z.number().int().min(1).default(50),
    /** Feeds a `site` source adds from its home page's <link rel="alternate"> list, in page order (the rest are usually the same feed in another format). */
    feedsPerSite: z.number().int().min(1).max(20).default(1),
    /** Feeds an `opml` source takes from its list, in list order; a longer list is cut here, with a warning in the source's outcome. */
    maxFeedsPerOpml: z.number().int().min(1).max(5000).default(200),
    /** A topic with a backlog of unpublished articles reads its sources less often: this interval per run's worth of backlog. */
    backlogIntervalMinutes: z.number().min(0).default(60),
    /**
     * Worker threads for page processing (extraction, cleaning, hashes: the CPU-heavy part of a
     * crawl). 0 runs it in the main thread. Worth 1–3 on a machine with idle cores; each worker
     * costs ~300 MB of memory (the extractor's language data is loaded per thread).
     */
    processWorkers: z.number().int().min(0).max(16).default(0),
    /**
     * A page whose processing takes longer than this fails (E_EXTRACT_FAILED) and its worker is
     * replaced. Enforced only with processWorkers ≥ 1: code running in the main thread cannot be
     * interrupted, and there the extraction limits below are what bound the time.
     */
    processTimeoutMs: z.number().int().min(100).default(60_000),
    /** Extraction refuses a page longer than this many characters (after decoding). Mirrors crawler/extract's DEFAULT_LIMITS. */
    extractMaxChars: z.number().int().min(10_000).default(5_000_000),
    /** … or with more markup tokens (tags, comments) than this. */
    extractMaxElements: z.number().int().min(100).default(60_000),
    /** … or with elements nested deeper than this. */
    extractMaxDepth: z.number().int().min(16).max(2000).default(400),
    respectRobots: z.boolean().default(true),
    /** Allow IP-literal URLs and hosts that resolve to private or loopback addresses. Off on the real web. */
    allowPrivateAddresses: z.boolean().default(false),
    /** Hostnames allowed to resolve to private addresses even when allowPrivateAddresses is off: exact names, or '*.suffix' globs (subdomains only). Metadata addresses are always refused. */
    privateHosts: z.array(z.string()).default([]),
    /** Static host → 'ip' or 'ip:port' map used instead of DNS, like curl --connect-to: URLs and Host headers keep the name. */
    resolve: z.record(z.string(), z.string().refine(isResolveTarget, 'must be an IP address with an optional port, like "127.0.0.1:8080" or "[::1]:8080"')).default({}),
    /** Render every page in Chromium before extracting (topics and sources may set `render` themselves). */
    render: z.boolean().default(false),
    /** Render a page whose static HTML holds no article but looks like an application shell (an empty #root, many scripts). */
    renderFallback: z.boolean().default(true),
    /** Keep an archived copy of every page that becomes an article (topics and sources may set `archive` themselves). */
    archive: z.boolean().default(false),
    /** Chromium's executable; the CHROMIUM_PATH environment variable overrides it. Missing: rendered pages are rejected as render_unavailable. */
    chromiumPath: z.string().min(1, 'must be a path, like "/usr/bin/chromium"').default('/usr/bin/chromium'),
    /** Pages rendered at once (one browser per run, this many tabs). */
    renderConcurrency: z.number().int().min(1).max(8).default(2),
    /** A page that has not settled in this long is rendered from what it has; navigation itself must finish within it. */
    renderTimeoutMs: z.number().int().min(1000).max(120_000).default(15_000),
    /** Requests one rendered page may make (scripts, styles, data); more are refused. */
    renderMaxRequests: z.number().int().min(1).max(2000).default(150),
  })
  .strict();

export const searchSchema = z
  .object({
    /** A SearXNG instance; the `search` source kind queries its /search?format=json. */
    searxngUrl: httpUrl.optional(),
    keywordsPerRun: z.number().int().min(1).default(2),
    resultsPerQuery: z.number().int().min(1).default(10),
  })
  .strict();

export const imagesSchema = z
  .object({
    enabled: z.boolean().default(true),
    widths: z.array(z.number().int().min(16).max(4096)).default([320, 640, 1024]),
    /**
     * WebP is always written. AVIF (kept only where it is ≥10% smaller) saves readers 25–40% on
     * photos but is stored beside the WebP fallback, roughly doubling image bytes committed to
     * git per article, and encodes slowly; opt in with ['webp', 'avif'].
     */
    formats: z.array(z.enum(['webp', 'avif'])).default(['webp']),
    maxBytes: z.number().int().min(1024).default(8 * 1024 * 1024),
    maxPixels: z.number().int().min(1).default(40_000_000),
  })
  .strict();

function sectionDefault<T extends z.ZodType>(schema: T) {
  return schema.default(() => schema.parse({}) as never);
}

export const configSchema = z
  .object({
    site: siteSchema,
    topics: z
      .array(topicSchema)
      .min(1, 'needs at least one topic')
      .superRefine((topics, ctx) => {
        const seen = new Set<string>();
        topics.forEach((topic, i) => {
          if (seen.has(topic.slug)) {
            ctx.addIssue({ code: 'custom', path: [i, 'slug'], message: `duplicates another topic's slug "${topic.slug}"; slugs must be unique` });
          }
          seen.add(topic.slug);
        });
      }),
    publish: sectionDefault(publishSchema),
    quality: sectionDefault(qualitySchema),
    crawl: sectionDefault(crawlSchema),
    search: sectionDefault(searchSchema),
    images: sectionDefault(imagesSchema),
    /** Block and keep rules for every article of the site. */
    rules: sectionDefault(rulesSchema),
    /** Per-site extraction rules: host (subdomains included) → { select?, remove? } CSS selectors. */
    extraction: extractionSchema.default({}),
  })
  .strict()
  .superRefine((config, ctx) => {
    // Checked here rather than on each URL: inside the source union a failed check only reads "is not a valid source".
    if (hasCredentials(config.site.url)) ctx.addIssue({ code: 'custom', path: ['site', 'url'], message: CREDENTIALS_IN_URL });
    if (config.site.websubHub && hasCredentials(config.site.websubHub)) ctx.addIssue({ code: 'custom', path: ['site', 'websubHub'], message: CREDENTIALS_IN_URL });
    if (config.search.searxngUrl && hasCredentials(config.search.searxngUrl)) ctx.addIssue({ code: 'custom', path: ['search', 'searxngUrl'], message: CREDENTIALS_IN_URL });
    config.topics.forEach((topic, t) =>
      topic.sources.forEach((source, s) => {
        if ('url' in source && hasCredentials(source.url)) ctx.addIssue({ code: 'custom', path: ['topics', t, 'sources', s], message: CREDENTIALS_IN_URL });
      }),
    );
    // A search source queries the topic's keywords through search.searxngUrl: without either it could only fail at every crawl.
    const searches = config.topics.flatMap((topic, t) => topic.sources.flatMap((source, s) => (source.kind === 'search' ? [`topics.${t}.sources.${s}`] : [])));
    if (searches.length && !config.search.searxngUrl) {
      ctx.addIssue({ code: 'custom', path: ['search', 'searxngUrl'], message: `is not set, but ${searches.join(', ')} ${searches.length === 1 ? 'is a keyword search, which queries' : 'are keyword searches, which query'} a SearXNG instance through it` });
    }
    config.topics.forEach((topic, t) => {
      if (topic.keywords.length === 0 && topic.sources.some((source) => source.kind === 'search')) {
        ctx.addIssue({ code: 'custom', path: ['topics', t, 'keywords'], message: 'is empty, but the topic has a keyword search source, which queries these keywords' });
      }
    });
  });

/** What a fork writes: everything optional that has a default. */
export type UserConfig = z.input<typeof configSchema>;
/** What the crawler and the site read: every default filled in. */
export type Config = z.output<typeof configSchema>;
export type Topic = Config['topics'][number];
export type Source = Topic['sources'][number];
