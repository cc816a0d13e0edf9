import type { OutgoingHttpHeaders } from 'node:http';
import { pump } from './bodies.ts';
import type { HttpHandler, RawHandler } from './types.ts';

// Small handler builders shared by the route files.

export const HTML = 'text/html; charset=utf-8';

/** A body, or a function that makes it on first use (bodies too expensive to build at import; cache them). */
type Body = string | Buffer | (() => string | Buffer);

export function send(status: number, headers: OutgoingHttpHeaders, body: Body = ''): HttpHandler {
  return (_req, res) => {
    const bytes = typeof body === 'function' ? body() : body;
    res.writeHead(status, { 'content-length': Buffer.byteLength(bytes), ...headers });
    res.end(bytes);
  };
}

export function html(body: Body, headers: OutgoingHttpHeaders = {}): HttpHandler {
  return send(200, { 'content-type': HTML, ...headers }, body);
}

/** A 200 that sends `first`, then `chunk` over and over, up to `total` bytes (without end by default), as fast as the client reads. */
export function stream(headers: OutgoingHttpHeaders, chunk: Buffer, options: { first?: string | Buffer; total?: number } = {}): HttpHandler {
  return (_req, res) => {
    res.writeHead(200, headers);
    if (options.first) res.write(options.first);
    void pump(res, chunk, options.total);
  };
}

export function redirect(location: string, status = 302): HttpHandler {
  return send(status, { location, 'content-type': 'text/plain; charset=utf-8' }, `see ${location}\n`);
}

/** A complete raw HTTP/1.1 response, then the connection is closed. */
export function rawResponse(head: string, body: string | Buffer = ''): RawHandler {
  return (socket) => {
    socket.write(head);
    socket.end(body);
  };
}

/** Resolves after `ms`, or at once when `signal` fires. */
export function pause(ms: number, signal: { destroyed: boolean; once(event: 'close', fn: () => void): unknown; off(event: 'close', fn: () => void): unknown }): Promise<void> {
  return new Promise((resolve) => {
    if (signal.destroyed) return resolve();
    const onClose = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.off('close', onClose);
      resolve();
    }, ms);
    signal.once('close', onClose);
  });
}
