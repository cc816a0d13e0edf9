import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../../lib/chromium.ts';
import { closeServer, listen } from '../../lib/net.ts';
import { serveStatic } from '../../../kit/static-server.ts';

// What a reader's browser downloads for a first search: serve the built site, open /search/ in
// Chromium with an empty cache, type the query a key at a time (as a person does: Pagefind
// preloads index chunks on every keystroke), wait for the results, and count every response
// under /pagefind/. The bytes are counted by a proxy in front of the static server, not by the
// page: Pagefind runs its search in a worker, whose requests the page's resource timing misses.

export type RequestKind = 'script' | 'entry' | 'shards' | 'meta' | 'wasm' | 'index' | 'fragment' | 'filter' | 'other';

export interface CountedRequest {
  path: string;
  kind: RequestKind;
  status: number;
  /** Body bytes as served (our server does not compress; Pagefind's own files are gzip already). */
  bytes: number;
  /** Body bytes a CDN that gzips text (scripts, JSON) would send. */
  gzipBytes: number;
}

export interface SearchMeasurement {
  query: string;
  results: number;
  /** Everything under /pagefind/ from opening the page to the rendered results. */
  bytes: number;
  gzipBytes: number;
  requests: number;
  byKind: Record<RequestKind, { requests: number; bytes: number; gzipBytes: number }>;
  list: CountedRequest[];
  ms: number;
}

export function requestKind(path: string): RequestKind {
  // Inside a shard's bundle (pagefind/s0003/…) or at the top (pagefind/shards.json).
  const file = path.slice(path.lastIndexOf('/pagefind/') + '/pagefind/'.length).split('?')[0]!.replace(/^s\d{4}\//, '');
  if (file.endsWith('.js')) return 'script';
  if (file === 'pagefind-entry.json') return 'entry';
  if (file === 'shards.json') return 'shards';
  if (file.endsWith('.pf_meta')) return 'meta';
  if (file.endsWith('.pagefind')) return 'wasm';
  if (file.startsWith('index/')) return 'index';
  if (file.startsWith('fragment/')) return 'fragment';
  if (file.startsWith('filter/')) return 'filter';
  return 'other';
}

const COMPRESSIBLE = /javascript|json|css|html|xml|svg/;

interface CountingProxy {
  url: string;
  counted: CountedRequest[];
  inFlight(): number;
  close(): Promise<void>;
}

async function countingProxy(target: string): Promise<CountingProxy> {
  const upstream = new URL(target);
  const counted: CountedRequest[] = [];
  let pending = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    pending++;
    const forward = request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: { ...req.headers, host: upstream.host } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.concat(chunks);
        const path = req.url ?? '/';
        if (path.includes('/pagefind/')) {
          const type = String(answer.headers['content-type'] ?? '');
          counted.push({ path, kind: requestKind(path), status: answer.statusCode ?? 0, bytes: body.length, gzipBytes: COMPRESSIBLE.test(type) ? gzipSync(body).length : body.length });
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        res.end(body);
        pending--;
      });
    });
    forward.on('error', (error) => {
      pending--;
      res.writeHead(502).end(String(error));
    });
    req.pipe(forward);
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}${upstream.pathname}`, counted, inFlight: () => pending, close: () => closeServer(server) };
}

async function quiet(proxy: CountingProxy, forMs: number, limitMs: number): Promise<void> {
  const until = Date.now() + limitMs;
  let calmSince = Date.now();
  let seen = proxy.counted.length;
  while (Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    if (proxy.inFlight() > 0 || proxy.counted.length !== seen) {
      seen = proxy.counted.length;
      calmSince = Date.now();
    } else if (Date.now() - calmSince >= forMs) return;
  }
}

export interface SearchBytesOptions {
  queries: string[];
  /** Delay between keystrokes, ms (default 80). */
  keyDelayMs?: number;
}

/** Measures each query in a fresh browser context (empty cache) against the built `dist`. */
export async function measureSearchBytes(dist: string, options: SearchBytesOptions): Promise<SearchMeasurement[]> {
  const site = await serveStatic(dist, { port: 0 });
  const proxy = await countingProxy(site.url);
  const { browser } = await launchChromium();
  const out: SearchMeasurement[] = [];
  try {
    for (const query of options.queries) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const first = proxy.counted.length;
      const started = Date.now();
      await page.goto(`${proxy.url}search/`, { waitUntil: 'load' });
      await page.locator('#search-q').click();
      await page.keyboard.type(query, { delay: options.keyDelayMs ?? 80 });
      await page.waitForFunction(() => /found/.test(document.querySelector('#search-status')?.textContent ?? ''), undefined, { timeout: 60_000 });
      await page.waitForFunction(() => document.querySelector('#search-results li') !== null || /No articles/.test(document.querySelector('#search-status')?.textContent ?? ''), undefined, { timeout: 60_000 });
      await quiet(proxy, 500, 10_000);
      const ms = Date.now() - started;
      const results = await page.locator('#search-results li').count();
      await context.close();
      const list = proxy.counted.slice(first);
      const byKind = Object.fromEntries(
        (['script', 'entry', 'shards', 'meta', 'wasm', 'index', 'fragment', 'filter', 'other'] as RequestKind[]).map((kind) => {
          const of = list.filter((r) => r.kind === kind);
          return [kind, { requests: of.length, bytes: sum(of.map((r) => r.bytes)), gzipBytes: sum(of.map((r) => r.gzipBytes)) }];
        }),
      ) as SearchMeasurement['byKind'];
      out.push({ query, results, bytes: sum(list.map((r) => r.bytes)), gzipBytes: sum(list.map((r) => r.gzipBytes)), requests: list.length, byKind, list, ms });
    }
  } finally {
    await browser.close();
    await proxy.close();
    await site.close();
  }
  return out;
}

function sum(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}
