import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { robotsToken } from '../../crawler/fetch/index.ts';
import { html, redirect, startServer, text, type TestServer } from './fixtures/server.ts';

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

const robots = (body: string) => text(200, body);

describe('robots.txt', () => {
  it('rejects a disallowed URL without requesting it, and fetches robots.txt once per host', async () => {
    server.route('a.test/robots.txt', robots('User-agent: *\nDisallow: /private/\n'));
    server.fallback('a.test', html('page'));
    const fetcher = server.fetcher(['a.test'], { respectRobots: true });
    const outcomes = await Promise.all([
      fetcher.fetch({ url: 'http://a.test/private/secret', kind: 'page' }),
      fetcher.fetch({ url: 'http://a.test/public', kind: 'page' }),
      fetcher.fetch({ url: 'http://a.test/private/other', kind: 'page' }),
    ]);
    expect(outcomes.map((o) => o.type)).toEqual(['rejected', 'ok', 'rejected']);
    const first = outcomes[0];
    if (first.type === 'rejected') {
      expect(first.reason).toBe('robots');
      expect(first.detail).toMatch(/disallow/i);
    }
    expect(server.requestsTo('a.test', '/robots.txt')).toHaveLength(1);
    expect(server.log.filter((e) => e.path.startsWith('/private'))).toHaveLength(0);
    expect(fetcher.stats().robotsRequests).toBe(1);
  });

  it('obeys the group for its own product token over the * group', async () => {
    server.route('a.test/robots.txt', robots('User-agent: GleanerBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n'));
    server.fallback('a.test', html('page'));
    const ours = server.fetcher(['a.test'], { respectRobots: true });
    expect((await ours.fetch({ url: 'http://a.test/x', kind: 'page' })).type).toBe('rejected');
    const other = server.fetcher(['a.test'], { respectRobots: true, userAgent: 'OtherBot/2.0' });
    expect((await other.fetch({ url: 'http://a.test/x', kind: 'page' })).type).toBe('ok');
    expect(server.requestsTo('a.test', '/x')).toHaveLength(1);
  });

  it('derives the product token from the user agent', () => {
    expect(robotsToken('GleanerBot/0.1 (+https://github.com/gleaner/gleaner)')).toBe('GleanerBot');
    expect(robotsToken('Mozilla/5.0 (compatible; MySiteBot/1.0; +https://x.example)')).toBe('MySiteBot');
    expect(robotsToken('plainbot')).toBe('plainbot');
  });

  it('raises the host delay to Crawl-delay', async () => {
    server.route('a.test/robots.txt', robots('User-agent: *\nCrawl-delay: 0.3\nAllow: /\n'));
    server.fallback('a.test', html('page'));
    const fetcher = server.fetcher(['a.test'], { respectRobots: true, perHostDelayMs: 0 });
    const outcomes = await Promise.all([1, 2, 3].map((n) => fetcher.fetch({ url: `http://a.test/${n}`, kind: 'page' })));
    expect(outcomes.every((o) => o.type === 'ok')).toBe(true);
    const entries = [...server.requestsTo('a.test')].sort((a, b) => a.start - b.start);
    expect(entries.map((e) => e.path)).toEqual(['/robots.txt', '/1', '/2', '/3']);
    for (let i = 1; i < entries.length; i++) expect(entries[i].start - entries[i - 1].end!).toBeGreaterThanOrEqual(300);
  });

  it('allows everything when robots.txt is a 4xx', async () => {
    server.route('a.test/robots.txt', text(404, 'nope'));
    server.route('b.test/robots.txt', text(403, 'forbidden'));
    server.fallback('a.test', html('page'));
    server.fallback('b.test', html('page'));
    const fetcher = server.fetcher(['a.test', 'b.test'], { respectRobots: true });
    expect((await fetcher.fetch({ url: 'http://a.test/x', kind: 'page' })).type).toBe('ok');
    expect((await fetcher.fetch({ url: 'http://b.test/x', kind: 'page' })).type).toBe('ok');
  });

  it('fails every URL of the host for the run, transiently, when robots.txt is a 5xx or unreachable', async () => {
    server.route('a.test/robots.txt', text(500, 'broken'));
    server.fallback('a.test', html('page'));
    const fetcher = server.fetcher(['a.test'], { respectRobots: true, retries: 1 });
    const outcome = await fetcher.fetch({ url: 'http://a.test/x', kind: 'page' });
    expect(outcome.type === 'error' && outcome.failure).toMatchObject({ code: 'E_FETCH_HTTP', status: 500, permanent: false, message: expect.stringMatching(/robots\.txt unreachable/) });
    expect((await fetcher.fetch({ url: 'http://a.test/y', kind: 'page' })).type).toBe('error');
    expect(server.requestsTo('a.test', '/robots.txt')).toHaveLength(2); // one retry, then cached for the run
    expect(server.requestsTo('a.test').filter((e) => e.path !== '/robots.txt')).toHaveLength(0);
  });

  it('allows everything when robots.txt is not text/plain', async () => {
    server.route('a.test/robots.txt', html('<p>Disallow: /</p>'));
    server.fallback('a.test', html('page'));
    const fetcher = server.fetcher(['a.test'], { respectRobots: true });
    expect((await fetcher.fetch({ url: 'http://a.test/x', kind: 'page' })).type).toBe('ok');
  });

  it('cuts a robots.txt over 500 KB at 500 KB', async () => {
    const filler = '# filler line to make the file large\n'.repeat(Math.ceil((520 * 1024) / 37));
    server.route('a.test/robots.txt', robots(`User-agent: *\nDisallow: /early\n${filler}Disallow: /late\n`));
    server.fallback('a.test', html('page'));
    const fetcher = server.fetcher(['a.test'], { respectRobots: true });
    expect((await fetcher.fetch({ url: 'http://a.test/early', kind: 'page' })).type).toBe('rejected');
    // the rule after the cut was never read
    expect((await fetcher.fetch({ url: 'http://a.test/late', kind: 'page' })).type).toBe('ok');
  });

  it('follows robots.txt redirects', async () => {
    server.route('a.test/robots.txt', redirect(301, 'http://b.test/robots.txt'));
    server.route('b.test/robots.txt', robots('User-agent: *\nDisallow: /no\n'));
    server.fallback('a.test', html('page'));
    const fetcher = server.fetcher(['a.test', 'b.test'], { respectRobots: true });
    expect((await fetcher.fetch({ url: 'http://a.test/no', kind: 'page' })).type).toBe('rejected');
    expect((await fetcher.fetch({ url: 'http://a.test/yes', kind: 'page' })).type).toBe('ok');
  });

  it('checks robots.txt on every redirect hop', async () => {
    server.route('a.test/go', redirect(301, 'http://b.test/private/page'));
    server.route('b.test/robots.txt', robots('User-agent: *\nDisallow: /private/\n'));
    server.fallback('b.test', html('page'));
    const fetcher = server.fetcher(['a.test', 'b.test'], { respectRobots: true });
    const outcome = await fetcher.fetch({ url: 'http://a.test/go', kind: 'page' });
    expect(outcome.type).toBe('rejected');
    if (outcome.type === 'rejected') {
      expect(outcome.reason).toBe('robots');
      expect(outcome.finalUrl).toBe('http://b.test/private/page');
      expect(outcome.redirects).toEqual([{ from: 'http://a.test/go', to: 'http://b.test/private/page', status: 301 }]);
    }
    expect(server.requestsTo('b.test', '/private/page')).toHaveLength(0);
  });

  it('does not ask for robots.txt when respectRobots is off', async () => {
    server.route('a.test/robots.txt', robots('User-agent: *\nDisallow: /\n'));
    server.fallback('a.test', html('page'));
    const fetcher = server.fetcher(['a.test'], { respectRobots: false });
    expect((await fetcher.fetch({ url: 'http://a.test/x', kind: 'page' })).type).toBe('ok');
    expect(server.requestsTo('a.test', '/robots.txt')).toHaveLength(0);
  });
});
