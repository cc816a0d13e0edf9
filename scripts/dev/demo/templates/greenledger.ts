// The Green Ledger: a news site. The story sits in <article>; metadata is JSON-LD NewsArticle.
import { esc, longDate, slugify } from '../html.ts';
import type { ArticlePage, ListingPage } from '../types.ts';
import { COOKIE_TEXT, adBox, authorBio, authorSlug, commentsFor, shareLinks } from './boilerplate.ts';
import { feedLinkTags, insertAfterParagraph, type SiteContext, type SiteTemplate } from './site-template.ts';

function jsonLd(value: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;
}

function head(title: string, description: string, ctx: SiteContext, extra: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<title>${esc(title)}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="description" content="${esc(description)}">
<link rel="icon" href="/favicon.svg">
<link rel="stylesheet" href="/assets/gl-2026.css">
${feedLinkTags(ctx.feeds)}
${extra}
</head>`;
}

function top(ctx: SiteContext): string {
  return `<div class="consent-layer" id="consent"><div class="consent-box"><h2>Your privacy</h2><p>${esc(COOKIE_TEXT)}</p><button data-consent="all">I agree</button><button data-consent="essential">Essential only</button><a href="/cookies">Manage options</a></div></div>
<div class="ticker" aria-label="Market data"><span>EU carbon &euro;71.20 <b class="up">+0.8%</b></span><span>Brent $78.40 <b class="down">-1.1%</b></span><span>Solar index 412.7 <b class="up">+2.3%</b></span><span>Global CO&#8322; 426.1 ppm</span></div>
<header class="gl-header">
  <a class="gl-logo" href="/">${esc(ctx.site.name)}</a>
  <nav class="gl-nav" aria-label="Sections"><a href="/news">News</a><a href="/energy">Energy</a><a href="/policy">Policy</a><a href="/science">Science</a><a href="/data">Data</a><a href="/opinion">Opinion</a><a href="/newsletters">Newsletters</a></nav>
  <a class="gl-subscribe" href="/subscribe">Support us</a> <a class="gl-login" href="/account/login">Sign in</a>
</header>`;
}

function rail(ctx: SiteContext): string {
  return `<div class="gl-rail">
  ${adBox('greenledger-rail-top', 'gl-ad gl-ad-mpu')}
  <section class="most-read"><h3>Most read</h3><ol>${ctx.popular.map((p) => `<li><a href="${esc(p.path)}">${esc(p.title)}</a></li>`).join('')}</ol></section>
  <section class="data-desk"><h3>Data desk</h3><p>Wind and solar supplied 31% of electricity in the region last month, up from 27% a year ago.</p><a href="/data">Explore the dashboard</a></section>
  <section class="topics"><h3>Topics</h3><ul>${ctx.tags.map((t) => `<li><a href="/topic/${slugify(t.tag)}">${esc(t.tag)} (${t.uses})</a></li>`).join('')}</ul></section>
  ${adBox('greenledger-rail-bottom', 'gl-ad gl-ad-skyscraper')}
</div>`;
}

function bottom(ctx: SiteContext): string {
  const groups: Array<[string, string[]]> = [
    ['Sections', ['News', 'Energy', 'Policy', 'Science', 'Data', 'Opinion', 'Podcasts', 'Events']],
    ['The Green Ledger', ['About us', 'Our journalism', 'Corrections', 'Ethics policy', 'Jobs', 'Contact the newsroom']],
    ['Services', ['Newsletters', 'Apps', 'Subscribe', 'Gift a subscription', 'Advertise with us', 'Syndication']],
    ['Legal', ['Privacy', 'Cookies', 'Terms and conditions', 'Accessibility statement']],
  ];
  return `<footer class="gl-footer">
${groups.map(([title, links]) => `<nav><h4>${title}</h4>${links.map((l) => `<a href="/${slugify(l)}">${l}</a>`).join(' ')}</nav>`).join('\n')}
<p class="legal">&copy; 2026 ${esc(ctx.site.name)} Media Ltd. Registered in England and Wales. All rights reserved.</p>
</footer>
<script src="/assets/gl-2026.js" defer></script>
</body>
</html>`;
}

function article(page: ArticlePage, ctx: SiteContext): string {
  const ld = jsonLd({
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: page.title,
    description: page.summary,
    image: page.image ? [page.image.url] : [],
    datePublished: page.date.toISOString(),
    dateModified: page.date.toISOString(),
    author: [{ '@type': 'Person', name: page.author, url: `http://${ctx.site.host}/author/${authorSlug(page.author)}` }],
    publisher: { '@type': 'Organization', name: ctx.site.name, logo: { '@type': 'ImageObject', url: `http://${ctx.site.host}/favicon.svg` } },
    mainEntityOfPage: { '@type': 'WebPage', '@id': page.url },
    keywords: page.tags.join(', '),
    isAccessibleForFree: !page.paywalled,
  });
  const meta = [`<link rel="canonical" href="${esc(page.url)}">`, page.image ? `<meta property="og:image" content="${esc(page.image.url)}">` : '', ld].join('\n');
  const comments = commentsFor(page);
  const share = shareLinks(page.url, page.title);
  const related = page.related[0];
  const body = related
    ? insertAfterParagraph(page.bodyHtml, 3, `\n<aside class="read-more"><strong>Read more:</strong> <a href="${esc(related.path)}">${esc(related.title)}</a></aside>\n`)
    : page.bodyHtml;
  return `${head(`${page.title} | ${ctx.site.name}`, page.summary, ctx, meta)}
<body class="page-article">
${top(ctx)}
<main class="gl-main">
<nav class="breadcrumb"><a href="/">Home</a> &rsaquo; <a href="/news">News</a> &rsaquo; <a href="/topic/${slugify(page.tags[0] ?? 'climate')}">${esc(page.tags[0] ?? 'Climate')}</a></nav>
<article class="gl-story">
  <header class="story-head">
    <h1>${esc(page.title)}</h1>
    <p class="standfirst">${esc(page.summary)}</p>
    <p class="byline">By <a rel="author" href="/author/${authorSlug(page.author)}">${esc(page.author)}</a> &bull; ${longDate(page.date)}</p>
    <ul class="share-tools">${share.map((s) => `<li><a href="${esc(s.href)}" aria-label="Share on ${s.name}">${s.name}</a></li>`).join('')}<li><button class="copy-link">Copy link</button></li></ul>
  </header>
  ${page.image ? `<figure class="lead"><img src="${esc(page.image.path)}" alt="${esc(page.image.alt)}" width="1200" height="630"><figcaption>${esc(page.image.caption)}. Illustration: ${esc(ctx.site.name)}</figcaption></figure>` : ''}
  <div class="article-body">
${body}
  </div>
  <footer class="story-foot">
    <p class="topics">Topics: ${page.tags.map((t) => `<a href="/topic/${slugify(t)}">${esc(t)}</a>`).join(' ')}</p>
    <div class="author-card"><img src="/favicon.svg" alt="" width="48" height="48"><p><strong>${esc(page.author)}</strong> ${esc(authorBio(page.author, ctx.site.name))}</p></div>
  </footer>
</article>
<section class="newsletter-cta"><h2>The Ledger, every Friday</h2><p>The week's climate and energy news in five minutes, with one chart that explains it. Free, every Friday morning.</p><form action="/newsletters/signup" method="post"><input type="email" name="email" aria-label="Email address"><button>Sign me up</button></form></section>
<section class="related-stories"><h2>More on this story</h2><ul>${page.related.map((r) => `<li><a href="${esc(r.path)}"><span class="kicker">${esc(r.tags[0] ?? '')}</span> ${esc(r.title)}</a> <time datetime="${r.date.toISOString()}">${longDate(r.date)}</time></li>`).join('')}</ul></section>
<section class="reader-comments" id="comments"><h2>Reader comments (${comments.length})</h2>
${comments.map((c) => `<div class="rc${c.replyTo ? ' rc-reply' : ''}" id="${c.id}"><p class="rc-meta"><span class="rc-name">${esc(c.name)}</span> wrote on ${longDate(c.date)}:</p><p class="rc-text">${esc(c.text)}</p><p class="rc-actions"><a href="#report-${c.id}">Report</a> &middot; <a href="#reply-${c.id}">Reply</a> &middot; <span>${(c.text.length % 17) + 2} recommends</span></p></div>`).join('\n')}
<p class="rc-rules">Comments are moderated. Please read our <a href="/community-guidelines">community guidelines</a>.</p></section>
</main>
${rail(ctx)}
${bottom(ctx)}`;
}

function listing(page: ListingPage, ctx: SiteContext): string {
  const [lead, ...rest] = page.items;
  return `${head(page.path === '/' ? `${ctx.site.name}: ${ctx.site.tagline}` : `${page.title} | ${ctx.site.name}`, page.intro, ctx, `<link rel="canonical" href="${esc(page.url)}">`)}
<body class="page-front">
${top(ctx)}
<main class="gl-main">
<h1 class="front-title">${esc(page.title)}</h1>
<p class="front-intro">${esc(page.intro)}</p>
${lead ? `<div class="lead-story"><a href="${esc(lead.path)}">${lead.image ? `<img src="${esc(lead.image.path)}" alt="${esc(lead.image.alt)}">` : ''}<h2>${esc(lead.title)}</h2></a><p>${esc(lead.summary)}</p></div>` : ''}
<ul class="story-list">${rest.map((p) => `<li><a href="${esc(p.path)}"><h3>${esc(p.title)}</h3></a><p>${esc(p.summary)}</p><span class="meta">${esc(p.author)} &middot; ${longDate(p.date)}</span></li>`).join('\n')}</ul>
</main>
${rail(ctx)}
${bottom(ctx)}`;
}

function notFound(path: string, ctx: SiteContext): string {
  return `${head(`Page not found | ${ctx.site.name}`, '', ctx, '')}
<body class="page-404">
${top(ctx)}
<main class="gl-main"><h1>Sorry, we couldn't find that page</h1><p>The page at ${esc(path)} may have been moved or deleted.</p><p><a href="/">Go to the front page</a></p></main>
${bottom(ctx)}`;
}

export const greenLedgerTemplate: SiteTemplate = { article, listing, notFound };
