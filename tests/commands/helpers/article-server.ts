import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRandom } from '../../../scripts/dev/lib/random.ts';
import { paragraph, TOPIC_BANKS } from '../../../scripts/dev/lib/synthetic-prose.ts';

// A small site for the add/remove tests: a few article pages, a short note, a copy of an
// article at another address, and a feed whose items the test sets. Counts requests per path.

export const HOST = 'addremove.test';

export interface ArticlePage {
  path: string;
  title: string;
  paragraphs: string[];
}

export interface ArticleServer {
  base: string;
  resolve: Record<string, string>;
  pages: Map<string, ArticlePage>;
  /** Paths the feed lists (absolute URLs are allowed too). */
  feed: string[];
  requests: Map<string, number>;
  close(): Promise<void>;
}

export function article(path: string, title: string, seed: number, paragraphs = 8): ArticlePage {
  const random = createRandom(seed);
  const bank = TOPIC_BANKS[seed % TOPIC_BANKS.length]!;
  return { path, title, paragraphs: [`${title} is the subject of this report.`, ...Array.from({ length: paragraphs }, () => paragraph(bank, random))] };
}

function html(page: ArticlePage): string {
  const body = page.paragraphs.map((p) => `<p>${p}</p>`).join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${page.title}</title>
<meta property="og:title" content="${page.title}"><meta property="article:published_time" content="2026-03-30T10:00:00Z"></head>
<body><header><nav><a href="/">Home</a></nav></header><main><article><h1>${page.title}</h1>${body}</article></main><footer>Footer</footer></body></html>`;
}

export async function startArticleServer(pages: ArticlePage[]): Promise<ArticleServer> {
  const state = { pages: new Map(pages.map((p) => [p.path, p])), feed: [] as string[], requests: new Map<string, number>() };
  let base = '';
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    state.requests.set(path, (state.requests.get(path) ?? 0) + 1);
    if (path === '/robots.txt') return void res.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
    if (path === '/feed.xml') {
      const items = server$.feed.map((p, i) => `<item><title>Item ${i}</title><link>${p.startsWith('http') ? p : `${base}${p}`}</link><pubDate>Mon, 30 Mar 2026 10:0${i % 10}:00 GMT</pubDate></item>`).join('');
      return void res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Feed</title><link>${base}/</link>${items}</channel></rss>`);
    }
    const page = state.pages.get(path);
    if (!page) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html(page));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://${HOST}`;
  const server$: ArticleServer = {
    base,
    // www. too: a crawl that met the www. form of a removed address would reach this server and be counted.
    resolve: { [HOST]: `127.0.0.1:${port}`, [`www.${HOST}`]: `127.0.0.1:${port}` },
    pages: state.pages,
    feed: state.feed,
    requests: state.requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return server$;
}
