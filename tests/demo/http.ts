// Test helper: GET a sample-web URL through the local port, with the URL's host in the Host header.
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

export function get(port: number, url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: u.pathname + u.search, headers: { host: u.host, ...headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

export const FIXTURE_ARTICLES = new URL('./fixtures/articles/', import.meta.url).pathname;
export const BAD_ARTICLES = new URL('./fixtures/bad-articles/', import.meta.url).pathname;
