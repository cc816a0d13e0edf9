// The Daily Parallax: a magazine in div soup, with Twitter cards, <meta name="author"> and modules inside the story.
import { esc, longDate, slugify } from '../html.ts';
import { SECTION_NAMES } from '../sites.ts';
import type { ArticlePage, ListingPage } from '../types.ts';
import { COOKIE_TEXT, adBox, authorBio, authorSlug, commentsFor } from './boilerplate.ts';
import { feedLinkTags, insertAfterParagraph, type SiteContext, type SiteTemplate } from './site-template.ts';

function head(title: string, description: string, ctx: SiteContext, extra: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<meta name="description" content="${esc(description)}">
<link rel="icon" href="/favicon.svg">
<link rel="preload" href="/static/fonts/parallax-serif.woff2" as="font" crossorigin>
<link rel="stylesheet" href="/static/css/dp.4f9a1c.css">
${feedLinkTags(ctx.feeds)}
${extra}
<script async src="/static/js/ads.js"></script>
</head>`;
}

function chrome(ctx: SiteContext): string {
  return `<div class="dp-gdpr" data-nosnippet><p>${esc(COOKIE_TEXT)}</p><div><button>Accept and continue</button> <a href="/privacy#cookies">Customise</a></div></div>
<div class="dp-topbar"><span>${longDate(ctx.articles[0]?.date ?? new Date(0))}</span> <a href="/account/login">Log in</a> <a class="dp-cta" href="/subscribe">Subscribe from $1/week</a></div>
<div class="dp-masthead"><a href="/" class="dp-logo">${esc(ctx.site.name)}</a><div class="dp-tagline">${esc(ctx.site.tagline)}</div></div>
<div class="dp-nav"><a href="/">Home</a>${(['space', 'climate', 'software'] as const).map((t) => `<a href="/section/${t}/">${SECTION_NAMES[t]}</a>`).join('')}<a href="/culture/">Culture</a><a href="/puzzles/">Puzzles</a><a href="/podcasts/">Podcasts</a></div>
<div class="dp-trending"><b>Trending:</b> ${ctx.popular.slice(0, 4).map((p) => `<a href="${esc(p.path)}">${esc(p.title)}</a>`).join(' | ')}</div>`;
}

function rightColumn(ctx: SiteContext): string {
  return `<div class="dp-col-right">
  ${adBox('dailyparallax-right', 'dp-ad dp-ad-300x250')}
  <div class="dp-module dp-popular"><div class="dp-module-title">Most popular</div>${ctx.popular.map((p, i) => `<div class="dp-pop-item"><span class="dp-rank">${i + 1}</span><a href="${esc(p.path)}">${esc(p.title)}</a></div>`).join('')}</div>
  <div class="dp-module dp-tags"><div class="dp-module-title">Explore</div>${ctx.tags.map((t) => `<a href="/tag/${slugify(t.tag)}/">${esc(t.tag)}</a>`).join(' &middot; ')}</div>
  <div class="dp-module dp-puzzle"><div class="dp-module-title">Today's puzzle</div><div>Can you find the hidden constellation? Ten clues, one grid.</div><a href="/puzzles/">Play now</a></div>
</div>`;
}

function megaFooter(ctx: SiteContext): string {
  const cols: Array<[string, string[]]> = [
    ['Sections', ['Space', 'Climate', 'Technology', 'Culture', 'Health', 'Books', 'Puzzles', 'Podcasts']],
    ['Subscribe', ['Digital', 'Print + digital', 'Gifts', 'Student offer', 'Group subscriptions', 'Manage account']],
    ['Company', ['About', 'Masthead', 'Careers', 'Press', 'Contact', 'Tips', 'Licensing']],
    ['Help', ['FAQ', 'Accessibility', 'Privacy', 'Cookie settings', 'Terms of service', 'Do not sell my info']],
  ];
  return `<div class="dp-footer">${cols.map(([t, ls]) => `<div class="dp-footer-col"><div class="dp-footer-title">${t}</div>${ls.map((l) => `<a href="/${slugify(l)}/">${l}</a>`).join('')}</div>`).join('')}
<div class="dp-copyright">&copy; 2026 ${esc(ctx.site.name)} Co. Reproduction without permission prohibited.</div></div>
</body>
</html>`;
}

function article(page: ArticlePage, ctx: SiteContext): string {
  const meta = [
    `<link rel="canonical" href="${esc(page.url)}">`,
    `<meta name="author" content="${esc(page.author)}">`,
    `<meta name="parsely-pub-date" content="${page.date.toISOString()}">`,
    `<meta name="keywords" content="${esc(page.tags.join(', '))}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:site" content="@dailyparallax">`,
    `<meta name="twitter:title" content="${esc(page.title)}">`,
    `<meta name="twitter:description" content="${esc(page.summary)}">`,
    ...(page.image ? [`<meta name="twitter:image" content="${esc(page.image.url)}">`, `<meta property="og:image" content="${esc(page.image.url)}">`] : []),
  ].join('\n');
  const comments = page.paywalled ? [] : commentsFor(page);
  let body = page.bodyHtml;
  if (!page.paywalled && page.related[0]) {
    body = insertAfterParagraph(body, 2, `\n<div class="dp-inline-related"><span>ALSO READ</span> <a href="${esc(page.related[0].path)}">${esc(page.related[0].title)}</a></div>\n`);
    body = insertAfterParagraph(body, 6, `\n${adBox(`${page.url}#inline`, 'dp-ad dp-ad-inline')}\n`);
  }
  const section = SECTION_NAMES[page.topic];
  return `${head(`${page.title} | ${section} | ${ctx.site.name}`, page.summary, ctx, meta)}
<body class="dp-story-page">
${chrome(ctx)}
<div class="dp-wrapper">
<div class="dp-col-main">
  <div class="dp-kicker"><a href="/section/${page.topic}/">${section}</a></div>
  <div class="dp-headline"><h1>${esc(page.title)}</h1></div>
  <div class="dp-dek">${esc(page.summary)}</div>
  <div class="dp-byline">By <a href="/by/${authorSlug(page.author)}/">${esc(page.author)}</a></div>
  <div class="dp-date">Published ${longDate(page.date)}</div>
  <div class="dp-audio"><button>&#9654; Listen to this story</button> <span>${Math.max(2, Math.round(page.bodyHtml.length / 1400))} min</span></div>
  ${page.image ? `<div class="dp-hero"><img src="${esc(page.image.path)}" alt="${esc(page.image.alt)}" width="1200" height="630"><div class="dp-credit">Illustration: ${esc(ctx.site.name)} art desk</div></div>` : ''}
  <div class="dp-body">
${body}
  </div>
  ${page.paywalled ? `<div class="dp-paywall" id="paywall"><div class="dp-paywall-fade"></div><h2>Subscribe to continue reading</h2><p>You have reached the end of the free preview. Subscribers get unlimited access to every story, the daily briefing and our full archive.</p><a class="dp-btn" href="/subscribe?ref=paywall">Subscribe from $1/week</a><p>Already a subscriber? <a href="/account/login?next=${encodeURIComponent(page.path)}">Sign in to read the full story</a></p></div>` : ''}
  <div class="dp-tags-row">${page.tags.map((t) => `<a href="/tag/${slugify(t)}/">${esc(t)}</a>`).join('')}</div>
  <div class="dp-share"><span>Share</span><a href="https://mastodon.example/share?url=${encodeURIComponent(page.url)}">Mastodon</a><a href="https://www.facebook.example/sharer.php?u=${encodeURIComponent(page.url)}">Facebook</a><a href="mailto:?body=${encodeURIComponent(page.url)}">Email</a><a href="#" class="dp-gift">Gift this article</a></div>
  ${page.paywalled ? '' : `<div class="dp-authorbox"><div class="dp-authorname">${esc(page.author)}</div><div class="dp-authorbio">${esc(authorBio(page.author, ctx.site.name))}</div></div>
  <div class="dp-newsletter"><div class="dp-newsletter-title">The Parallax Daily Briefing</div><div>Our editors' picks, every weekday at 7 a.m. Sign up now and get our weekend long read free.</div><form action="/newsletters" method="post"><input type="email" name="email"><button>Sign up</button></form></div>
  <div class="dp-more"><div class="dp-module-title">More from ${section}</div>${page.related.map((r) => `<div class="dp-card"><a href="${esc(r.path)}"><div class="dp-card-title">${esc(r.title)}</div></a><div class="dp-card-dek">${esc(r.summary)}</div></div>`).join('')}</div>`}
  ${comments.length ? `<div class="dp-comments" id="comments"><div class="dp-module-title">${comments.length} Comments</div>${comments.map((c) => `<div class="dp-comment${c.replyTo ? ' dp-comment-reply' : ''}" id="${c.id}"><div class="dp-comment-author">${esc(c.name)}</div><div class="dp-comment-date">${longDate(c.date)}</div><div class="dp-comment-text">${esc(c.text)}</div><div class="dp-comment-actions">Like &middot; Reply &middot; Flag</div></div>`).join('\n')}</div>` : ''}
</div>
${rightColumn(ctx)}
</div>
${megaFooter(ctx)}`;
}

function listing(page: ListingPage, ctx: SiteContext): string {
  return `${head(page.path === '/' ? `${ctx.site.name} | ${ctx.site.tagline}` : `${page.title} | ${ctx.site.name}`, page.intro, ctx, `<link rel="canonical" href="${esc(page.url)}">\n<meta name="twitter:card" content="summary">`)}
<body class="dp-front">
${chrome(ctx)}
<div class="dp-wrapper">
<div class="dp-col-main">
  <div class="dp-section-title"><h1>${esc(page.title)}</h1></div>
  <div class="dp-section-intro">${esc(page.intro)}</div>
  <div class="dp-grid">${page.items.map((p) => `<div class="dp-card"><a href="${esc(p.path)}">${p.image ? `<img src="${esc(p.image.path)}" alt="${esc(p.image.alt)}">` : ''}<div class="dp-card-kicker">${SECTION_NAMES[p.topic]}</div><div class="dp-card-title">${esc(p.title)}</div></a><div class="dp-card-dek">${esc(p.summary)}</div><div class="dp-card-meta">${esc(p.author)} &middot; ${longDate(p.date)}</div></div>`).join('\n')}</div>
</div>
${rightColumn(ctx)}
</div>
${megaFooter(ctx)}`;
}

function notFound(path: string, ctx: SiteContext): string {
  return `${head(`Not found | ${ctx.site.name}`, '', ctx, '')}
<body class="dp-404">
${chrome(ctx)}
<div class="dp-wrapper"><div class="dp-col-main"><h1>We can't find that page</h1><p>${esc(path)} is not here. Try the <a href="/">front page</a>.</p></div></div>
${megaFooter(ctx)}`;
}

export const dailyParallaxTemplate: SiteTemplate = { article, listing, notFound };
