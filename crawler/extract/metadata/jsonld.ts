// schema.org JSON-LD: every <script type="application/ld+json"> block, flattened through arrays,
// @graph and nesting, then the article node picked by type.

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface JsonLdFacts {
  headline: string | null;
  description: string | null;
  articleBody: string | null;
  /** Names as listed; the caller cleans and de-duplicates them. */
  authors: string[];
  datePublished: string | null;
  dateModified: string | null;
  image: { url: string; alt: string | null } | null;
  siteName: string | null;
  publisherName: string | null;
  inLanguage: string | null;
}

const ARTICLE_TYPES = /^(?:Article|NewsArticle|BlogPosting|Report|ScholarlyArticle|TechArticle|AnalysisNewsArticle|OpinionNewsArticle|ReportageNewsArticle|ReviewNewsArticle|BackgroundNewsArticle|LiveBlogPosting|SocialMediaPosting|DiscussionForumPosting|Review|Recipe|HowTo|MedicalWebPage|CreativeWork|Blog|Posting)$/i;
const PAGE_TYPES = /^(?:WebPage|ItemPage|AboutPage|CollectionPage|QAPage|FAQPage|ProfilePage)$/i;
const MAX_NODES = 2000;
const MAX_SCRIPT_CHARS = 2_000_000;

export function parseJsonLdScripts(sources: string[]): JsonObject[] {
  const nodes: JsonObject[] = [];
  for (const source of sources) {
    if (source.length > MAX_SCRIPT_CHARS) continue;
    const data = parseLenient(source);
    if (data !== undefined) flatten(data, nodes);
    if (nodes.length >= MAX_NODES) break;
  }
  return nodes;
}

/** Drops the "<!-- … -->" and CDATA wrappers old pages put around script content. */
function stripWrapper(text: string): string {
  let out = text;
  for (const start of ['<!--', '//<![CDATA[', '// <![CDATA[', '<![CDATA[']) if (out.startsWith(start)) out = out.slice(start.length);
  for (const end of ['-->', '//]]>', '// ]]>', ']]>']) if (out.endsWith(end)) out = out.slice(0, -end.length);
  return out.trim();
}

function parseLenient(source: string): Json | undefined {
  const text = stripWrapper(source.trim());
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Json;
  } catch {
    // Common authoring slips: raw newlines inside strings, trailing commas.
    try {
      return JSON.parse(text.replace(/[\r\n\t]+/g, ' ').replace(/,\s*([}\]])/g, '$1')) as Json;
    } catch {
      return undefined;
    }
  }
}

/** Breadth-first over arrays, @graph and nested objects; iterative, bounded. */
function flatten(root: Json, out: JsonObject[]): void {
  const queue: Json[] = [root];
  while (queue.length > 0 && out.length < MAX_NODES) {
    const value = queue.shift()!;
    if (Array.isArray(value)) {
      queue.push(...value.slice(0, MAX_NODES));
      continue;
    }
    if (!value || typeof value !== 'object') continue;
    out.push(value);
    for (const [key, child] of Object.entries(value)) {
      if (key === '@graph' || key === 'mainEntity' || key === 'mainEntityOfPage') {
        if (child && typeof child === 'object') queue.push(child);
      }
    }
  }
}

function typesOf(node: JsonObject): string[] {
  const type = node['@type'];
  const list = Array.isArray(type) ? type : [type];
  return list.filter((t): t is string => typeof t === 'string').map((t) => t.replace(/^https?:\/\/schema\.org\//, ''));
}

export function str(value: Json | undefined): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = str(item);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') return str(value['@value']) ?? null;
  return null;
}

function names(value: Json | undefined): string[] {
  if (value == null) return [];
  if (typeof value === 'string') return value.trim() && !/^https?:\/\//i.test(value.trim()) ? [value.trim()] : [];
  if (Array.isArray(value)) return value.flatMap((item) => names(item));
  if (typeof value === 'object') {
    const name = str(value.name) ?? str(value.alternateName);
    if (name) return [name];
    const given = str(value.givenName);
    const family = str(value.familyName);
    if (given || family) return [[given, family].filter(Boolean).join(' ')];
  }
  return [];
}

function imageOf(value: Json | undefined): { url: string; alt: string | null } | null {
  if (value == null) return null;
  if (typeof value === 'string') return value.trim() ? { url: value.trim(), alt: null } : null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = imageOf(item);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object') {
    const url = str(value.url) ?? str(value.contentUrl) ?? str(value['@id']);
    if (!url) return null;
    return { url, alt: str(value.caption) ?? str(value.description) ?? str(value.name) };
  }
  return null;
}

export function readJsonLd(nodes: JsonObject[]): JsonLdFacts {
  const article = nodes.find((n) => typesOf(n).some((t) => ARTICLE_TYPES.test(t)));
  const page = nodes.find((n) => typesOf(n).some((t) => PAGE_TYPES.test(t)));
  const website = nodes.find((n) => typesOf(n).some((t) => /^WebSite$/i.test(t)));
  const main = article ?? page;
  const get = (key: string): Json | undefined => main?.[key] ?? undefined;
  const publisher = get('publisher') ?? website?.publisher;
  return {
    headline: str(get('headline')) ?? (article ? str(get('name')) : null),
    description: str(get('description')),
    articleBody: article ? str(article.articleBody) ?? str(article.reviewBody) ?? str(article.text) : null,
    authors: names(get('author') ?? get('creator')),
    datePublished: str(get('datePublished')) ?? str(get('dateCreated')) ?? str(get('uploadDate')),
    dateModified: str(get('dateModified')),
    image: imageOf(get('image') ?? get('thumbnailUrl')),
    siteName: website ? str(website.name) : null,
    publisherName: names(publisher)[0] ?? null,
    inLanguage: str(get('inLanguage')) ?? (website ? str(website.inLanguage) : null),
  };
}
