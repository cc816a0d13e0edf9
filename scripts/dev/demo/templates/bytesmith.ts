// Bytesmith: a static-site-generator blog. Byline in <span class="author">, date in <time datetime>.
import { segmentWords } from '../../../../crawler/text/index.ts';
import { esc, longDate, slugify, htmlToText } from '../html.ts';
import type { ArticlePage, ListingPage } from '../types.ts';
import { COOKIE_TEXT, adBox, authorBio, commentsFor, shareLinks } from './boilerplate.ts';
import { feedLinkTags, type SiteContext, type SiteTemplate } from './site-template.ts';

function head(title: string, description: string, ctx: SiteContext, extra: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<meta name="description" content="${esc(description)}">
<meta name="generator" content="Hugo 0.140.0">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<link rel="stylesheet" href="/css/main.min.css">
${feedLinkTags(ctx.feeds)}
${extra}
</head>`;
}

function nav(ctx: SiteContext): string {
  return `<div class="cookie-bar" hidden><span>${esc(COOKIE_TEXT)}</span> <button onclick="this.parentNode.remove()">OK</button></div>
<header class="site-header"><div class="container">
  <a class="logo" href="/">&lt;${esc(ctx.site.name)}/&gt;</a>
  <nav><a href="/posts/">Posts</a> <a href="/series/">Series</a> <a href="/talks/">Talks</a> <a href="/uses/">Uses</a> <a href="/about/">About</a> <a href="/feed.xml" class="rss">RSS</a></nav>
  <button class="theme-toggle" aria-label="Toggle dark mode">&#9680;</button>
</div></header>`;
}

function aside(ctx: SiteContext): string {
  return `<aside class="sidebar">
  <div class="widget"><h4>Recent posts</h4><ul>${ctx.popular.map((p) => `<li><a href="${esc(p.path)}">${esc(p.title)}</a></li>`).join('')}</ul></div>
  <div class="widget"><h4>Tags</h4><p class="tags">${ctx.tags.map((t) => `<a href="/tags/${slugify(t.tag)}/">#${esc(t.tag)}</a>`).join(' ')}</p></div>
  ${adBox('bytesmith-aside', 'widget sponsor')}
</aside>`;
}

function foot(ctx: SiteContext): string {
  const series = ['Databases in practice', 'Testing without tears', 'Running things in production', 'Reading other people\'s code'];
  const blogroll = ['Julia Evans', 'Dan Luu', 'Martin Fowler', 'Charity Majors', 'Hillel Wayne', 'Simon Willison'];
  return `<footer class="site-footer"><div class="container">
  <div class="footer-grid">
    <div><h4>Series</h4><ul>${series.map((s) => `<li><a href="/series/${slugify(s)}/">${esc(s)}</a></li>`).join('')}</ul></div>
    <div><h4>Archive</h4><ul>${ctx.articles.map((a) => `<li><a href="${esc(a.path)}">${esc(a.title)}</a></li>`).join('')}</ul></div>
    <div><h4>Blogroll</h4><ul>${blogroll.map((b) => `<li><a href="https://${slugify(b)}.example/">${esc(b)}</a></li>`).join('')}</ul></div>
  </div>
  <p>&copy; 2026 ${esc(ctx.site.name)} &middot; Built with Hugo &middot; <a href="/privacy/">Privacy</a> &middot; <a href="/colophon/">Colophon</a> &middot; <a href="/now/">Now</a> &middot; <a href="/blogroll/">Blogroll</a></p>
  <p class="elsewhere"><a rel="me" href="https://social.example/@bytesmith">Mastodon</a> &middot; <a href="https://git.example/bytesmith">Code</a> &middot; <a href="/feed.xml">RSS</a> &middot; <a href="/atom.xml">Atom</a> &middot; <a href="/sitemap.xml">Sitemap</a></p>
  <p class="license">Text licensed CC BY-SA 4.0; code samples MIT.</p>
</div></footer>
<script src="/js/bundle.min.js" defer></script>
</body>
</html>`;
}

/** Gives h2s ids and returns a table of contents for them. */
function withToc(bodyHtml: string): { body: string; toc: Array<{ id: string; text: string }> } {
  const toc: Array<{ id: string; text: string }> = [];
  const body = bodyHtml.replace(/<h2>([\s\S]*?)<\/h2>/g, (_, inner: string) => {
    const id = slugify(htmlToText(inner)) || `section-${toc.length + 1}`;
    toc.push({ id, text: htmlToText(inner) });
    return `<h2 id="${id}">${inner}<a class="anchor" href="#${id}" aria-hidden="true">#</a></h2>`;
  });
  return { body, toc };
}

function article(page: ArticlePage, ctx: SiteContext): string {
  const meta = [
    `<link rel="canonical" href="${esc(page.url)}">`,
    `<meta property="og:title" content="${esc(page.title)}">`,
    `<meta property="og:description" content="${esc(page.summary)}">`,
    page.image ? `<meta property="og:image" content="${esc(page.image.url)}">` : '',
    `<meta property="og:type" content="article">`,
  ].join('\n');
  const { body, toc } = withToc(page.bodyHtml);
  // The blog's own reading time, as its engine counts words ("3.8.2" is one): a foreign site's
  // figure, not the crawler's word count, and the sample page must not change with the crawler's rule.
  const minutes = Math.max(1, Math.round(segmentWords(htmlToText(page.bodyHtml)).length / 230));
  const comments = commentsFor(page);
  const share = shareLinks(page.url, page.title);
  return `${head(`${page.title} · ${ctx.site.name}`, page.summary, ctx, meta)}
<body class="single">
${nav(ctx)}
<div class="container layout">
<main id="main">
  ${page.banner ? `<div class="draft-banner">${esc(page.banner)}</div>` : ''}
  <div class="post">
    <h1 class="post-title">${esc(page.title)}</h1>
    <div class="post-meta"><time datetime="${page.date.toISOString()}">${longDate(page.date)}</time> &middot; <span class="author">${esc(page.author)}</span> &middot; <span class="reading-time">${minutes} min read</span></div>
    ${toc.length > 1 ? `<details class="toc" open><summary>Contents</summary><ol>${toc.map((t) => `<li><a href="#${t.id}">${esc(t.text)}</a></li>`).join('')}</ol></details>` : ''}
    ${page.image ? `<p class="cover"><img src="${esc(page.image.path)}" alt="${esc(page.image.alt)}" loading="eager" width="1200" height="630"></p>` : ''}
    <div class="entry">
${body}
    </div>
    <p class="post-tags">${page.tags.map((t) => `<a href="/tags/${slugify(t)}/">#${esc(t)}</a>`).join(' ')}</p>
    <p class="share">Share: ${share.map((s) => `<a href="${esc(s.href)}">${s.name}</a>`).join(' / ')}</p>
    <div class="bio"><strong>${esc(page.author)}</strong> ${esc(authorBio(page.author, ctx.site.name))}</div>
    <div class="subscribe-box"><h3>Get new posts by email</h3><p>About two posts a month on building and running software. I never share your address.</p><form action="/subscribe/" method="post"><input type="email" name="email"><button>Subscribe</button></form></div>
    <nav class="see-also"><h3>You might also like</h3><ul>${page.related.map((r) => `<li><a href="${esc(r.path)}">${esc(r.title)}</a> <small>${longDate(r.date)}</small></li>`).join('')}</ul></nav>
  </div>
  <section class="discussion" id="discussion"><h3>Discussion (${comments.length})</h3>
${comments.map((c) => `<div class="c${c.replyTo ? ' c-reply' : ''}" id="${c.id}"><div class="c-head"><span class="c-user">${esc(c.name)}</span> <time datetime="${c.date.toISOString()}">${longDate(c.date)}</time></div><div class="c-body">${esc(c.text)}</div></div>`).join('\n')}
  </section>
</main>
${aside(ctx)}
</div>
${foot(ctx)}`;
}

function listing(page: ListingPage, ctx: SiteContext): string {
  return `${head(page.path === '/' ? `${ctx.site.name}: ${ctx.site.tagline}` : `${page.title} · ${ctx.site.name}`, page.intro, ctx, `<link rel="canonical" href="${esc(page.url)}">`)}
<body class="list">
${nav(ctx)}
<div class="container layout">
<main id="main">
  <h1>${esc(page.title)}</h1>
  <p class="lede">${esc(page.intro)}</p>
  <ul class="post-list">${page.items.map((p) => `<li><time datetime="${p.date.toISOString()}">${longDate(p.date)}</time> <a href="${esc(p.path)}">${esc(p.title)}</a><p>${esc(p.summary)}</p></li>`).join('\n')}</ul>
</main>
${aside(ctx)}
</div>
${foot(ctx)}`;
}

function notFound(path: string, ctx: SiteContext): string {
  return `${head(`404 · ${ctx.site.name}`, '', ctx, '')}
<body class="not-found">
${nav(ctx)}
<div class="container"><main id="main"><h1>404</h1><p><code>${esc(path)}</code> does not exist. It may have been a draft.</p><p><a href="/">Back home</a></p></main></div>
${foot(ctx)}`;
}

export const bytesmithTemplate: SiteTemplate = { article, listing, notFound };
