import type { Server as HttpServer } from 'node:http';
import { createServer, type AddressInfo, type Server } from 'node:net';

// Local servers for the tools and tests: listen on loopback, close without waiting for
// keep-alive connections, and find a port nothing listens on.

/** Listens on 127.0.0.1 (a free port unless `port` is given); resolves with the port. */
export function listen(server: Server | HttpServer, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Stops the server, dropping idle and open HTTP connections instead of waiting for them. */
export function closeServer(server: Server | HttpServer): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    if ('closeAllConnections' in server) server.closeAllConnections();
  });
}

/** A port that was free a moment ago and is closed now: connecting to it is refused. */
export async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await closeServer(server);
  return port;
}
