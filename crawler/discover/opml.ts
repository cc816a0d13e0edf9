import { Parser } from 'htmlparser2';
import { decodeEntities } from '../extract/entities.ts';

// OPML 1.0/2.0 subscription lists (Feedly, Inoreader, Miniflux, NetNewsWire, FreshRSS…): text in,
// feeds grouped by category out. Pure. Used by `npm run new-site -- --opml` (categories become
// topics) and by the `opml` source kind (every feed becomes a feed source of its topic).
//
// A feed is an <outline> with an xmlUrl. Its category is the outermost outline without an xmlUrl
// that holds it (a reader's folder; deeper folders are folded into it, so a topic is a section,
// not a leaf of someone's tree), or else the first path of its `category` attribute
// ("/Tech/Rust,/Favourites" → Tech). A URL listed twice is kept once, where it came first.

export interface OpmlFeed {
  /** Absolute http(s) URL (as `new URL` writes it). */
  url: string;
  title: string | null;
  htmlUrl: string | null;
  line: number;
}

export interface OpmlGroup {
  /** The category's text; null for feeds outside any category. */
  name: string | null;
  feeds: OpmlFeed[];
}

export interface OpmlProblem {
  /** 1-based line of the element, when known. */
  line: number | null;
  message: string;
}

export type OpmlResult =
  | {
      ok: true;
      title: string | null;
      /** Categories in document order; empty ones are left out. */
      groups: OpmlGroup[];
      /** Feeds left out, each with why (not http(s), unreadable URL, credentials in it). */
      rejected: OpmlProblem[];
      /** Feeds listed again after their first place, and dropped. */
      duplicates: number;
    }
  | { ok: false; code: 'E_OPML_PARSE'; problems: OpmlProblem[] };

interface Open {
  name: string;
  line: number;
  /** For outlines: the category this outline opens (the outermost one only), else null. */
  category: string | null;
  /** Written as <name … />: htmlparser2 reports its end as implied, like a missing end tag. */
  selfClosing: boolean;
}

export function parseOpml(text: string): OpmlResult {
  const source = text.replace(/^\uFEFF/, '');
  const fatal: OpmlProblem[] = [];
  const rejected: OpmlProblem[] = [];
  const groups = new Map<string | null, OpmlGroup>();
  const seen = new Set<string>();
  let duplicates = 0;
  let outlinesWithUrl = 0;
  let root: string | null = null;
  let body = false;
  let title: string | null = null;
  let titleText: string[] | null = null;
  const stack: Open[] = [];

  // Lines are counted incrementally: the parser reports character offsets, in increasing order.
  let counted = 0;
  let line = 1;
  const lineAt = (offset: number): number => {
    for (; counted < offset && counted < source.length; counted++) if (source.charCodeAt(counted) === 10) line++;
    return line;
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        const at = lineAt(parser.startIndex);
        const tag = name.toLowerCase();
        root ??= tag;
        if (tag === 'body' && stack.length === 1 && stack[0]!.name === 'opml') body = true;
        if (tag === 'title' && stack.at(-1)?.name === 'head') titleText = [];
        const open: Open = { name: tag, line: at, category: null, selfClosing: source[parser.endIndex - 1] === '/' };
        if (tag === 'outline' && insideBody(stack)) {
          const a = lowerKeys(attrs);
          const xmlUrl = a.xmlurl?.trim();
          const enclosing = stack.find((o) => o.category !== null)?.category ?? null;
          if (xmlUrl !== undefined) {
            outlinesWithUrl++;
            const label = clean(a.text) ?? clean(a.title);
            const checked = checkUrl(xmlUrl);
            if (typeof checked !== 'string') {
              rejected.push({ line: at, message: `feed ${label ? `"${label}" ` : ''}has xmlUrl "${xmlUrl}": ${checked.reason}` });
            } else if (seen.has(checked)) {
              duplicates++;
            } else {
              seen.add(checked);
              const category = enclosing ?? firstCategory(a.category);
              let group = groups.get(category);
              if (!group) groups.set(category, (group = { name: category, feeds: [] }));
              group.feeds.push({ url: checked, title: label, htmlUrl: httpOrNull(a.htmlurl), line: at });
            }
          } else if (enclosing === null) {
            // A folder. Named by its text (OPML 2.0 requires it), else its title; a folder with
            // no name at all holds feeds that belong to no category.
            open.category = clean(a.text) ?? clean(a.title);
          }
        }
        stack.push(open);
      },
      ontext(data) {
        if (titleText) titleText.push(data);
      },
      onclosetag(name, implied) {
        const open = stack.pop();
        if (name === 'title' && titleText) {
          title = clean(titleText.join(''));
          titleText = null;
        }
        if (implied && open && !open.selfClosing && fatal.length < 5) fatal.push({ line: open.line, message: `<${open.name}> is never closed (the file is cut short, or not well-formed XML)` });
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeSelfClosing: true },
  );
  parser.end(source);

  if (root === null) return failed([{ line: null, message: source.trim() ? 'not XML: no element found' : 'the file is empty' }]);
  if (root !== 'opml') return failed([{ line: 1, message: `not an OPML file: the root element is <${root}>, not <opml>` }]);
  if (fatal.length) return failed(fatal);
  if (!body) return failed([{ line: null, message: 'has no <body> inside <opml>: an OPML list keeps its feeds in <body><outline xmlUrl="…"/></body>' }]);
  if (outlinesWithUrl === 0) return failed([{ line: null, message: 'lists no feed: no <outline> in <body> has an xmlUrl attribute' }]);
  if (seen.size === 0) return failed(rejected);
  return { ok: true, title, groups: [...groups.values()], rejected, duplicates };
}

/** Every feed of a parsed list, in document order (categories one after another). */
export function allFeeds(groups: OpmlGroup[]): OpmlFeed[] {
  return groups.flatMap((g) => g.feeds);
}

/** "line 12: …" lines for a list of problems. */
export function describeProblems(problems: OpmlProblem[]): string[] {
  return problems.map((p) => (p.line === null ? p.message : `line ${p.line}: ${p.message}`));
}

function failed(problems: OpmlProblem[]): OpmlResult {
  return { ok: false, code: 'E_OPML_PARSE', problems };
}

function insideBody(stack: Open[]): boolean {
  return stack.length >= 2 && stack[0]!.name === 'opml' && stack[1]!.name === 'body';
}

/** OPML attribute names are camelCase by spec; some exporters write them in other cases. */
function lowerKeys(attrs: Record<string, string>): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(attrs).map(([k, v]) => [k.toLowerCase(), v]));
}

/** Whitespace folded, HTML entities a reader escaped twice decoded ("Tom &amp;amp; Jerry"); null when empty. */
function clean(value: string | undefined): string | null {
  if (value === undefined) return null;
  return decodeEntities(value.replace(/\s+/g, ' ')).trim() || null;
}

function checkUrl(value: string): string | { reason: string } {
  const url = URL.parse(value);
  if (!url) return { reason: 'not an absolute URL' };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { reason: `a ${url.protocol.slice(0, -1)}: URL, and only http(s) feeds can be read` };
  if (url.username || url.password) return { reason: 'contains a user name or password, which would be published with the config' };
  return url.href;
}

function httpOrNull(value: string | undefined): string | null {
  const checked = value ? checkUrl(value.trim()) : null;
  return typeof checked === 'string' ? checked : null;
}

/** The first segment of the first path of an OPML 2.0 category attribute: "/Tech/Rust,/Fav" → "Tech". */
function firstCategory(value: string | undefined): string | null {
  const first = value?.split(',')[0]?.split('/').map((s) => clean(s)).find((s) => s !== null);
  return first ?? null;
}
