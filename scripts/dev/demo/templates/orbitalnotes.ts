// Orbital Notes: a WordPress-style blog. Only <div class="post-content"> marks the text; metadata is OpenGraph.
import { esc, usDate, slugify } from '../html.ts';
import type { ArticlePage, ListingPage } from '../types.ts';
import { COOKIE_TEXT, adBox, authorBio, authorSlug, commentsFor, shareLinks } from './boilerplate.ts';
import { feedLinkTags, type SiteContext, type SiteTemplate } from './site-template.ts';

function head(title: string, description: string, ctx: SiteContext, extra: string): string {
  return `<!DOCTYPE html>
<html lang="en-US">
<head>
  <meta charset="UTF-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${esc(title)}</title>
  <meta name="description" content="${esc(description)}">
  <meta name="generator" content="WordPress 6.8">
  <link rel="icon" href="/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/wp-content/themes/stellar/style.css?ver=3.2">
  ${feedLinkTags(ctx.feeds)}
  ${extra}
  <script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());</script>
</head>`;
}

function masthead(ctx: SiteContext): string {
  return `<div id="cookie-notice" class="cookie-notice" role="dialog" aria-label="Cookie consent">
  <p>${esc(COOKIE_TEXT)}</p>
  <button class="cn-accept">Accept all</button> <button class="cn-reject">Reject non-essential</button> <a href="/privacy-policy/">Privacy policy</a>
</div>
<div id="page" class="site">
<header id="masthead" class="site-header">
  <div class="site-branding">
    <p class="site-title"><a href="/" rel="home">${esc(ctx.site.name)}</a></p>
    <p class="site-description">${esc(ctx.site.tagline)}</p>
  </div>
  <nav id="site-navigation" class="main-navigation">
    <ul id="primary-menu" class="menu">
      <li class="menu-item"><a href="/">Home</a></li>
      <li class="menu-item"><a href="/category/planets/">Planets</a></li>
      <li class="menu-item"><a href="/category/missions/">Missions</a></li>
      <li class="menu-item"><a href="/category/observing/">Observing</a></li>
      <li class="menu-item"><a href="/about/">About</a></li>
      <li class="menu-item"><a href="/feed.xml">RSS</a></li>
    </ul>
  </nav>
</header>`;
}

function sidebar(ctx: SiteContext): string {
  return `<aside id="secondary" class="widget-area">
  <section class="widget widget_search"><form role="search" action="/"><input type="search" name="s" placeholder="Search the notes&hellip;"><button>Search</button></form></section>
  <section class="widget widget_popular_posts"><h2 class="widget-title">Popular posts</h2>
    <ul>${ctx.popular.map((p) => `<li><a href="${esc(p.path)}">${esc(p.title)}</a></li>`).join('')}</ul>
  </section>
  ${adBox('orbitalnotes-sidebar', 'widget widget_ad')}
  <section class="widget widget_tag_cloud"><h2 class="widget-title">Tags</h2>
    <div class="tagcloud">${ctx.tags.map((t) => `<a href="/tag/${slugify(t.tag)}/" class="tag-cloud-link" style="font-size:${10 + t.uses * 2}pt">${esc(t.tag)}</a>`).join(' ')}</div>
  </section>
  <section class="widget widget_text"><h2 class="widget-title">Observing this month</h2><p>Look east after midnight for the brightest planets; our monthly sky chart is in the newsletter.</p></section>
</aside>`;
}

function footer(ctx: SiteContext): string {
  const cols = [
    ['Explore', ['Planets', 'Moons', 'Missions', 'Telescopes', 'Observing guides', 'Glossary']],
    ['About', ['About us', 'Contributors', 'Contact', 'Write for us', 'Advertise']],
    ['Legal', ['Privacy policy', 'Cookie policy', 'Terms of use', 'Accessibility']],
  ] as const;
  return `<footer id="colophon" class="site-footer">
  <div class="footer-widgets">${cols
    .map(([title, links]) => `<div class="footer-col"><h3>${title}</h3><ul>${links.map((l) => `<li><a href="/${slugify(l)}/">${l}</a></li>`).join('')}</ul></div>`)
    .join('')}</div>
  <div class="site-info">&copy; 2026 ${esc(ctx.site.name)}. Proudly powered by WordPress. Theme: Stellar by Nebula Themes.</div>
</footer>
</div>
<script src="/wp-content/themes/stellar/js/navigation.js?ver=3.2"></script>
</body>
</html>`;
}

function article(page: ArticlePage, ctx: SiteContext): string {
  const og = [
    `<link rel="canonical" href="${esc(page.url)}">`,
    `<meta property="og:locale" content="en_US">`,
    `<meta property="og:type" content="article">`,
    `<meta property="og:title" content="${esc(page.title)}">`,
    `<meta property="og:description" content="${esc(page.summary)}">`,
    `<meta property="og:url" content="${esc(page.url)}">`,
    `<meta property="og:site_name" content="${esc(ctx.site.name)}">`,
    `<meta property="article:published_time" content="${page.date.toISOString()}">`,
    `<meta property="article:author" content="${esc(page.author)}">`,
    ...page.tags.map((t) => `<meta property="article:tag" content="${esc(t)}">`),
    ...(page.image ? [`<meta property="og:image" content="${esc(page.image.url)}">`, `<meta property="og:image:width" content="${page.image.width}">`, `<meta property="og:image:height" content="${page.image.height}">`] : []),
  ].join('\n  ');
  const comments = commentsFor(page);
  const share = shareLinks(page.url, page.title);
  return `${head(`${page.title} – ${ctx.site.name}`, page.summary, ctx, og)}
<body class="post-template-default single single-post">
${masthead(ctx)}
<div id="content" class="site-content">
<div id="primary" class="content-area">
  <div class="post type-post status-publish format-standard has-post-thumbnail">
    <div class="entry-header">
      <div class="cat-links"><a href="/category/${slugify(page.tags[0] ?? 'space')}/" rel="category tag">${esc(page.tags[0] ?? 'Space')}</a></div>
      <h1 class="entry-title">${esc(page.title)}</h1>
      <div class="entry-meta">Posted on <a href="${esc(page.path)}" rel="bookmark">${usDate(page.date)}</a> by <a class="url fn n" href="/author/${authorSlug(page.author)}/">${esc(page.author)}</a> &middot; <a href="#comments">${comments.length} Comments</a></div>
    </div>
    ${page.image ? `<div class="post-thumbnail"><img width="1200" height="630" src="${esc(page.image.path)}" class="attachment-post-thumbnail wp-post-image" alt="${esc(page.image.alt)}" decoding="async"></div>` : ''}
    <div class="sharedaddy sd-sharing-enabled"><h3 class="sd-title">Share this:</h3><ul>${share.map((s) => `<li><a class="share-${slugify(s.name)}" href="${esc(s.href)}" target="_blank" rel="noopener">${s.name}</a></li>`).join('')}</ul></div>
    <div class="post-content">
${page.bodyHtml}
    </div>
    <div class="entry-footer"><span class="tags-links">Tagged ${page.tags.map((t) => `<a href="/tag/${slugify(t)}/" rel="tag">${esc(t)}</a>`).join(', ')}</span></div>
    <div class="author-info"><h2 class="author-title">About ${esc(page.author)}</h2><p class="author-bio">${esc(authorBio(page.author, ctx.site.name))} <a class="author-link" href="/author/${authorSlug(page.author)}/">View all posts by ${esc(page.author)}</a></p></div>
    <div class="jp-relatedposts"><h3 class="jp-relatedposts-headline">Related</h3>${page.related
      .map((r) => `<div class="jp-relatedposts-post"><h4><a href="${esc(r.path)}">${esc(r.title)}</a></h4><p>${esc(r.summary)}</p><time>${usDate(r.date)}</time></div>`)
      .join('')}</div>
    <div class="newsletter-signup"><h3>Never miss a launch</h3><p>One email a month with the best of Orbital Notes and a printable sky chart. No spam, unsubscribe anytime.</p><form action="/subscribe/" method="post"><input type="email" name="email" placeholder="you@example.com"><button>Subscribe</button></form></div>
  </div>
  <div id="comments" class="comments-area">
    <h2 class="comments-title">${comments.length} thoughts on &ldquo;${esc(page.title)}&rdquo;</h2>
    <ol class="comment-list">${comments
      .map((c) => `<li id="${c.id}" class="comment${c.replyTo ? ' depth-2' : ''}"><div class="comment-body"><footer class="comment-meta"><b class="fn">${esc(c.name)}</b> <time datetime="${c.date.toISOString()}">${usDate(c.date)}</time></footer><div class="comment-content"><p>${esc(c.text)}</p></div><a class="comment-reply-link" href="?replytocom=${c.id}#respond">Reply</a></div></li>`)
      .join('\n')}</ol>
    <div id="respond" class="comment-respond"><h3>Leave a Reply</h3><form action="/wp-comments-post.php" method="post"><textarea name="comment"></textarea><input name="author" placeholder="Name"><input name="email" placeholder="Email"><button>Post Comment</button></form></div>
  </div>
</div>
${sidebar(ctx)}
</div>
${footer(ctx)}`;
}

function listing(page: ListingPage, ctx: SiteContext): string {
  return `${head(page.path === '/' ? `${ctx.site.name} – ${ctx.site.tagline}` : `${page.title} – ${ctx.site.name}`, page.intro, ctx, `<link rel="canonical" href="${esc(page.url)}">\n  <meta property="og:type" content="website">\n  <meta property="og:site_name" content="${esc(ctx.site.name)}">`)}
<body class="home blog">
${masthead(ctx)}
<div id="content" class="site-content">
<div id="primary" class="content-area">
  <header class="page-header"><h1 class="page-title">${esc(page.title)}</h1><p>${esc(page.intro)}</p></header>
  ${page.items
    .map((p) => `<div class="post type-post excerpt">
    ${p.image ? `<a class="post-thumbnail" href="${esc(p.path)}"><img width="600" height="315" src="${esc(p.image.path)}" alt="${esc(p.image.alt)}"></a>` : ''}
    <h2 class="entry-title"><a href="${esc(p.path)}" rel="bookmark">${esc(p.title)}</a></h2>
    <div class="entry-meta">Posted on ${usDate(p.date)} by ${esc(p.author)}</div>
    <div class="entry-summary"><p>${esc(p.summary)}</p></div>
    <a class="more-link" href="${esc(p.path)}">Continue reading<span class="screen-reader-text"> ${esc(p.title)}</span></a>
  </div>`)
    .join('\n  ')}
  ${page.items.length > 0 ? `<nav class="navigation posts-navigation"><div class="nav-previous"><a href="/page/2/">Older posts</a></div></nav>` : ''}
</div>
${sidebar(ctx)}
</div>
${footer(ctx)}`;
}

function notFound(path: string, ctx: SiteContext): string {
  return `${head(`Page not found – ${ctx.site.name}`, '', ctx, '<meta name="robots" content="noindex">')}
<body class="error404">
${masthead(ctx)}
<div id="content" class="site-content"><section class="error-404 not-found"><h1 class="page-title">Oops! That page can&rsquo;t be found.</h1><p>Nothing was found at ${esc(path)}. Maybe try one of the links below or a search?</p></section></div>
${footer(ctx)}`;
}

export const orbitalNotesTemplate: SiteTemplate = { article, listing, notFound };
