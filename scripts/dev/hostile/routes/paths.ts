import { relative, sep } from 'node:path';
import { articleHtml, proseTitle } from '../article.ts';
import { at, host } from '../hosts.ts';
import { normalizeUrl } from '../../../../crawler/url/index.ts';
import { html } from '../http.ts';
import type { HostileRoute, Probe } from '../types.ts';

// Titles (and URLs) that try to steer the file name: traversal, absolute paths, NUL, names far
// past any file-system limit, and names Windows reserves. The article is fine and must be
// published, as content/<topic>/<yyyy>/<mm>/<safe-slug>.md and nowhere else.

const P = 'paths';

/** Windows refuses these as file or folder names, with any extension (a fork may be cloned there). */
export const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\.|$)/i;

function safeFile(url: string) {
  return (probe: Probe): string[] => {
    const article = probe.article(url);
    if (!article?.file) return ['no Markdown file was written'];
    const rel = relative(probe.paths.content, article.file).split(sep);
    const problems: string[] = [];
    if (rel.length !== 4 || rel[0] !== 'hostile' || !/^\d{4}$/.test(rel[1]!) || !/^\d{2}(-\d+)?$/.test(rel[2]!)) problems.push(`written at content/${rel.join('/')}, not content/hostile/<yyyy>/<mm>/<slug>.md`);
    const name = rel.at(-1) ?? '';
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*\.md$/.test(name)) problems.push(`file name ${JSON.stringify(name)} is not a plain slug`);
    if (name.length > 90) problems.push(`file name is ${name.length} characters long`);
    if (WINDOWS_RESERVED.test(name.replace(/\.md$/, ''))) problems.push(`file name ${name} is reserved on Windows`);
    return problems;
  };
}

function titled(id: string, attack: string, seed: number, title: string, path = `/${id}`): HostileRoute {
  const url = at(P, path);
  // The crawler asks for the normalized URL (dot segments resolved, escapes tidied).
  const normalized = normalizeUrl(url, { policy: { privateHosts: [host(P)] } });
  const served = normalized.ok ? new URL(normalized.url).pathname : path;
  return {
    id,
    attack,
    kind: 'page',
    url,
    resources: [{ host: host(P), path: served, http: html(articleHtml({ seed, title })) }],
    expect: { outcome: 'published' },
    verify: safeFile(url),
  };
}

export const pathRoutes: HostileRoute[] = [
  titled('title-dot-dot', 'title "../../../../etc/passwd …"', 701, `../../../../etc/passwd ${proseTitle(701)}`),
  titled('title-absolute', 'title "/etc/cron.d/gleaner …" and a URL full of %2e%2e%2f', 702, `/etc/cron.d/gleaner ${proseTitle(702)}`, '/%2e%2e%2f%2e%2e%2fetc%2fpasswd'),
  titled('title-backslashes', 'title "..\\..\\Windows\\System32 …" and a drive letter', 703, `C:\\..\\..\\Windows\\System32\\ ${proseTitle(703)}`),
  titled('title-nul', 'title with NUL bytes and a newline', 704, `${proseTitle(704)}\u0000.md\u0000\n../evil`),
  titled('title-very-long', 'a 5,000-character title', 705, `${proseTitle(705)} ${'very long title words '.repeat(230)}`),
  {
    ...titled('title-reserved-names', 'the title "NUL" (and pages titled "index", "CON")', 706, 'NUL'),
    resources: [
      { host: host(P), path: '/title-reserved-names', http: html(articleHtml({ seed: 706, title: 'NUL', before: '<p>Nul is a reserved device name on some systems, and this article is named after it.</p>' })) },
      { host: host(P), path: '/title-index', http: html(articleHtml({ seed: 707, title: 'Index', before: '<p>Index pages are where a site lists its articles; this one pretends to be one.</p>' })) },
      { host: host(P), path: '/title-con', http: html(articleHtml({ seed: 708, title: 'CON', before: '<p>Con is another name Windows keeps for itself, so an article may not take it.</p>' })) },
    ],
    alsoListed: [at(P, '/title-index'), at(P, '/title-con')],
    verify: (probe) => [at(P, '/title-reserved-names'), at(P, '/title-index'), at(P, '/title-con')].flatMap((url) => safeFile(url)(probe).map((p) => `${url}: ${p}`)),
  },
];
