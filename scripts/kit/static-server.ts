import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, resolve, sep } from 'node:path';
import { fileHeaders, pageHeaders, SECURITY_HEADERS } from '../../site/html/security-headers.ts';
import { contentTypeOf } from '../deploy/object-headers.ts';
import { byteRange } from './byte-range.ts';
import { archiveObjectHeaders } from '../deploy/archive.ts';
import { ARCHIVE_INDEX_CSP } from '../../crawler/archive/index-page.ts';

// A built dist/ served the way the S3 + CDN setup will: /x/ → /x/index.html,
// the built 404 page with status 404, the Content-Type the deploy gives each object
// (contentTypeOf), byte ranges of files (206, as S3 answers them), and the security headers of site/html/security-headers.ts (pages with their CSP);
// archived copies from the site root's archive/ under /archive/<id>/, as the deploy puts them up.

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export interface ServeOptions {
  port?: number;
  host?: string;
  /** The site's base path ("/news/") when it is not served at the root. */
  base?: string;
  /** The site root's archive/ folder, served under <base>archive/ with the headers the deploy gives it. */
  archive?: string;
}

export async function fileAt(path: string): Promise<{ path: string; size: number } | 'directory' | null> {
  try {
    const s = await stat(path);
    if (s.isDirectory()) return 'directory';
    return s.isFile() ? { path, size: s.size } : null;
  } catch {
    return null;
  }
}

/** An archived copy's file: the gzipped HTML as a download, never as a page (scripts/deploy/archive.ts). */
function sendArchived(req: IncomingMessage, res: ServerResponse, file: { path: string; size: number }, path: string): void {
  const object = archiveObjectHeaders(path);
  const headers: Record<string, string | number> = { 'Content-Type': object.contentType, 'Content-Length': file.size, ...SECURITY_HEADERS };
  if (object.contentDisposition) headers['Content-Disposition'] = object.contentDisposition;
  if (path.endsWith('.html')) headers['Content-Security-Policy'] = ARCHIVE_INDEX_CSP;
  res.writeHead(200, headers);
  if (req.method === 'HEAD') res.end();
  else createReadStream(file.path).pipe(res);
}

async function send(req: IncomingMessage, res: ServerResponse, status: number, file: { path: string; size: number }, root: string): Promise<void> {
  const path = relative(root, file.path).split(sep).join('/');
  const headers: Record<string, string | number> = { 'Content-Type': contentTypeOf(path), 'Content-Length': file.size, ...fileHeaders(path) };
  if (path.endsWith('.html')) {
    // Pages are small: read whole, to send the policy the CDN would send with them.
    const html = await readFile(file.path);
    res.writeHead(status, { ...headers, ...pageHeaders(path, html.toString('utf8')), 'Content-Length': html.length });
    res.end(req.method === 'HEAD' ? undefined : html);
    return;
  }
  // Files answer byte ranges, as S3 does: the console on /data/ reads the databases page by page.
  headers['Accept-Ranges'] = 'bytes';
  const range = status === 200 ? byteRange(req.headers.range, file.size) : null;
  if (range === 'unsatisfiable') {
    res.writeHead(416, { ...headers, 'Content-Range': `bytes */${file.size}`, 'Content-Length': 0 }).end();
    return;
  }
  if (range) {
    res.writeHead(206, { ...headers, 'Content-Range': `bytes ${range.start}-${range.end}/${file.size}`, 'Content-Length': range.end - range.start + 1 });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file.path, range).pipe(res);
    return;
  }
  res.writeHead(status, headers);
  if (req.method === 'HEAD') res.end();
  else createReadStream(file.path).pipe(res);
}

export function serveStatic(dir: string, options: ServeOptions = {}): Promise<StaticServer> {
  const root = resolve(dir);
  const archiveRoot = options.archive ? resolve(options.archive) : null;
  const base = options.base ? `/${options.base.replace(/^\/+|\/+$/g, '')}/`.replace('//', '/') : '/';

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://localhost');
    let pathname: string;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    const notFound = async () => {
      const page = await fileAt(join(root, '404.html'));
      if (page && page !== 'directory') await send(req, res, 404, page, root);
      else res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('not found');
    };
    if (!pathname.startsWith(base) || pathname.includes('\0')) return notFound();
    const archived = archiveRoot && /^archive\/([0-9a-f]{16})\/([a-z0-9.]*)$/.exec(pathname.slice(base.length));
    if (archived) {
      const path = `${archived[1]}/${archived[2] || 'index.html'}`;
      const file = await fileAt(join(archiveRoot, path));
      return file && file !== 'directory' ? sendArchived(req, res, file, path) : notFound();
    }
    const target = resolve(root, `.${sep}${pathname.slice(base.length)}`);
    if (target !== root && !target.startsWith(root + sep)) return notFound();

    const found = await fileAt(target);
    if (found === 'directory') {
      if (!pathname.endsWith('/')) {
        res.writeHead(301, { Location: `${url.pathname}/${url.search}` }).end();
        return;
      }
      const index = await fileAt(join(target, 'index.html'));
      if (index && index !== 'directory') return send(req, res, 200, index, root);
      return notFound();
    }
    if (found) return send(req, res, 200, found, root);
    return notFound();
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`server error: ${error.message}`);
    });
  });
  return new Promise((resolveServer, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4321, options.host ?? '127.0.0.1', () => {
      const { address, port } = server.address() as AddressInfo;
      const host = address.includes(':') ? `[${address}]` : address;
      resolveServer({
        url: `http://${host}:${port}${base}`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}
