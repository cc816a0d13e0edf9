import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFetcher } from '../../crawler/fetch/index.ts';
import { largestPngInIco } from '../../crawler/images/ico.ts';
import { icoOf } from '../../scripts/dev/demo/images.ts';
import { ICON_SIZE, MAX_ICON_BYTES, processIcon } from '../../crawler/images/process-icon.ts';
import { sitePaths } from '../../crawler/paths.ts';
import { iconCandidates, iconDue, ICON_REFRESH_DAYS, refreshSourceIcons, type IconContext } from '../../crawler/images/source-icons.ts';
import { FolderAllocator } from '../../crawler/publish/folders.ts';
import { openDatabase, type Database } from '../../crawler/store/database.ts';
import { sourceIcon } from '../../crawler/store/source-icons.ts';
import { startServer, type TestServer } from '../fetch/fixtures/server.ts';

// A source's icon, fetched from a real local server through the crawler's fetcher.

const square = (size: number, colour: string) =>
  sharp({ create: { width: size, height: size, channels: 4, background: colour } })
    .png()
    .toBuffer();

let server: TestServer;
let root: string;
let png16: Buffer;
let png48: Buffer;
const NOW = Date.parse('2026-05-01T00:00:00Z');

beforeAll(async () => {
  server = await startServer();
  root = mkdtempSync(join(tmpdir(), 'gleaner-icons-'));
  png16 = await square(16, '#ff0000');
  png48 = await square(48, '#0000ff');
  const send = (type: string, body: Buffer) => (_req: unknown, res: import('node:http').ServerResponse) => {
    res.writeHead(200, { 'Content-Type': type, 'Content-Length': body.length });
    res.end(body);
  };
  server.route('png.test/icon.png', send('image/png', png48));
  server.route('ico.test/favicon.ico', send('image/x-icon', icoOf([{ size: 16, png: png16 }, { size: 48, png: png48 }])));
  server.route('svg.test/icon.svg', send('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"/>')));
  server.route('svg.test/favicon.ico', send('image/x-icon', icoOf([{ size: 16, png: png16 }])));
  server.route('big.test/favicon.ico', send('image/x-icon', Buffer.alloc(MAX_ICON_BYTES + 10, 1)));
  for (const host of ['png.test', 'ico.test', 'svg.test', 'big.test', 'none.test']) server.route(`${host}/robots.txt`, send('text/plain', Buffer.from('User-agent: *\nAllow: /\n')));
});

afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

async function run(hosts: string[], candidates: Parameters<typeof iconCandidates>[0], fetcher = server.fetcher(hosts, { perHostDelayMs: 0 }), now = NOW): Promise<Database> {
  const db = await openDatabase(null);
  const ctx: IconContext = { db, fetcher, paths: sitePaths(root), policy: { allowPrivate: false, privateHosts: hosts }, media: new FolderAllocator(), now: () => now };
  await refreshSourceIcons(ctx, iconCandidates(candidates));
  return db;
}

async function savedIcon(db: Database, host: string): Promise<{ width: number; height: number; format: string; r: number; b: number }> {
  const row = sourceIcon(db, host)!;
  expect(row.file).toMatch(/^media\/2026\/05\/[0-9a-f]{16}-32\.webp$/);
  const image = sharp(readFileSync(join(root, row.file!)));
  const meta = await image.metadata();
  const { data } = await image.raw().toBuffer({ resolveWithObject: true });
  return { width: meta.width, height: meta.height, format: meta.format, r: data[0]!, b: data[2]! };
}

describe('source icons', () => {
  it('takes the icon the page declared (a PNG) and saves a 32×32 WebP by content hash', async () => {
    const db = await run(['png.test'], [{ url: `http://png.test:${server.port}/post/1`, favicon: '/icon.png' }]);
    expect(await savedIcon(db, 'png.test')).toMatchObject({ width: ICON_SIZE, height: ICON_SIZE, format: 'webp', b: 255 });
    expect(server.requestsTo('png.test', '/favicon.ico')).toHaveLength(0);
  });

  it('falls back to /favicon.ico and takes the largest PNG inside the ICO', async () => {
    const db = await run(['ico.test'], [{ url: `http://ico.test:${server.port}/a` }]);
    expect(await savedIcon(db, 'ico.test')).toMatchObject({ width: 32, format: 'webp', b: 255, r: 0 });
  });

  it('refuses an SVG icon and goes on to /favicon.ico', async () => {
    const db = await run(['svg.test'], [{ url: `http://svg.test:${server.port}/`, favicon: `http://svg.test:${server.port}/icon.svg` }]);
    expect(await savedIcon(db, 'svg.test')).toMatchObject({ r: 255 });
  });

  it('records a host with no icon (missing, or over the size cap) without failing, and does not ask again until it is due', async () => {
    const db = await run(['none.test', 'big.test'], [{ url: `http://none.test:${server.port}/` }, { url: `http://big.test:${server.port}/` }]);
    const none = sourceIcon(db, 'none.test')!;
    expect(none.file).toBeNull();
    expect(none.error).toMatch(/E_FETCH_HTTP/);
    const big = sourceIcon(db, 'big.test')!;
    expect(big.file).toBeNull();
    expect(big.error).toMatch(/E_TOO_LARGE/);
    expect(iconDue({ host: 'none.test', origin: '', declared: null }, none, NOW + 86_400_000)).toBe(false);
    expect(iconDue({ host: 'none.test', origin: '', declared: null }, none, NOW + ICON_REFRESH_DAYS * 86_400_000)).toBe(true);
    expect(iconDue({ host: 'none.test', origin: '', declared: '/new.png' }, none, NOW + 1)).toBe(true);
  });

  it('asks nothing of an address the guard refuses', async () => {
    // No privateHosts: the test server's loopback address is refused before any request.
    const fetcher = createFetcher({ resolve: { 'guarded.example.com': `127.0.0.1:${server.port}` }, perHostDelayMs: 0, respectRobots: false });
    const db = await openDatabase(null);
    const before = server.log.length;
    await refreshSourceIcons(
      { db, fetcher, paths: sitePaths(root), policy: { allowPrivate: false }, media: new FolderAllocator(), now: () => NOW },
      iconCandidates([{ url: 'http://guarded.example.com/post' }]),
    );
    await fetcher.close();
    expect(server.log.length).toBe(before);
    expect(sourceIcon(db, 'guarded.example.com')!.error).toMatch(/E_BLOCKED_ADDRESS/);
  });

  it('reads the largest PNG of an ICO, and refuses ICOs without PNG, markup and empty bodies', async () => {
    expect(largestPngInIco(icoOf([{ size: 48, png: png48 }, { size: 16, png: png16 }]))).toEqual(png48);
    const bmpOnly = icoOf([{ size: 16, png: Buffer.alloc(64, 7) }]);
    expect(largestPngInIco(bmpOnly)).toBeNull();
    expect((await processIcon(bmpOnly)).ok).toBe(false);
    expect((await processIcon(Buffer.from('<html><body>Not found</body></html>'))).ok).toBe(false);
    expect((await processIcon(Buffer.alloc(0))).ok).toBe(false);
  });

  it('names each source host once, without www., keeping the first declared icon', () => {
    expect(iconCandidates([{ url: 'https://www.a.test/1' }, { url: 'https://a.test/2', favicon: '/i.png' }, { url: 'http://b.test:8080/x' }])).toEqual([
      { host: 'a.test', origin: 'https://www.a.test', declared: '/i.png' },
      { host: 'b.test', origin: 'http://b.test:8080', declared: null },
    ]);
  });
});
