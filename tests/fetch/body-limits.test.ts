import type http from 'node:http';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, stream, until, type TestServer } from './fixtures/server.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

const MB = 1024 * 1024;
const TOTAL = 64 * MB;
const CAP = 64 * 1024;

/** `total` bytes of zeros, produced lazily and counted, so the test sees how much was ever generated. */
function zeros(total: number, counter: { produced: number }): Readable {
  const chunk = Buffer.alloc(64 * 1024);
  return new Readable({
    read() {
      if (counter.produced >= total) return void this.push(null);
      counter.produced += chunk.length;
      this.push(chunk);
    },
  });
}

/** Streams a compression bomb: `total` zeros compressed on the fly, so only what the client pulls is ever built. */
function bomb(encoding: 'gzip' | 'br', counter: { produced: number }) {
  return (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': encoding });
    const compressor = encoding === 'gzip' ? zlib.createGzip({ level: 1 }) : zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1 } });
    const source = zeros(1024 * MB, counter);
    source.pipe(compressor).pipe(res);
    res.on('close', () => {
      source.destroy();
      compressor.destroy();
    });
  };
}

describe('body size caps', () => {
  it('refuses up front when Content-Length exceeds the cap, and closes the connection', async () => {
    server.route('a.test/big', async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(TOTAL) });
      await stream(res, TOTAL);
    });
    const fetcher = server.fetcher(['a.test'], { maxBodyBytes: CAP });
    const outcome = await fetcher.fetch({ url: 'http://a.test/big', kind: 'page' });
    expect(outcome.type === 'error' && outcome.failure).toMatchObject({ code: 'E_TOO_LARGE', permanent: true });
    if (outcome.type === 'error') expect(outcome.failure.message).toMatch(/Content-Length/);
    const [entry] = server.log;
    await until(() => entry.end !== null, 'the server to see the connection end');
    expect(entry.closedEarly).toBe(true);
    expect(entry.bytesWritten).toBeLessThan(TOTAL);
    expect(fetcher.stats().bytes).toBe(0); // not one body byte read
  });

  it('stops reading a chunked body at the cap', async () => {
    server.route('a.test/big', async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }); // no Content-Length: chunked
      await stream(res, TOTAL);
    });
    const fetcher = server.fetcher(['a.test'], { maxBodyBytes: CAP });
    const outcome = await fetcher.fetch({ url: 'http://a.test/big', kind: 'page' });
    expect(outcome.type === 'error' && outcome.failure).toMatchObject({ code: 'E_TOO_LARGE', permanent: true });
    const [entry] = server.log;
    await until(() => entry.end !== null, 'the server to see the connection end');
    expect(entry.closedEarly).toBe(true);
    expect(entry.bytesWritten).toBeLessThan(TOTAL);
    // read at most one socket chunk past the cap
    expect(fetcher.stats().bytes).toBeLessThan(CAP + 128 * 1024);
  });

  it('lets a per-request maxBytes override the fetcher cap', async () => {
    server.route('a.test/img', async (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      await stream(res, 200 * 1024);
    });
    const fetcher = server.fetcher(['a.test'], { maxBodyBytes: CAP });
    const outcome = await fetcher.fetch({ url: 'http://a.test/img', kind: 'image', maxBytes: 256 * 1024 });
    expect(outcome.type).toBe('ok');
    if (outcome.type === 'ok') {
      expect(outcome.body.length).toBe(200 * 1024);
      expect(outcome.text).toBeNull();
      expect(outcome.charset).toBeNull();
    }
  });

  it('accepts a body exactly at the cap', async () => {
    server.route('a.test/exact', async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      await stream(res, CAP);
    });
    const fetcher = server.fetcher(['a.test'], { maxBodyBytes: CAP });
    const outcome = await fetcher.fetch({ url: 'http://a.test/exact', kind: 'page' });
    expect(outcome.type === 'ok' && outcome.body.length).toBe(CAP);
  });
});

describe('compression bombs', () => {
  it.each(['gzip', 'br'] as const)('stops a %s bomb at the decompressed cap without inflating it all', async (encoding) => {
    const counter = { produced: 0 };
    server.route('a.test/bomb', bomb(encoding, counter));
    const fetcher = server.fetcher(['a.test'], { maxBodyBytes: 5 * MB, maxDecompressedBytes: 1 * MB });
    const outcome = await fetcher.fetch({ url: 'http://a.test/bomb', kind: 'page' });
    expect(outcome.type === 'error' && outcome.failure).toMatchObject({ code: 'E_TOO_LARGE', permanent: true });
    if (outcome.type === 'error') expect(outcome.failure.message).toMatch(/decodes to more than 1048576/);
    const [entry] = server.log;
    await until(() => entry.end !== null, 'the server to see the connection end');
    expect(entry.closedEarly).toBe(true);
    // The server built only what the client pulled before giving up: a sliver of the gigabyte.
    expect(counter.produced).toBeLessThan(128 * MB);
    expect(fetcher.stats().bytes).toBeLessThan(1 * MB);
  });
});

describe('content encodings', () => {
  const page = `<!doctype html><html><body>${'hello compressed world '.repeat(500)}</body></html>`;
  const encoders: Record<string, (b: Buffer) => Buffer> = {
    gzip: (b) => zlib.gzipSync(b),
    'x-gzip': (b) => zlib.gzipSync(b),
    deflate: (b) => zlib.deflateSync(b),
    'deflate (raw)': (b) => zlib.deflateRawSync(b),
    br: (b) => zlib.brotliCompressSync(b),
    'gzip, br': (b) => zlib.brotliCompressSync(zlib.gzipSync(b)),
  };

  it.each(Object.keys(encoders))('decodes %s', async (name) => {
    const encoded = encoders[name](Buffer.from(page));
    server.route('a.test/p', (req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': name.replace(' (raw)', '') });
      res.end(encoded);
    });
    const fetcher = server.fetcher(['a.test']);
    const outcome = await fetcher.fetch({ url: 'http://a.test/p', kind: 'page' });
    expect(outcome.type).toBe('ok');
    if (outcome.type !== 'ok') return;
    expect(outcome.text).toBe(page);
    expect(outcome.bytes).toBe(encoded.length);
    expect(server.log[0].headers['accept-encoding']).toBe('gzip, deflate, br');
  });

  it('tolerates a truncated gzip stream, as browsers do', async () => {
    const encoded = zlib.gzipSync(Buffer.from(page));
    server.route('a.test/p', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end(encoded.subarray(0, encoded.length - 8)); // no trailer
    });
    const outcome = await server.fetcher(['a.test']).fetch({ url: 'http://a.test/p', kind: 'page' });
    expect(outcome.type === 'ok' && outcome.text).toBe(page);
  });

  it('fails corrupt gzip with E_DECODE', async () => {
    server.route('a.test/p', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end('this was never gzip');
    });
    const outcome = await server.fetcher(['a.test']).fetch({ url: 'http://a.test/p', kind: 'page' });
    expect(outcome.type === 'error' && outcome.failure.code).toBe('E_DECODE');
  });

  it('fails an encoding it did not ask for with E_DECODE', async () => {
    server.route('a.test/p', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'compress' });
      res.end('xxxx');
    });
    const outcome = await server.fetcher(['a.test']).fetch({ url: 'http://a.test/p', kind: 'page' });
    expect(outcome.type === 'error' && outcome.failure).toMatchObject({ code: 'E_DECODE' });
  });
});
