import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative, resolve, sep } from 'node:path';
import { sitePaths } from '../crawler/paths.ts';
import { pageHeaders, SECURITY_HEADERS } from '../site/lib/security-headers.ts';
import { contentTypeOf } from './deploy/object-headers.ts';
import { cliOptions, isMain } from './lib/cli-args.ts';

// npm run serve: serves a built dist/ the way the S3 + CDN setup will: /x/ → /x/index.html,
// the built 404 page with status 404, the Content-Type the deploy gives each object
// (contentTypeOf), and the security headers of site/lib/security-headers.ts (pages with their CSP).

export interface StaticServer {
  url: string;
  close(): Promise<void>;
}

export interface ServeOptions {
  port?: number;
  host?: string;
  /** The site's base path ("/news/") when it is not served at the root. */
  base?: string;
}

async function fileAt(path: string): Promise<{ path: string; size: number } | 'directory' | null> {
  try {
    const s = await stat(path);
    if (s.isDirectory()) return 'directory';
    return s.isFile() ? { path, size: s.size } : null;
  } catch {
    return null;
  }
}

async function send(req: IncomingMessage, res: ServerResponse, status: number, file: { path: string; size: number }, root: string): Promise<void> {
  const path = relative(root, file.path).split(sep).join('/');
  const headers: Record<string, string | number> = { 'Content-Type': contentTypeOf(path), 'Content-Length': file.size, ...SECURITY_HEADERS };
  if (path.endsWith('.html')) {
    // Pages are small: read whole, to send the policy the CDN would send with them.
    const html = await readFile(file.path);
    res.writeHead(status, { ...headers, ...pageHeaders(path, html.toString('utf8')), 'Content-Length': html.length });
    res.end(req.method === 'HEAD' ? undefined : html);
    return;
  }
  res.writeHead(status, headers);
  if (req.method === 'HEAD') res.end();
  else createReadStream(file.path).pipe(res);
}

export function serveStatic(dir: string, options: ServeOptions = {}): Promise<StaticServer> {
  const root = resolve(dir);
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

if (isMain(import.meta.url)) {
  const args = cliOptions(['root', 'port', 'host', 'base'], 'npm run serve -- [--root <dir>] [--port N] [--host 127.0.0.1] [--base /]');
  const dist = sitePaths(args.root ?? process.env.GLEANER_ROOT ?? '.').dist;
  if (!(await fileAt(join(dist, 'index.html')))) {
    console.error(`nothing to serve: ${dist}/index.html is missing. Run npm run build first.`);
    process.exit(1);
  }
  const port = args.port === undefined ? 4321 : Number(args.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`--port must be a number between 0 and 65535, not "${args.port}"`);
    process.exit(2);
  }
  try {
    const server = await serveStatic(dist, { port, host: args.host, base: args.base });
    console.log(`serving ${dist} at ${server.url} (Ctrl+C to stop)`);
    const stop = () => void server.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    console.error(e.code === 'EADDRINUSE' ? `port ${port} is in use; pass --port N` : e.message);
    process.exit(1);
  }
}
