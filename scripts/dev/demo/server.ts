// The sample web: every fictional host on one local port, chosen by the Host header.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { closeServer, listen } from '../lib/net.ts';
import { buildSampleWeb, type SampleWebContent } from './build-web.ts';
import { etagOf, FEED_CACHE, HTML, type Resource } from './resource.ts';
import { search } from './search.ts';
import { FORUM_HOST, SEARCH_HOST, SITES, WWW_ORBITAL_HOST } from './sites.ts';
import type { SampleManifest } from './types.ts';

export type { SampleManifest, ManifestEntry, ManifestArticle, ForumManifest, TopicId, SiteId } from './types.ts';

export interface RequestLogEntry {
  host: string;
  method: string;
  /** Path and query, as requested. */
  path: string;
  headers: IncomingHttpHeaders;
  status: number;
  /** Milliseconds since the server started. */
  at: number;
}

export interface SearchLogEntry {
  q: string;
  format: string | null;
  status: number;
  results: number;
  at: number;
}

export interface SampleWeb {
  port: number;
  /** host → '127.0.0.1:<port>', ready for config.crawl.resolve */
  resolve: Record<string, string>;
  hosts: string[];
  manifest: SampleManifest;
  /** every request received, in order: { host, method, path, headers, status, at (ms since start) } */
  requests: RequestLogEntry[];
  /** Every query the search stub answered, in order. */
  searches: SearchLogEntry[];
  /** Article files that were skipped or look too short; empty when all is well. */
  problems: string[];
  setForumVersion(version: number): void;
  close(): Promise<void>;
}

export interface SampleWebOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Defaults to tools/demo/articles/. */
  articlesDir?: string;
}

export async function startSampleWeb(options: SampleWebOptions = {}): Promise<SampleWeb> {
  const started = performance.now();
  const content = buildSampleWeb({ articlesDir: options.articlesDir });
  const requests: RequestLogEntry[] = [];
  const searches: SearchLogEntry[] = [];
  let forumVersion = 1;
  const forumCache = new Map<string, Resource>();

  const forumResource = (path: string): Resource | undefined => {
    const key = `${forumVersion}:${path}`;
    const cached = forumCache.get(key);
    if (cached) return cached;
    const built = path === '/posts.rss' ? content.forum.feed(forumVersion) : content.forum.topicPage(path, forumVersion);
    if (!built) return undefined;
    const body = Buffer.from(built.body);
    const type = path === '/posts.rss' ? 'application/rss+xml; charset=utf-8' : HTML;
    const resource: Resource = { status: 200, type, body, etag: etagOf(body), lastModified: built.lastModified, cacheControl: path === '/posts.rss' ? FEED_CACHE : undefined };
    forumCache.set(key, resource);
    return resource;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, host: string): Promise<number> => {
    const url = new URL(req.url ?? '/', 'http://placeholder');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      res.end('Method not allowed\n');
      return 405;
    }
    if (host === SEARCH_HOST && url.pathname === '/search') return answerSearch(url, res);
    const siteHost = host === WWW_ORBITAL_HOST ? SITES.orbitalnotes.host : host;
    let resource = content.routes.get(siteHost + url.pathname);
    if (!resource && host === FORUM_HOST && (url.pathname === '/posts.rss' || url.pathname.startsWith('/t/'))) resource = forumResource(url.pathname);
    if (!resource && !url.pathname.endsWith('/') && content.routes.has(`${siteHost}${url.pathname}/`)) {
      resource = { status: 301, location: `${url.pathname}/${url.search}`, body: Buffer.alloc(0) };
    }
    if (!resource) {
      const page = content.notFoundPages.get(siteHost);
      if (!page) {
        res.writeHead(421, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`Unknown host: ${host || '(none)'}\n`);
        return 421;
      }
      res.writeHead(404, { 'content-type': HTML, 'cache-control': 'no-cache' });
      res.end(req.method === 'HEAD' ? undefined : page.toString().replace('{path}', escapePath(url.pathname)));
      return 404;
    }
    return send(req, res, resource);
  };

  const answerSearch = (url: URL, res: ServerResponse): number => {
    const q = url.searchParams.get('q');
    const format = url.searchParams.get('format');
    const at = performance.now() - started;
    if (format !== 'json' || !q?.trim()) {
      const status = 400;
      searches.push({ q: q ?? '', format, status, results: 0, at });
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
      res.end(`${JSON.stringify({ error: format !== 'json' ? 'only format=json is supported' : 'missing q' })}\n`);
      return status;
    }
    const answer = search(content.articles, q);
    searches.push({ q, format, status: 200, results: answer.results.length, at });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(JSON.stringify(answer));
    return 200;
  };

  const server = createServer((req, res) => {
    const entry: RequestLogEntry = {
      host: (req.headers.host ?? '').toLowerCase().replace(/:\d+$/, ''),
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: { ...req.headers },
      status: 0,
      at: performance.now() - started,
    };
    requests.push(entry);
    handle(req, res, entry.host).then(
      (status) => {
        entry.status = status;
      },
      (error: unknown) => {
        entry.status = 500;
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`Internal error: ${(error as Error).message}\n`);
      },
    );
  });
  server.keepAliveTimeout = 1000;

  const port = await listen(server, options.port ?? 0);

  return {
    port,
    resolve: Object.fromEntries(content.hosts.map((h) => [h, `127.0.0.1:${port}`])),
    hosts: content.hosts,
    manifest: content.manifest,
    requests,
    searches,
    problems: content.problems,
    setForumVersion(version: number) {
      if (!Number.isInteger(version) || version < 1) throw new RangeError(`forum version must be a positive integer, got ${version}`);
      forumVersion = version;
    },
    async close() {
      await closeServer(server);
      await content.imagesDone;
    },
  };
}

/** Answers a resource, with ETag/Last-Modified and 304 for matching conditional requests. */
async function send(req: IncomingMessage, res: ServerResponse, resource: Resource): Promise<number> {
  if (resource.status === 301 || resource.status === 302) {
    res.writeHead(resource.status, { location: resource.location ?? '/', 'content-type': 'text/plain; charset=utf-8' });
    res.end(req.method === 'HEAD' ? undefined : resource.body instanceof Buffer ? resource.body : undefined);
    return resource.status;
  }
  const body = await resource.body;
  resource.etag ??= etagOf(body);
  const headers: Record<string, string> = { etag: resource.etag };
  if (resource.type) headers['content-type'] = resource.type;
  if (resource.lastModified) headers['last-modified'] = resource.lastModified.toUTCString();
  if (resource.cacheControl) headers['cache-control'] = resource.cacheControl;
  if (notModified(req, resource.etag, resource.lastModified)) {
    res.writeHead(304, headers);
    res.end();
    return 304;
  }
  headers['content-length'] = String(body.length);
  res.writeHead(resource.status, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
  return resource.status;
}

/** If-None-Match wins when present (RFC 9110 §13.2.2); otherwise If-Modified-Since, to the second. */
export function notModified(req: IncomingMessage, etag: string, lastModified?: Date): boolean {
  const inm = req.headers['if-none-match'];
  if (inm !== undefined) {
    return inm
      .split(',')
      .map((t) => t.trim().replace(/^W\//, ''))
      .some((t) => t === '*' || t === etag);
  }
  const ims = req.headers['if-modified-since'];
  if (ims && lastModified) {
    const since = Date.parse(ims);
    return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
  }
  return false;
}

function escapePath(path: string): string {
  return path.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
