import { articleHtml } from '../article.ts';
import { MB } from '../bodies.ts';
import { at, host, requestsTo } from '../hosts.ts';
import { html, send, stream } from '../http.ts';
import type { HostileRoute } from '../types.ts';

// robots.txt files that are huge, binary or unreachable. The first two must cost no more than
// the robots cap and still be obeyed as far as they make sense; an unreachable one keeps the
// host off limits for this run, and its pages come back later rather than being lost.

function binary(length: number, seed: number): Buffer {
  const out = Buffer.alloc(length);
  let x = seed >>> 0;
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

export const robotsRoutes: HostileRoute[] = [
  {
    id: 'robots-huge',
    attack: 'a 10 MB robots.txt (rules first, then padding)',
    kind: 'page',
    url: at('bigrobots', '/private/report'),
    resources: [
      {
        host: host('bigrobots'),
        path: '/robots.txt',
        http: stream({ 'content-type': 'text/plain' }, Buffer.from('# padding padding padding padding padding padding\n'.repeat(1000)), { first: 'User-agent: *\nDisallow: /private/\n', total: 10 * MB }),
      },
      { host: host('bigrobots'), path: '/private/report', http: html(articleHtml({ seed: 501 })) },
    ],
    expect: { outcome: 'rejected', reason: 'robots' },
    verify: (probe) => {
      const robots = requestsTo(probe, host('bigrobots'), '/robots.txt');
      // The crawler stops at its cap and closes the connection. What the server managed to write
      // before that depends on the socket buffers (about 4 MB on loopback) and on how soon the
      // crawler's loop ran, so the check is that the body was cut off, not a byte count.
      const problems = robots.filter((r) => r.finished || r.bytesWritten >= 10 * MB).map((r) => `robots.txt was read to the end (${r.bytesWritten} bytes)`);
      if (requestsTo(probe, host('bigrobots'), '/private/report').length) problems.push('the disallowed page was fetched');
      return problems;
    },
  },
  {
    id: 'robots-binary',
    attack: 'robots.txt of random bytes served as text/plain',
    kind: 'page',
    url: at('binrobots', '/article'),
    resources: [
      { host: host('binrobots'), path: '/robots.txt', http: send(200, { 'content-type': 'text/plain' }, binary(64 * 1024, 7)) },
      { host: host('binrobots'), path: '/article', http: html(articleHtml({ seed: 502 })) },
    ],
    expect: { outcome: 'published' },
  },
  {
    id: 'robots-unreachable',
    attack: 'robots.txt answers 503',
    kind: 'page',
    url: at('flakyrobots', '/article'),
    resources: [
      { host: host('flakyrobots'), path: '/robots.txt', http: send(503, { 'content-type': 'text/plain' }, 'down\n') },
      { host: host('flakyrobots'), path: '/article', http: html(articleHtml({ seed: 503 })) },
    ],
    expect: { outcome: 'failed', code: 'E_FETCH_HTTP', detail: /robots\.txt/, transient: true },
    verify: (probe) => (requestsTo(probe, host('flakyrobots'), '/article').length ? ['the page was fetched although robots.txt could not be read'] : []),
  },
];
