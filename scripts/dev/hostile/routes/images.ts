import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { articleHtml } from '../article.ts';
import { MB, pngBomb } from '../bodies.ts';
import { at, host } from '../hosts.ts';
import { html, send, stream } from '../http.ts';
import type { HostileRoute, Probe } from '../types.ts';

// Fine articles whose lead image is an attack: a decompression bomb, an SVG with script, an
// endless download. The article is published without an image, and nothing lands in media/.

const I = 'img';

const EVIL_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" onload="alert('xss:lead-svg')"><script>alert('xss:lead-svg-script')</script><rect width="800" height="600"/></svg>`;

function noImage(url: string, imagePath: string) {
  return (probe: Probe): string[] => {
    const article = probe.article(url);
    const problems: string[] = [];
    if (!article) return ['no article was stored'];
    if (article.image) problems.push(`the article got an image: ${article.image.slice(0, 100)}`);
    if (!probe.log.includes(imagePath)) problems.push(`the crawl log does not say why ${imagePath} was not used`);
    return problems;
  };
}

/** No file in media/ is large: every one is a resized variant. */
export function mediaIsSmall(probe: Probe): string[] {
  let files: string[] = [];
  try {
    files = readdirSync(probe.paths.media);
  } catch {
    return [];
  }
  return files.filter((f) => statSync(join(probe.paths.media, f)).size > 2 * MB).map((f) => `media/${f} is over 2 MB`);
}

function imageArticle(id: string, attack: string, seed: number, imagePath: string, serve: HostileRoute['resources'][number]['http']): HostileRoute {
  const url = at(I, `/${id}`);
  return {
    id,
    attack,
    kind: 'page',
    url,
    resources: [
      { host: host(I), path: `/${id}`, http: html(articleHtml({ seed, head: `<meta property="og:image" content="${at(I, imagePath)}">` })) },
      { host: host(I), path: imagePath, http: serve },
    ],
    prepare: () => void pngBomb(),
    expect: { outcome: 'published' },
    verify: (probe) => [...noImage(url, imagePath)(probe), ...mediaIsSmall(probe)],
  };
}

export const imageRoutes: HostileRoute[] = [
  imageArticle('image-bomb', 'lead image is a 20000×20000 PNG (390 KB that decodes to 400 MB)', 801, '/bomb.png', send(200, { 'content-type': 'image/png' }, pngBomb)),
  imageArticle('image-svg-script', 'lead image is an SVG carrying script', 802, '/evil.svg', send(200, { 'content-type': 'image/svg+xml' }, EVIL_SVG)),
  imageArticle('image-endless', 'lead image download that never ends', 803, '/endless.jpg', stream({ 'content-type': 'image/jpeg' }, Buffer.alloc(64 * 1024, 0x55), { first: Buffer.from([0xff, 0xd8, 0xff, 0xe0]) })),
];
