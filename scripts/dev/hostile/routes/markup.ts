import { MB } from '../bodies.ts';
import { at, host, requestsTo } from '../hosts.ts';
import { html, HTML, stream } from '../http.ts';
import type { HostileRoute } from '../types.ts';

// Markup built to make the parser and the extractor work: a 50 MB line, nesting a hundred
// thousand levels deep, a flood of elements, and container soup that keeps the extractor busy
// for seconds. Each must end with an outcome, not a hung or crashed run.

const M = 'markup';

const words = 'the quick brown fox jumps over the lazy dog, again and again, ';

/** About 4 MB of container soup: each of 14,000 blocks looks like an article body to a scorer. */
export function pathologicalPage(blockCount = 14_000): string {
  const blocks = Array.from({ length: blockCount }, (_, i) => `<div class="content article-body post"><p>${words.repeat(4)} ${i}</p></div>`).join('');
  return `<!doctype html><html><head><title>Directory of containers</title></head><body>${blocks}</body></html>`;
}

let pathological: string | null = null;
const pathologicalOnce = () => (pathological ??= pathologicalPage());

export const markupRoutes: HostileRoute[] = [
  {
    id: 'single-line-50mb',
    attack: 'a 50 MB HTML document on one line',
    kind: 'page',
    url: at(M, '/one-line'),
    resources: [
      {
        host: host(M),
        path: '/one-line',
        http: stream({ 'content-type': HTML }, Buffer.from('word '.repeat(13_000)), { first: '<!doctype html><html><head><title>One line</title></head><body><p>', total: 50 * MB }),
      },
    ],
    expect: { outcome: 'failed', code: 'E_TOO_LARGE' },
    verify: (probe) => (requestsTo(probe, host(M), '/one-line').some((r) => r.bytesWritten > 16 * MB) ? ['the 50 MB line was read far past the cap'] : []),
  },
  {
    id: 'deep-nesting',
    attack: '100,000 nested <div> elements',
    kind: 'page',
    url: at(M, '/nested'),
    resources: [{ host: host(M), path: '/nested', http: html(`<!doctype html><html><head><title>Deep</title></head><body>${'<div>'.repeat(100_000)}deep${'</div>'.repeat(100_000)}</body></html>`) }],
    expect: { outcome: 'failed', code: 'E_EXTRACT_EMPTY', detail: /max_depth/ },
  },
  {
    id: 'element-flood',
    attack: '300,000 sibling elements',
    kind: 'page',
    url: at(M, '/flood'),
    resources: [{ host: host(M), path: '/flood', http: html(`<!doctype html><html><head><title>Flood</title></head><body>${'<b>x</b>'.repeat(300_000)}</body></html>`) }],
    expect: { outcome: 'failed', code: 'E_EXTRACT_EMPTY', detail: /max_elements/ },
  },
  {
    id: 'unclosed-tags',
    attack: '20,000 unclosed formatting tags (the parser must reconstruct each)',
    kind: 'page',
    url: at(M, '/unclosed'),
    resources: [{ host: host(M), path: '/unclosed', http: html(`<!doctype html><html><head><title>Unclosed</title></head><body><article>${`<b><i><u><font>${words}`.repeat(5000)}</article></body></html>`) }],
    expect: { outcome: 'failed', code: 'E_EXTRACT_EMPTY', detail: /max_/ },
  },
  {
    id: 'pathological-extraction',
    attack: '14,000 article-like containers in 4 MB: seconds of extractor work',
    kind: 'page',
    url: at(M, '/container-soup'),
    resources: [{ host: host(M), path: '/container-soup', http: html(pathologicalOnce) }],
    prepare: () => void pathologicalOnce(),
    expect: { outcome: 'rejected', reason: 'too_long' },
  },
];
