import { compressionBomb, MB } from '../bodies.ts';
import { at, CLOSED_HOST, host, requestsTo } from '../hosts.ts';
import { HTML, pause, rawResponse, stream } from '../http.ts';
import type { HostileRoute, Probe } from '../types.ts';

// Servers that never stop, never start, or break the connection: every one must end as a
// failure with a code, having cost the crawler no more than its caps.

const SIZE = 'size';

/** The server saw the client leave before it had sent `limit` bytes. */
function cutShort(path: string, limit: number) {
  return (probe: Probe): string[] => {
    const seen = requestsTo(probe, host(SIZE), path);
    if (seen.length === 0) return [`the server never saw a request for ${path}`];
    return seen.flatMap((r) => [
      ...(r.closedEarly ? [] : [`the crawler read ${path} to the end instead of hanging up`]),
      ...(r.bytesWritten > limit ? [`the server got to send ${r.bytesWritten} bytes of ${path} (limit ${limit})`] : []),
    ]);
  };
}

const filler = Buffer.from('<p>more</p>'.repeat(6000));

export const transportRoutes: HostileRoute[] = [
  {
    id: 'endless-body',
    attack: 'a 200 whose body never ends',
    kind: 'page',
    url: at(SIZE, '/endless'),
    resources: [{ host: host(SIZE), path: '/endless', http: stream({ 'content-type': HTML }, filler) }],
    expect: { outcome: 'failed', code: 'E_TOO_LARGE' },
    verify: cutShort('/endless', 16 * MB),
  },
  {
    id: 'over-cap-declared',
    attack: 'Content-Length of 200 MB, far over the cap',
    kind: 'page',
    url: at(SIZE, '/declared-huge'),
    resources: [{ host: host(SIZE), path: '/declared-huge', http: stream({ 'content-type': HTML, 'content-length': String(200 * MB) }, filler, { total: 200 * MB }) }],
    expect: { outcome: 'failed', code: 'E_TOO_LARGE', detail: /Content-Length/ },
    verify: cutShort('/declared-huge', 16 * MB),
  },
  {
    id: 'over-cap-chunked',
    attack: '60 MB body without Content-Length',
    kind: 'page',
    url: at(SIZE, '/chunked-huge'),
    resources: [{ host: host(SIZE), path: '/chunked-huge', http: stream({ 'content-type': HTML }, filler, { total: 60 * MB }) }],
    expect: { outcome: 'failed', code: 'E_TOO_LARGE' },
    verify: cutShort('/chunked-huge', 16 * MB),
  },
  {
    id: 'gzip-bomb',
    attack: 'gzip body that inflates to 1 GB',
    kind: 'page',
    url: at(SIZE, '/gzip-bomb'),
    resources: [{ host: host(SIZE), path: '/gzip-bomb', http: (_req, res) => compressionBomb(res, 'gzip') }],
    expect: { outcome: 'failed', code: 'E_TOO_LARGE', detail: /decodes to more than/ },
    verify: cutShort('/gzip-bomb', 8 * MB),
  },
  {
    id: 'brotli-bomb',
    attack: 'brotli body that inflates to 1 GB',
    kind: 'page',
    url: at(SIZE, '/brotli-bomb'),
    resources: [{ host: host(SIZE), path: '/brotli-bomb', http: (_req, res) => compressionBomb(res, 'br') }],
    expect: { outcome: 'failed', code: 'E_TOO_LARGE', detail: /decodes to more than/ },
    verify: cutShort('/brotli-bomb', 8 * MB),
  },
  {
    id: 'slow-drip',
    attack: 'headers at once, then one byte every few seconds',
    kind: 'page',
    url: at('drip', '/article'),
    resources: [
      {
        host: host('drip'),
        path: '/article',
        http: async (_req, res, env) => {
          res.writeHead(200, { 'content-type': HTML });
          res.write('<!doctype html><html><head><title>');
          while (!res.destroyed) {
            res.write('.');
            await pause(env.timing.dripIntervalMs, res);
          }
        },
      },
    ],
    expect: { outcome: 'failed', code: 'E_FETCH_TIMEOUT' },
  },
  {
    id: 'never-answers',
    attack: 'accepts the connection, reads the request, never answers',
    kind: 'page',
    url: at('silent', '/article'),
    resources: [{ host: host('silent'), path: '/article', raw: () => {} }],
    expect: { outcome: 'failed', code: 'E_FETCH_TIMEOUT' },
  },
  {
    id: 'reset-mid-body',
    attack: 'half the body, then a TCP reset',
    kind: 'page',
    url: at('reset', '/article'),
    resources: [
      {
        host: host('reset'),
        path: '/article',
        raw: (socket) => {
          socket.write(`HTTP/1.1 200 OK\r\nContent-Type: ${HTML}\r\nContent-Length: 100000\r\n\r\n<!doctype html><html><body><p>${'half '.repeat(2000)}`, () => socket.resetAndDestroy());
        },
      },
    ],
    expect: { outcome: 'failed', code: 'E_FETCH_NETWORK', transient: true },
  },
  {
    id: 'truncated-body',
    attack: 'Content-Length 50,000, then the connection closes after 1,000 bytes',
    kind: 'page',
    url: at('short', '/article'),
    resources: [{ host: host('short'), path: '/article', raw: rawResponse(`HTTP/1.1 200 OK\r\nContent-Type: ${HTML}\r\nContent-Length: 50000\r\n\r\n`, `<!doctype html><p>${'x'.repeat(990)}`) }],
    expect: { outcome: 'failed', code: 'E_FETCH_NETWORK', transient: true },
  },
  {
    id: 'garbage-response',
    attack: 'answers with bytes that are not HTTP',
    kind: 'page',
    url: at('garbage', '/article'),
    resources: [{ host: host('garbage'), path: '/article', raw: rawResponse('SSH-2.0-OpenSSH_9.6\r\n', Buffer.from([0, 1, 2, 0xff, 0xfe, 13, 10, 13, 10])) }],
    expect: { outcome: 'failed', code: 'E_FETCH_NETWORK', detail: /HPE_/ },
  },
  {
    id: 'header-flood',
    attack: '200 KB of response headers',
    kind: 'page',
    url: at('headers', '/article'),
    resources: [
      {
        host: host('headers'),
        path: '/article',
        raw: rawResponse(`HTTP/1.1 200 OK\r\nContent-Type: ${HTML}\r\n${Array.from({ length: 2000 }, (_, i) => `X-Flood-${i}: ${'a'.repeat(90)}\r\n`).join('')}\r\n`, '<p>never read</p>'),
      },
    ],
    expect: { outcome: 'failed', code: 'E_FETCH_NETWORK', detail: /HPE_HEADER_OVERFLOW/ },
  },
  {
    id: 'connection-refused',
    attack: 'a host whose port refuses connections (robots.txt included)',
    kind: 'page',
    url: `http://${CLOSED_HOST}/article`,
    resources: [],
    expect: { outcome: 'failed', code: 'E_FETCH_NETWORK', detail: /ECONNREFUSED/, transient: true },
  },
];
