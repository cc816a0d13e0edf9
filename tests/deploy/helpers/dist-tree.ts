import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * A hand-made build folder with one file of every kind a real build has, and what the bucket
 * must say about each: its Content-Type and cache class.
 */
export const DIST_FILES: Record<string, { body: string; type: string; cache: 'immutable' | 'revalidate' | 'static' }> = {
  'index.html': { body: '<!doctype html><title>Home</title><a href="/science/">Science</a>', type: 'text/html; charset=utf-8', cache: 'revalidate' },
  '404.html': { body: '<!doctype html><title>Not found</title>', type: 'text/html; charset=utf-8', cache: 'revalidate' },
  'about/index.html': { body: '<!doctype html><title>About</title>', type: 'text/html; charset=utf-8', cache: 'revalidate' },
  'science/index.html': { body: '<!doctype html><title>Science</title><a href="/science/first/">First</a>', type: 'text/html; charset=utf-8', cache: 'revalidate' },
  'science/first/index.html': { body: '<!doctype html><title>First</title><script src="/_astro/app.B1x2c3.js"></script>', type: 'text/html; charset=utf-8', cache: 'revalidate' },
  'science/second/index.html': { body: '<!doctype html><title>Second</title>', type: 'text/html; charset=utf-8', cache: 'revalidate' },
  'amp/science/first/index.html': { body: '<!doctype html><html amp><title>First</title>', type: 'text/html; charset=utf-8', cache: 'revalidate' },
  '_astro/app.B1x2c3.js': { body: 'console.log("app");', type: 'text/javascript; charset=utf-8', cache: 'immutable' },
  '_astro/page.D4e5F6.css': { body: 'body{margin:0}', type: 'text/css; charset=utf-8', cache: 'immutable' },
  'media/1da458759db7891e-640.webp': { body: 'RIFF....WEBPVP8 fake image', type: 'image/webp', cache: 'immutable' },
  'media/1da458759db7891e-640.avif': { body: '....ftypavif fake image', type: 'image/avif', cache: 'immutable' },
  'pagefind/pagefind.js': { body: 'export const pagefind = 1;', type: 'text/javascript; charset=utf-8', cache: 'static' },
  'pagefind/pagefind-entry.json': { body: '{"version":"1.6.0","languages":{"en":{"hash":"en_71d7"}}}', type: 'application/json; charset=utf-8', cache: 'revalidate' },
  'pagefind/pagefind.en_71d7.pf_meta': { body: 'meta', type: 'application/octet-stream', cache: 'immutable' },
  'pagefind/fragment/en_102eb2f.pf_fragment': { body: 'fragment', type: 'application/octet-stream', cache: 'immutable' },
  'pagefind/index/en_31216fd.pf_index': { body: 'index', type: 'application/octet-stream', cache: 'immutable' },
  'pagefind/wasm.en.pagefind': { body: 'wasm', type: 'application/octet-stream', cache: 'static' },
  'rss.xml': { body: '<?xml version="1.0"?><rss version="2.0"></rss>', type: 'application/rss+xml; charset=utf-8', cache: 'revalidate' },
  'atom.xml': { body: '<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"></feed>', type: 'application/atom+xml; charset=utf-8', cache: 'revalidate' },
  'feed.json': { body: '{"version":"https://jsonfeed.org/version/1.1"}', type: 'application/feed+json; charset=utf-8', cache: 'revalidate' },
  'science/rss.xml': { body: '<?xml version="1.0"?><rss version="2.0"></rss>', type: 'application/rss+xml; charset=utf-8', cache: 'revalidate' },
  'sitemap-index.xml': { body: '<?xml version="1.0"?><sitemapindex/>', type: 'application/xml; charset=utf-8', cache: 'revalidate' },
  'sitemaps/site-1.xml': { body: '<?xml version="1.0"?><urlset/>', type: 'application/xml; charset=utf-8', cache: 'revalidate' },
  'robots.txt': { body: 'User-agent: *\nAllow: /\n', type: 'text/plain; charset=utf-8', cache: 'revalidate' },
  'data/site.sqlite': { body: 'SQLite format 3\u0000 fake', type: 'application/vnd.sqlite3', cache: 'revalidate' },
  'data/site.sqlite.sha256': { body: '0123  site.sqlite\n', type: 'text/plain; charset=utf-8', cache: 'revalidate' },
  'favicon.svg': { body: '<svg xmlns="http://www.w3.org/2000/svg"/>', type: 'image/svg+xml; charset=utf-8', cache: 'static' },
  'manifest.webmanifest': { body: '{"name":"Test"}', type: 'application/manifest+json; charset=utf-8', cache: 'revalidate' },
  'icons/icon-192.png': { body: '\u0089PNG fake', type: 'image/png', cache: 'static' },
};

export async function writeDistTree(dir: string, files: Record<string, string | Buffer> = Object.fromEntries(Object.entries(DIST_FILES).map(([p, f]) => [p, f.body]))): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  for (const [path, body] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), body);
  }
}
