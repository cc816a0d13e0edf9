import type { OutgoingHttpHeaders } from 'node:http';
import type { HttpHandler, RawHandler } from './types.ts';

// Small handler builders shared by the route files.

export const HTML = 'text/html; charset=utf-8';

export function send(status: number, headers: OutgoingHttpHeaders, body: string | Buffer = ''): HttpHandler {
  return (_req, res) => {
    res.writeHead(status, { 'content-length': Buffer.byteLength(body), ...headers });
    res.end(body);
  };
}

export function html(body: string | Buffer, headers: OutgoingHttpHeaders = {}): HttpHandler {
  return send(200, { 'content-type': HTML, ...headers }, body);
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
