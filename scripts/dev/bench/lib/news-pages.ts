import { escapeHtml as esc } from '../../../../site/html/html.ts';
import { createRandom, type Random } from '../../lib/random.ts';
import { prose } from './crawl-pages.ts';

// Generated news article pages for bench:pipeline: an article of 600–1,500 words among the
// chrome real news sites wrap it in (navigation, a cookie notice, share buttons, a "most read"
// sidebar, related links, newsletter box, comments, a long footer), so extraction has work to do.

const SECTIONS = ['World', 'Business', 'Science', 'Technology', 'Culture', 'Sport', 'Travel', 'Health', 'Opinion', 'Video', 'Podcasts', 'Newsletters'];

function links(r: Random, host: string, n: number): string {
  return Array.from({ length: n }, (_, i) => {
    const p = prose(Math.floor(r.next() * 1e9), 12);
    return `<li><a href="https://${host}/${r.pick(SECTIONS).toLowerCase()}/${i}-${Math.floor(r.next() * 1e6)}">${esc(p.title)}</a></li>`;
  }).join('');
}

export interface NewsPage {
  url: string;
  html: string;
  words: number;
}

export function newsPage(seed: number): NewsPage {
  const r = createRandom(seed);
  const host = `news-${seed % 40}.example`;
  const body = prose(seed * 7 + 1, 600 + Math.floor(r.next() * 900));
  const url = `https://${host}/${r.pick(SECTIONS).toLowerCase()}/2024/${String(1 + (seed % 12)).padStart(2, '0')}/${body.title.toLowerCase().replace(/\s+/g, '-')}-${seed}`;
  const date = new Date(Date.UTC(2024, seed % 12, 1 + (seed % 28), 8, seed % 60));
  const author = `${r.pick(['Ana', 'Ben', 'Chloé', 'Dev', 'Eun-ji', 'Femi', 'Greta'])} ${r.pick(['Okafor', 'Lindqvist', 'Moreau', 'Patel', 'Sato', 'Walsh'])}`;
  const paragraphs = body.paragraphs.map((p, i) => {
    if (i > 0 && i % 5 === 0) return `<h2>${esc(p.split(' ').slice(0, 5).join(' '))}</h2>\n<p>${esc(p)}</p>`;
    if (i === 3) return `<figure><img src="https://${host}/img/${seed}-${i}.jpg" alt="${esc(p.split(' ').slice(0, 6).join(' '))}" width="800" height="450"><figcaption>${esc(p.split('.')[0])}.</figcaption></figure>\n<p>${esc(p)}</p>`;
    if (i === 6) return `<blockquote><p>${esc(p.split('.')[0])}.</p></blockquote>\n<p>${esc(p)}</p>`;
    if (i === 8) return `<p>${esc(p)}</p>\n<ul>${p.split('. ').slice(0, 4).map((s) => `<li>${esc(s)}</li>`).join('')}</ul>`;
    if (i % 4 === 2) return `<p>${esc(p)}</p>\n<aside class="inline-promo"><a href="https://${host}/subscribe">Subscribe for the full story</a></aside>`;
    return `<p>${esc(p)}</p>`;
  });
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>${esc(body.title)} | ${esc(host)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="${esc(body.paragraphs[0]!.slice(0, 150))}">
<link rel="canonical" href="${esc(url)}">
<meta property="og:title" content="${esc(body.title)}"><meta property="og:type" content="article"><meta property="og:url" content="${esc(url)}">
<meta property="og:image" content="https://${host}/img/${seed}-lead.jpg"><meta property="og:site_name" content="${esc(host)}">
<meta name="author" content="${esc(author)}"><meta property="article:published_time" content="${date.toISOString()}">
<link rel="alternate" type="application/rss+xml" href="https://${host}/feed.xml" title="RSS">
<link rel="stylesheet" href="https://${host}/static/site.css">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":${JSON.stringify(body.title)},"datePublished":"${date.toISOString()}","author":{"@type":"Person","name":${JSON.stringify(author)}}}</script>
<script>window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('js',new Date());</script>
</head><body class="article-page">
<div class="cookie-banner" role="dialog"><p>We use cookies to improve your experience and to show you personalised ads. By continuing you accept our cookie policy.</p><button>Accept all</button><button>Settings</button></div>
<header class="site-header"><a class="logo" href="https://${host}/">${esc(host)}</a>
<nav class="main-nav"><ul>${SECTIONS.map((s) => `<li><a href="https://${host}/${s.toLowerCase()}/">${s}</a></li>`).join('')}</ul></nav>
<form class="search" action="/search"><input name="q" placeholder="Search"><button>Go</button></form></header>
<div class="ad-slot leaderboard">Advertisement</div>
<main class="layout"><article class="story">
<p class="kicker"><a href="https://${host}/${r.pick(SECTIONS).toLowerCase()}/">${r.pick(SECTIONS)}</a></p>
<h1 class="headline">${esc(body.title)}</h1>
<p class="byline">By <a rel="author" href="https://${host}/authors/${seed % 30}">${esc(author)}</a> · <time datetime="${date.toISOString()}">${date.toDateString()}</time></p>
<div class="share"><a href="https://social.example/share?u=${encodeURIComponent(url)}">Share</a><a href="mailto:?subject=${encodeURIComponent(body.title)}">Email</a><button>Save</button></div>
<figure class="lead"><img src="https://${host}/img/${seed}-lead.jpg" alt="${esc(body.title)}" width="1200" height="675"><figcaption>Photograph: ${esc(author)}</figcaption></figure>
<div class="story-body">
${paragraphs.join('\n')}
</div>
<div class="tags"><a href="https://${host}/tag/a">${esc(r.pick(SECTIONS))}</a> <a href="https://${host}/tag/b">${esc(r.pick(SECTIONS))}</a></div>
<section class="newsletter"><h3>Get the morning briefing</h3><p>The day's top stories in your inbox every weekday.</p><form><input type="email"><button>Sign up</button></form></section>
<section class="related"><h3>Related stories</h3><ul>${links(r, host, 6)}</ul></section>
<section class="comments"><h3>Comments (${seed % 50})</h3>${Array.from({ length: 4 }, (_, i) => `<div class="comment"><p class="who">reader${seed % 97}${i}</p><p>${esc(prose(seed * 13 + i, 30).paragraphs[0]!)}</p></div>`).join('')}</section>
</article>
<aside class="sidebar"><div class="ad-slot mpu">Advertisement</div><h3>Most read</h3><ol>${links(r, host, 10)}</ol><h3>Editor's picks</h3><ul>${links(r, host, 5)}</ul></aside></main>
<footer class="site-footer"><nav><ul>${['About us', 'Contact', 'Careers', 'Advertise', 'Privacy', 'Terms', 'Cookies', 'Accessibility', 'Corrections', 'Archive'].map((s) => `<li><a href="https://${host}/${s.toLowerCase().replace(/ /g, '-')}">${s}</a></li>`).join('')}</ul></nav><p>© 2024 ${esc(host)}. All rights reserved.</p></footer>
<script src="https://${host}/static/app.js" async></script>
</body></html>
`;
  return { url, html, words: body.words };
}
