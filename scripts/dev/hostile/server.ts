import { createServer as createHttpServer, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type Socket } from 'node:net';
import { closeServer, freePort, listen } from '../lib/net.ts';
import { BASE, CLOSED_HOST, EMBEDDED_V4_NAMES, INTRANET_NAME, METADATA_NAME } from './hosts.ts';
import { indexFeed, ROUTES } from './routes/index.ts';
import type { HostileRoute, HostileTiming, Resource, RouteEnv, ServedRequest } from './types.ts';

// The hostile web: one HTTP server for every `*.hostile.test` host (told apart by the Host
// header, like the sample web), and one raw TCP server for behaviour HTTP cannot express (never
// answering, resetting mid-body, answering garbage). Hosts are mapped to one or the other through
// the crawler's resolve map; a third port is bound and closed again, so connecting to it is refused.

export const TEST_TIMING: HostileTiming = { dripIntervalMs: 200 };
export const REALISTIC_TIMING: HostileTiming = { dripIntervalMs: 5000 };

export interface HostileWeb {
  port: number;
  rawPort: number;
  /** host → 'ip:port', for config.crawl.resolve. */
  resolve: Record<string, string>;
  /** Names the crawler may resolve to local addresses (the metadata name among them: it must be refused anyway). */
  privateHosts: string[];
  routes: HostileRoute[];
  timing: HostileTiming;
  /** Every request either listener received, in order. */
  requests: ServedRequest[];
  close(): Promise<void>;
}

export interface HostileWebOptions {
  timing?: HostileTiming;
  routes?: HostileRoute[];
}

const ROBOTS_404 = 'HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\nContent-Length: 10\r\nConnection: close\r\n\r\nnot found\n';

export async function startHostileWeb(options: HostileWebOptions = {}): Promise<HostileWeb> {
  const timing = options.timing ?? TEST_TIMING;
  const routes = options.routes ?? ROUTES;
  for (const route of routes) route.prepare?.();
  const resources = [indexFeed(routes), ...routes.flatMap((r) => r.resources)];
  const http = new Map<string, Resource>();
  const raw = new Map<string, Resource>();
  for (const resource of resources) (resource.raw ? raw : http).set(`${resource.host}${resource.path}`, resource);
  const rawHosts = new Set([...raw.values()].map((r) => r.host));
  const requests: ServedRequest[] = [];
  const env: RouteEnv = { timing, port: 0 };
  const sockets = new Set<Socket>();

  const httpServer = createHttpServer((req, res) => {
    const hostname = (req.headers.host ?? '').toLowerCase().replace(/:\d+$/, '');
    const path = req.url ?? '/';
    const entry: ServedRequest = { host: hostname, method: req.method ?? 'GET', path, headers: { ...req.headers }, listener: 'http', status: 0, bytesWritten: 0, closedEarly: false, finished: false };
    requests.push(entry);
    count(res, entry);
    const resource = http.get(`${hostname}${path}`) ?? http.get(`${hostname}${path.split('?')[0]}`);
    if (!resource?.http) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('not found\n');
      return;
    }
    Promise.resolve(resource.http(req, res, env)).catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`handler failed: ${(error as Error).message}\n`);
    });
  });
  httpServer.keepAliveTimeout = 1000;
  httpServer.on('connection', (socket) => track(sockets, socket));

  const rawServer = createNetServer((socket) => {
    track(sockets, socket);
    socket.on('error', () => {});
    let head = '';
    const onData = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) {
        if (head.length > 64 * 1024) socket.destroy();
        return;
      }
      socket.off('data', onData);
      const [requestLine = '', ...lines] = head.slice(0, end).split('\r\n');
      const [method = 'GET', path = '/'] = requestLine.split(' ');
      const hostname = (lines.find((l) => /^host:/i.test(l))?.slice(5).trim() ?? '').toLowerCase().replace(/:\d+$/, '');
      const entry: ServedRequest = { host: hostname, method, path, headers: {}, listener: 'raw', status: 0, bytesWritten: 0, closedEarly: false, finished: false };
      requests.push(entry);
      const resource = raw.get(`${hostname}${path}`);
      if (!resource?.raw) {
        entry.status = 404;
        socket.end(ROBOTS_404);
        return;
      }
      resource.raw(socket, env);
    };
    socket.on('data', onData);
  });

  const port = await listen(httpServer);
  const rawPort = await listen(rawServer);
  const closedPort = await freePort();
  env.port = port;

  const hosts = new Set([BASE, ...resources.map((r) => r.host)]);
  const resolve: Record<string, string> = {};
  for (const name of hosts) resolve[name] = `127.0.0.1:${rawHosts.has(name) ? rawPort : port}`;
  resolve[CLOSED_HOST] = `127.0.0.1:${closedPort}`;
  resolve[METADATA_NAME] = '169.254.169.254:80';
  resolve[INTRANET_NAME] = '10.0.0.1:80';
  for (const [name, { address }] of Object.entries(EMBEDDED_V4_NAMES)) resolve[name] = `[${address}]:80`;

  return {
    port,
    rawPort,
    resolve,
    privateHosts: [...hosts, CLOSED_HOST, METADATA_NAME],
    routes,
    timing,
    requests,
    async close() {
      for (const socket of sockets) socket.destroy();
      await Promise.all([closeServer(httpServer), closeServer(rawServer)]);
    },
  };
}

/** Counts body bytes and notes whether the client left before the end. */
function count(res: ServerResponse, entry: ServedRequest): void {
  const write = res.write.bind(res) as (chunk: unknown, ...rest: unknown[]) => boolean;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (chunk) entry.bytesWritten += typeof chunk === 'string' ? Buffer.byteLength(chunk) : (chunk as Buffer).length;
    return write(chunk, ...rest);
  }) as typeof res.write;
  const end = res.end.bind(res) as (chunk?: unknown, ...rest: unknown[]) => ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (chunk && typeof chunk !== 'function') entry.bytesWritten += typeof chunk === 'string' ? Buffer.byteLength(chunk) : (chunk as Buffer).length;
    return end(chunk, ...rest);
  }) as typeof res.end;
  res.on('finish', () => {
    entry.finished = true;
    entry.status = res.statusCode;
  });
  res.on('close', () => {
    entry.status ||= res.statusCode;
    if (!entry.finished) entry.closedEarly = true;
  });
}

function track(sockets: Set<Socket>, socket: Socket): void {
  sockets.add(socket);
  socket.on('close', () => sockets.delete(socket));
}
