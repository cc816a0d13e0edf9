import type { z } from 'zod';
import type { ConfigProblem } from '../errors.ts';


// Turns zod issues into sentences a site owner can act on: which field, what was
// wrong, and an example of a value that is right.

const EXAMPLES: Array<[RegExp, string]> = [
  // Rules first: they sit inside topics and sources, whose own examples would otherwise answer.
  [/(?:^|\.)rules\.(?:block|keep)\.\d+\.(?:pattern|flags)$/, `{ field: 'url', pattern: '/video/\\d+', flags: 'i' }  // or { field: 'title', contains: 'sponsored' }`],
  [/(?:^|\.)rules\.(?:block|keep)\.\d+/, `{ field: 'title', contains: 'sponsored' }  // or 'title:sponsored', or { field: 'url', pattern: '/video/' }`],
  [/(?:^|\.)rules/, `rules: { block: ['title:sponsored', { field: 'url', pattern: '/video/' }], keep: ['text:rust'] }`],
  [/^extraction\..+\.(?:select|remove)(?:\.\d+)?$/, `{ select: 'article .post-body', remove: ['.newsletter', 'aside'] }`],
  [/^extraction/, `extraction: { 'example.com': { select: 'article .post-body', remove: ['.newsletter', 'aside'] } }`],
  [/^site$/, `site: { title: 'My News', url: 'https://news.example.com' }`],
  [/^site\.title$/, `title: 'Gleaner News'`],
  [/^site\.url$/, `url: 'https://news.example.com'`],
  [/^site\.language$/, `language: 'en'`],
  [/^site\.canonical$/, `canonical: 'self'  // or 'source'`],
  [/^site\.websubHub$/, `websubHub: 'https://pubsubhubbub.appspot.com/'  // or leave it out: no hub`],
  [/^topics$/, `topics: [{ slug: 'science', name: 'Science', sources: ['https://example.com/feed.xml'] }]`],
  [/^topics\.\d+\.slug$/, `slug: 'science'`],
  [/^topics\.\d+\.name$/, `name: 'Science'`],
  [/^topics\.\d+\.keywords/, `keywords: ['astronomy', 'physics']`],
  [/^topics\.\d+\.sources\.\d+\.mode$/, `{ kind: 'feed', url: 'https://example.com/feed.xml', mode: 'excerpt' }  // 'full', 'excerpt' or 'link'`],
  [/^topics\.\d+\.mode$/, `mode: 'excerpt'  // or 'full', 'link'`],
  [/^topics\.\d+\.sources/, `sources: ['https://example.com/feed.xml', { kind: 'sitemap', url: 'https://example.com/sitemap.xml' }]`],
  [/^publish\.mode$/, `mode: 'excerpt'  // or 'full', 'link'`],
  [/^publish\.perTopicPerRun$/, `perTopicPerRun: 10`],
  [/^publish\.pageSize$/, `pageSize: 10`],
  [/^quality\.minWords$/, `minWords: 300`],
  [/^crawl\.userAgent$/, `userAgent: 'MyNewsBot/1.0 (+https://news.example.com/about/)'`],
  [/^crawl\.resolve/, `resolve: { 'blog.test': '127.0.0.1:8080' }`],
  [/^crawl\.privateHosts/, `privateHosts: ['intranet.example.com']`],
  [/^search\.searxngUrl$/, `searxngUrl: 'https://searx.example.org'`],
  [/^images\.widths/, `widths: [320, 640, 1024]`],
];


const RULE_UNION = `is not a valid rule: use "<field>:<text>", "<field>~<regular expression>" or { field, contains } / { field, pattern, flags? }, with field one of title, url, author, text`;

function describe(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? `is missing (expected ${issue.expected})` : `must be ${article(issue.expected)}, not ${typeName(issue.input)}`;
    case 'unrecognized_keys':
      return `has unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => `"${k}"`).join(', ')} (check the spelling)`;
    case 'invalid_union':
      return 'is not a valid source: use a feed URL string or { kind: "feed" | "sitemap" | "discourse" | "site", url, mode? } or { kind: "opml", url } or { kind: "search" }';
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'must not be empty';
      return issue.origin === 'array' ? `must have at least ${issue.minimum} item(s)` : `must be at least ${issue.minimum}${issue.origin === 'string' ? ' characters' : ''}`;
    case 'too_big':
      return `must be at most ${issue.maximum}${issue.origin === 'string' ? ' characters' : ''}`;
    default:
      return issue.message;
  }
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)}`;
}

/**
 * A union (a source: a URL string or one of several objects) fails as a whole; zod keeps each
 * branch's issues. When exactly the branches that fit the input's shape (a string, or an object
 * with that `kind`) remain, their issues say what is really wrong ("url must be…", "unknown key").
 */
function unwrapUnion(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union' || !issue.errors?.length) return [issue];
  const fitting = issue.errors.filter(
    (branch) =>
      branch.length > 0 &&
      !branch.some((i) => (i.path.length === 0 && i.code === 'invalid_type') || (i.path.length === 1 && i.path[0] === 'kind' && i.code === 'invalid_value')),
  );
  if (fitting.length !== 1) return [issue];
  return fitting[0]!.flatMap((inner) => unwrapUnion({ ...inner, path: [...issue.path, ...inner.path] } as z.core.$ZodIssue));
}

/**
 * `defaults` is a config with every default filled in: a field without a written example gets its
 * default value as one (`retries: 2`), so every field that has a default comes with an example.
 */
export function explainIssues(issues: readonly z.core.$ZodIssue[], defaults?: unknown): ConfigProblem[] {
  return issues.flatMap(unwrapUnion).map((issue) => {
    const field = issue.path.map(String).join('.') || '(root)';
    const problem = issue.code === 'custom' || issue.code === 'invalid_format' ? issue.message : issue.code === 'invalid_union' && issue.path.includes('rules') ? RULE_UNION : describe(issue);
    const example = EXAMPLES.find(([pattern]) => pattern.test(field))?.[1] ?? defaultExample(issue.path, defaults);
    return { field, problem, example };
  });
}

function defaultExample(path: readonly PropertyKey[], defaults: unknown): string | null {
  // topics.3.keywords → the first topic's default; an index inside a list is not a field.
  let value = defaults;
  for (const key of path) {
    if (Array.isArray(value)) value = value[0];
    else if (value && typeof value === 'object' && typeof key === 'string') value = (value as Record<string, unknown>)[key];
    else return null;
  }
  const key = path.at(-1);
  if (typeof key !== 'string' || value === undefined || value === '' || (typeof value === 'object' && !Array.isArray(value))) return null;
  const text = JSON.stringify(value).replaceAll('"', "'");
  return text.length <= 100 ? `${key}: ${text}` : null;
}

export function formatProblems(file: string, problems: ConfigProblem[]): string {
  const lines = [`${file} has ${problems.length} problem${problems.length === 1 ? '' : 's'}:`];
  for (const p of problems) {
    lines.push(`  ✗ ${p.field} ${p.problem}`);
    if (p.example) lines.push(`      for example: ${p.example}`);
  }
  return lines.join('\n');
}
