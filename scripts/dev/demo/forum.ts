// forum.test: a Discourse-like forum whose posts.rss cites sample-web articles in plain text and in quotes.
import { addHours, cdata, esc, slugify } from './html.ts';
import { FORUM_HOST } from './sites.ts';
import type { DemoArticle, ForumLink, ForumManifest } from './types.ts';

interface ForumPost {
  n: number;
  guid: string;
  topicTitle: string;
  topicId: number;
  postNumber: number;
  author: string;
  date: Date;
  /** Cooked HTML for version 1, and (for one post) version 2. */
  html: string;
  htmlV2?: string;
  links: ForumLink[];
  linksV2?: ForumLink[];
}

export interface Forum {
  manifest: ForumManifest;
  feedUrl: string;
  /** posts.rss for a forum version (1 or 2). */
  feed(version: number): { body: string; lastModified: Date };
  /** Topic pages: path → { html, lastModified } for the given version. */
  topicPage(path: string, version: number): { body: string; lastModified: Date } | null;
  topicPaths: string[];
}

const a = (url: string, text: string): string => `<a href="${esc(url)}">${esc(text)}</a>`;

/**
 * Builds ten posts from the articles (sorted by date). The two newest articles are cited only inside
 * quotes, the third newest both inside and outside quotes; the rest are cited in plain paragraphs.
 * `wwwUrl` is the www.orbitalnotes.test variant of an article, cited plainly (the duplicate-host trap).
 */
export function buildForum(articles: DemoArticle[], wwwUrl: { url: string; title: string } | null, base: Date): Forum {
  const feedUrl = `http://${FORUM_HOST}/posts.rss`;
  const n = articles.length;
  const quotedOnly = n >= 4 ? [articles[n - 1], articles[n - 2]] : [];
  const both = n >= 4 ? articles[n - 3] : undefined;
  const plain = articles.filter((x) => !quotedOnly.includes(x) && x !== both);
  const added = plain.length >= 2 ? plain[plain.length - 1] : plain[0];
  const plainPool = plain.length >= 2 ? plain.slice(0, -1) : plain;
  const p = (i: number): DemoArticle | undefined => plainPool[i % Math.max(1, plainPool.length)];

  const specs: Array<Omit<ForumPost, 'n' | 'guid' | 'date' | 'postNumber' | 'topicId'> & { reply?: boolean }> = [];
  const push = (topicTitle: string, author: string, parts: Array<[string, ForumLink[]]>, reply = false): void => {
    specs.push({ topicTitle, author, reply, html: parts.map(([h]) => h).join('\n'), links: parts.flatMap(([, l]) => l) });
  };
  const plainPara = (x: DemoArticle | undefined, before: string, after: string): [string, ForumLink[]] =>
    x ? [`<p>${esc(before)} ${a(x.url, x.title)}${esc(after)}</p>`, [{ url: x.url, quoted: false }]] : [`<p>${esc(before)} (link lost)</p>`, []];

  push('Reading list for the week', 'stellar_sam', [plainPara(p(0), 'Best thing I read this week:', '. The middle section alone is worth it.'), ['<p>Anything else people would add?</p>', []]]);
  if (quotedOnly[0]) {
    const x = quotedOnly[0];
    push('Is this the right way to think about it?', 'marisol', [
      [`<blockquote>\n<p>${esc(x.summary)} (from ${a(x.url, x.title)})</p>\n</blockquote>`, [{ url: x.url, quoted: true }]],
      ['<p>I keep seeing this argument and I am not convinced. Does anyone have a counter-example?</p>', []],
    ]);
  }
  if (both) {
    push('Good long read', 'kofi_m', [
      [
        `<aside class="quote no-group" data-username="kofi_m" data-post="1" data-topic="${7001}">\n<div class="title">\n<div class="quote-controls"></div>\n${a(both.url, both.title)}</div>\n<blockquote>\n<p>${esc(both.summary)}</p>\n</blockquote>\n</aside>`,
        [{ url: both.url, quoted: true }],
      ],
      [`<p>The whole piece is here, and it is worth reading to the end: ${a(both.url, both.url)}</p>`, [{ url: both.url, quoted: false }]],
    ]);
  }
  if (quotedOnly[1]) {
    const x = quotedOnly[1];
    push('Old forum import: quote test', 'legacy_bot', [
      [`<p>[quote="archivist"]${esc(x.summary)} Source: ${a(x.url, x.title)}[/quote]</p>`, [{ url: x.url, quoted: true }]],
      ['<p>Reposting from the old board, formatting may be off.</p>', []],
    ]);
  }
  if (wwwUrl) {
    push('Mirror link that works for me', 'nightsky_ana', [
      [`<p>The main site was slow for me, this address loads fine: ${a(wwwUrl.url, wwwUrl.title)}</p>`, [{ url: wwwUrl.url, quoted: false }]],
    ]);
  }
  const two = [p(1), p(2)].filter((x): x is DemoArticle => x !== undefined);
  push('Two pieces that disagree', 'devon_r', [
    ['<p>Interesting to read these side by side:</p>', []],
    [`<ul>\n${two.map((x) => `<li>${a(x.url, x.title)}</li>`).join('\n')}\n</ul>`, two.map((x) => ({ url: x.url, quoted: false }))],
  ]);
  push('What are you reading this weekend?', 'pat_w', [plainPara(p(3), 'Starting with', ' and then probably something lighter.')]);
  const first = p(0);
  push('Reading list for the week', 'quietgeek', [
    first ? [`<blockquote>\n<p>Best thing I read this week: ${a(first.url, first.title)}</p>\n</blockquote>`, [{ url: first.url, quoted: true }]] : ['', []],
    plainPara(p(4), 'Agreed. Also this one:', ''),
  ], true);
  push('Newcomer question', 'curious_cat', [['<p>Hi all, long-time lurker. Is there a beginners thread somewhere? The search did not find one.</p>', []]]);
  push('Weekly links thread', 'moderator', [plainPara(p(5), 'This week:', '. Post yours below.')]);

  const posts: ForumPost[] = specs.map((s, i) => ({
    ...s,
    n: i + 1,
    guid: `${FORUM_HOST}-post-${4100 + i * 7}`,
    topicId: 7000 + (s.reply ? 1 : i + 1),
    postNumber: s.reply ? 2 : 1,
    date: addHours(base, 24 + i * 3),
  }));
  // The reply belongs to the first topic.
  const firstTopic = posts[0];
  for (const post of posts) if (post.postNumber === 2) post.topicId = firstTopic.topicId;

  // Version 2: the "What are you reading" post is edited to add a link; nothing else changes.
  const edited = posts.find((x) => x.topicTitle === 'What are you reading this weekend?')!;
  const editLink: ForumLink[] = added ? [{ url: added.url, quoted: false }] : [];
  edited.htmlV2 = `${edited.html}\n<p>Edit: finished it, and this follow-up is even better: ${added ? a(added.url, added.title) : ''}</p>`;
  edited.linksV2 = [...edited.links, ...editLink];

  const link = (post: ForumPost): string => `http://${FORUM_HOST}/t/${slugify(post.topicTitle)}/${post.topicId}/${post.postNumber}`;
  const topicPath = (post: ForumPost): string => `/t/${slugify(post.topicTitle)}/${post.topicId}`;
  const newest = posts.reduce((d, x) => (x.date > d ? x.date : d), base);
  const editedAt = addHours(newest, 2);

  const itemXml = (post: ForumPost, version: number): string => `    <item>
      <title>${esc(post.topicTitle)}</title>
      <dc:creator>${cdata(post.author)}</dc:creator>
      <description>${cdata(`\n${version >= 2 && post.htmlV2 ? post.htmlV2 : post.html}\n`)}</description>
      <link>${esc(link(post))}</link>
      <pubDate>${post.date.toUTCString()}</pubDate>
      <guid isPermaLink="false">${post.guid}</guid>
    </item>`;

  const feed = (version: number): { body: string; lastModified: Date } => ({
    body: `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:discourse="http://www.discourse.org/" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>Parallax Readers Forum - Latest posts</title>
    <link>http://${FORUM_HOST}</link>
    <description>Latest posts</description>
    <atom:link href="${feedUrl}" rel="self" type="application/rss+xml" />
${[...posts].reverse().map((post) => itemXml(post, version)).join('\n')}
  </channel>
</rss>
`,
    lastModified: version >= 2 ? editedAt : newest,
  });

  const byTopic = new Map<string, ForumPost[]>();
  for (const post of posts) byTopic.set(topicPath(post), [...(byTopic.get(topicPath(post)) ?? []), post]);

  const topicPage = (path: string, version: number): { body: string; lastModified: Date } | null => {
    const trimmed = path.replace(/\/\d+$/, '').replace(/\/$/, '');
    const thread = byTopic.get(path.replace(/\/$/, '')) ?? byTopic.get(trimmed);
    if (!thread) return null;
    const html = (post: ForumPost): string => (version >= 2 && post.htmlV2 ? post.htmlV2 : post.html);
    const changed = version >= 2 && thread.some((x) => x.htmlV2);
    return {
      body: `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(thread[0].topicTitle)} - Parallax Readers Forum</title>
<link rel="alternate" type="application/rss+xml" title="Latest posts" href="${feedUrl}">
<link rel="canonical" href="http://${FORUM_HOST}${topicPath(thread[0])}"></head>
<body><header><a href="/">Parallax Readers Forum</a></header>
<h1>${esc(thread[0].topicTitle)}</h1>
${thread.map((post) => `<div class="topic-post" id="post_${post.postNumber}"><div class="names"><span class="username">${esc(post.author)}</span></div><time datetime="${post.date.toISOString()}"></time><div class="cooked">${html(post)}</div></div>`).join('\n')}
</body></html>
`,
      lastModified: changed ? editedAt : thread.reduce((d, x) => (x.date > d ? x.date : d), thread[0].date),
    };
  };

  const occurrences = posts.flatMap((x) => x.links);
  const quotedUrls = new Set(occurrences.filter((l) => l.quoted).map((l) => l.url));
  const plainUrls = new Set(occurrences.filter((l) => !l.quoted).map((l) => l.url));
  return {
    feedUrl,
    feed,
    topicPage,
    topicPaths: [...byTopic.keys()],
    manifest: {
      feed: feedUrl,
      posts: posts.map((x) => ({ guid: x.guid, link: link(x), author: x.author, title: x.topicTitle, links: x.links })),
      quotedOnly: [...quotedUrls].filter((u) => !plainUrls.has(u)),
      quotedAndUnquoted: [...quotedUrls].filter((u) => plainUrls.has(u)),
      version2: { guid: edited.guid, addedLink: added?.url ?? '' },
    },
  };
}
