// The bench:crawl web server, run as a child process so serving (timers, writes) never competes
// with the crawler's event loop or counts toward its memory. It reports its port over IPC and, when
// asked, its request log.

import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { closeServer, listen } from '../../lib/net.ts';
import { latencyMs, respond, type BenchWebOptions } from './crawl-web.ts';

export interface ServedRequest {
  host: string;
  path: string;
  status: number;
  latencyMs: number;
  /** performance.now() of the server process. */
  start: number;
  end: number;
}

export type ServerMessage = { type: 'listening'; port: number } | { type: 'log'; requests: ServedRequest[] };
export type ParentMessage = { type: 'start'; options: BenchWebOptions } | { type: 'log' } | { type: 'stop' };

const requests: ServedRequest[] = [];

function start(options: BenchWebOptions): void {
  const server = createServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const path = req.url ?? '/';
    const started = performance.now();
    const delay = latencyMs(host, path, options);
    setTimeout(() => {
      const answer = respond(host, path, options);
      const status = answer?.status ?? 404;
      res.writeHead(status, { 'content-type': answer?.type ?? 'text/plain', 'cache-control': 'no-cache' });
      res.end(answer?.body ?? 'not found');
      requests.push({ host, path, status, latencyMs: delay, start: started, end: performance.now() });
    }, delay);
  });
  server.keepAliveTimeout = 5000;
  void listen(server).then((port) => process.send!({ type: 'listening', port } satisfies ServerMessage));
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'log') process.send!({ type: 'log', requests } satisfies ServerMessage);
    if (message.type === 'stop') void closeServer(server).then(() => process.exit(0));
  });
}

process.once('message', (message: ParentMessage) => {
  if (message.type === 'start') start(message.options);
});
