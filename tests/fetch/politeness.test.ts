import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { html, startServer, type LoggedRequest, type TestServer } from './fixtures/server.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

function assertSpaced(entries: LoggedRequest[], gapMs: number) {
  const sorted = [...entries].sort((a, b) => a.start - b.start);
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1];
    expect(previous.end, 'previous response finished before the next began').not.toBeNull();
    // The next request arrived only after the previous response ended, plus the delay.
    expect(sorted[i].start - previous.end!).toBeGreaterThanOrEqual(gapMs);
  }
}

describe('politeness', () => {
  it('fetches different hosts in parallel', async () => {
    // a.test's response is held until b.test's request arrives: a fetcher that serialized hosts
    // would never send b's request while a is pending, and a would give up (after long enough
    // for a loaded machine to send b's, and before the fetcher's own 15 s response timeout).
    let releaseA: (value: string) => void = () => {};
    const bArrived = new Promise<string>((resolve) => (releaseA = resolve));
    server.route('a.test/', async (_req, res) => {
      const outcome = await Promise.race([bArrived, new Promise<string>((resolve) => setTimeout(() => resolve('gave up waiting for b'), 12_000))]);
      html(outcome)(_req, res, undefined as never);
    });
    server.route('b.test/', (req, res, entry) => {
      releaseA('released by b');
      html('b')(req, res, entry);
    });
    const fetcher = server.fetcher(['a.test', 'b.test'], { concurrency: 2 });
    const [a, b] = await Promise.all([fetcher.fetch({ url: 'http://a.test/', kind: 'page' }), fetcher.fetch({ url: 'http://b.test/', kind: 'page' })]);
    expect(a.type).toBe('ok');
    expect(b.type).toBe('ok');
    if (a.type === 'ok') expect(a.text).toContain('released by b');
    const [entryA] = server.requestsTo('a.test');
    const [entryB] = server.requestsTo('b.test');
    expect(entryB.start).toBeLessThan(entryA.end!); // b arrived while a was still open
  });

  it('never overlaps requests to one host and spaces them by perHostDelayMs', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    server.fallback('a.test', async (req, res, entry) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20)); // long enough that an overlap would show
      inFlight--;
      html(req.url ?? '')(req, res, entry);
    });
    const fetcher = server.fetcher(['a.test'], { perHostDelayMs: 150, concurrency: 8 });
    const outcomes = await Promise.all([1, 2, 3, 4].map((n) => fetcher.fetch({ url: `http://a.test/p${n}`, kind: 'page' })));
    expect(outcomes.map((o) => o.type)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(maxInFlight).toBe(1);
    const entries = server.requestsTo('a.test');
    expect(entries).toHaveLength(4);
    assertSpaced(entries, 150);
    // Served in the order asked.
    expect([...entries].sort((a, b) => a.start - b.start).map((e) => e.path)).toEqual(['/p1', '/p2', '/p3', '/p4']);
  });

  it('keeps the overall number of requests in flight at concurrency', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const hosts = ['a.test', 'b.test', 'c.test', 'd.test'];
    for (const host of hosts) {
      server.fallback(host, async (req, res, entry) => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 20));
        inFlight--;
        html(host)(req, res, entry);
      });
    }
    const fetcher = server.fetcher(hosts, { concurrency: 2 });
    const outcomes = await Promise.all(hosts.flatMap((h) => [1, 2].map((n) => fetcher.fetch({ url: `http://${h}/${n}`, kind: 'page' }))));
    expect(outcomes.every((o) => o.type === 'ok')).toBe(true);
    expect(server.log).toHaveLength(8);
    expect(maxInFlight).toBeLessThanOrEqual(2);
  });

  it('counts robots.txt as a request to the host when spacing', async () => {
    server.route('a.test/robots.txt', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('User-agent: *\nAllow: /\n');
    });
    server.fallback('a.test', html('page'));
    const fetcher = server.fetcher(['a.test'], { perHostDelayMs: 120, respectRobots: true });
    await Promise.all([fetcher.fetch({ url: 'http://a.test/1', kind: 'page' }), fetcher.fetch({ url: 'http://a.test/2', kind: 'page' })]);
    const entries = server.requestsTo('a.test');
    expect(entries.map((e) => e.path).sort()).toEqual(['/1', '/2', '/robots.txt']);
    assertSpaced(entries, 120);
  });
});
