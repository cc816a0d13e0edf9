import { describe, expect, it } from 'vitest';
import { normalizeUrl, MAX_URL_LENGTH, TRACKING_PARAMS, type UrlResult } from '../../crawler/url/index.ts';

function ok(result: UrlResult): string {
  if (!result.ok) throw new Error(`expected ok, got ${result.code}: ${result.message}`);
  return result.url;
}
const norm = (input: string, base?: string) => ok(normalizeUrl(input, { base }));
const code = (input: string, options?: Parameters<typeof normalizeUrl>[1]) => {
  const result = normalizeUrl(input, options);
  return result.ok ? 'ok' : result.code;
};

describe('normalizeUrl: shape', () => {
  it.each([
    ['HTTP://WWW.EXAMPLE.COM/Path', 'http://www.example.com/Path'],
    ['https://Example.COM', 'https://example.com/'],
    ['https://example.com./a', 'https://example.com/a'],
    ['http://example.com:80/a', 'http://example.com/a'],
    ['https://example.com:443/a', 'https://example.com/a'],
    ['http://example.com:443/a', 'http://example.com:443/a'],
    ['https://example.com:8443/a', 'https://example.com:8443/a'],
    ['https://example.com/a/./b/../c', 'https://example.com/a/c'],
    ['https://example.com/a/%2e%2E/b', 'https://example.com/b'],
    ['https://example.com/../../a', 'https://example.com/a'],
    ['https://example.com//a///b//', 'https://example.com/a/b/'],
    ['https://example.com/a/.//b', 'https://example.com/a/b'],
    ['https://example.com/a#section', 'https://example.com/a'],
    ['https://example.com/a?#', 'https://example.com/a'],
    ['https://example.com/a?', 'https://example.com/a'],
    ['https://example.com/a?&&', 'https://example.com/a'],
    ['  https://example.com/a \n', 'https://example.com/a'],
    ['https://example.com/Case/Kept', 'https://example.com/Case/Kept'],
    ['https://example.com/dir/', 'https://example.com/dir/'],
    ['https://münchen.de/straße', 'https://xn--mnchen-3ya.de/stra%C3%9Fe'],
    ['https://BÜCHER.example.com/', 'https://xn--bcher-kva.example.com/'],
    ['https://example.com/%7euser/%41b', 'https://example.com/~user/Ab'],
    ['https://example.com/a%2fb/%aa', 'https://example.com/a%2Fb/%AA'],
    ['https://example.com/a b', 'https://example.com/a%20b'],
  ])('%s → %s', (input, expected) => {
    expect(norm(input)).toBe(expected);
  });

  it('resolves relative input against the base', () => {
    expect(norm('../x?b=1&a=2#top', 'https://example.com/dir/sub/page.html')).toBe('https://example.com/dir/x?a=2&b=1');
    expect(norm('//cdn.example.com/img.png', 'https://example.com/')).toBe('https://cdn.example.com/img.png');
    expect(norm('?page=2', 'https://example.com/list?page=1')).toBe('https://example.com/list?page=2');
    expect(norm('https://other.com/x', 'https://example.com/')).toBe('https://other.com/x');
  });

  it('fails on a relative URL without a base, and on a bad base', () => {
    expect(code('/just/a/path')).toBe('E_URL_INVALID');
    expect(code('x', { base: 'not a url' })).toBe('E_URL_INVALID');
  });
});

describe('normalizeUrl: query', () => {
  it.each([
    ['https://example.com/?b=2&a=1', 'https://example.com/?a=1&b=2'],
    // stable for equal keys: order of repeated keys is meaningful (?tag=x&tag=y)
    ['https://example.com/?z=1&tag=b&a=0&tag=a', 'https://example.com/?a=0&tag=b&tag=a&z=1'],
    ['https://example.com/?flag&b=1', 'https://example.com/?b=1&flag'],
    ['https://example.com/?q=a+b&path=/x/y', 'https://example.com/?path=/x/y&q=a+b'],
    ['https://example.com/?q=%7e%2f', 'https://example.com/?q=~%2F'],
    ['https://example.com/?q=caf%C3%A9', 'https://example.com/?q=caf%C3%A9'],
    ['https://example.com/?B=1&a=1', 'https://example.com/?B=1&a=1'], // code-unit order: uppercase first
    ['https://example.com/?a=1;b=2', 'https://example.com/?a=1;b=2'],
  ])('%s → %s', (input, expected) => {
    expect(norm(input)).toBe(expected);
  });

  it.each([
    'utm_source=news', 'utm_medium=email', 'UTM_Campaign=x', 'utm_anything_new=1', 'fbclid=abc', 'gclid=abc',
    'dclid=1', 'msclkid=1', 'mc_cid=1', 'mc_eid=1', 'ref_src=twsrc', 'igshid=1', '_hsenc=1', '_hsmi=1', 'yclid=1',
    'spm=a2c', 'mtm_campaign=x', 'pk_campaign=x', '_ga=1', 'srsltid=1', 'hsa_acc=1', 'mkt_tok=1', 'utm%5Fsource=x',
  ])('drops tracking parameter %s', (param) => {
    expect(norm(`https://example.com/p?id=7&${param}`)).toBe('https://example.com/p?id=7');
  });

  it.each(['ref=home', 'source=rss', 'utm=1', 'sp=1', 'page=2', 'id=3', 'utmx=1'])('keeps ordinary parameter %s', (param) => {
    expect(norm(`https://example.com/p?${param}`)).toBe(`https://example.com/p?${param}`);
  });

  it('drops the ? when only tracking parameters were present', () => {
    expect(norm('https://example.com/p?utm_source=a&fbclid=b#x')).toBe('https://example.com/p');
  });

  it('exports one tracking list with the required entries', () => {
    for (const name of ['utm_*', 'fbclid', 'gclid', 'dclid', 'msclkid', 'mc_cid', 'mc_eid', 'ref_src', 'igshid', '_hsenc', '_hsmi', 'yclid', 'spm']) {
      expect(TRACKING_PARAMS).toContain(name);
    }
  });
});

describe('normalizeUrl: refusals', () => {
  it.each([
    ['ftp://example.com/file', 'E_URL_SCHEME'],
    ['javascript:alert(1)', 'E_URL_SCHEME'],
    ['mailto:a@example.com', 'E_URL_SCHEME'],
    ['data:text/html,hi', 'E_URL_SCHEME'],
    ['file:///etc/passwd', 'E_URL_SCHEME'],
    ['ws://example.com/', 'E_URL_SCHEME'],
    ['https://user:pass@example.com/', 'E_URL_CREDENTIALS'],
    ['https://user@example.com/', 'E_URL_CREDENTIALS'],
    ['https://:pass@example.com/', 'E_URL_CREDENTIALS'],
    ['', 'E_URL_INVALID'],
    ['   ', 'E_URL_INVALID'],
    ['https://', 'E_URL_INVALID'],
    ['https://exa mple.com/', 'E_URL_INVALID'],
    ['https://1.2.3.4.5/', 'E_URL_INVALID'],
    ['https://a..b.com/', 'E_URL_INVALID'],
    [`https://${'a'.repeat(64)}.com/`, 'E_URL_INVALID'],
    [`https://${'abcdefghi.'.repeat(26)}com/`, 'E_URL_INVALID'],
  ])('%s → %s', (input, expected) => {
    expect(code(input)).toBe(expected);
  });

  it.each([
    'http://127.0.0.1/', 'http://2130706433/', 'http://0x7f.1/', 'http://0x7f000001/', 'http://0177.0.0.1/', 'http://127.1/',
    'http://127.0.0.1./', 'http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data/', 'http://8.8.8.8/',
    'http://[::1]/', 'http://[0:0:0:0:0:0:0:1]/', 'http://[::ffff:127.0.0.1]/', 'http://[fd00:ec2::254]/', 'http://[2606:4700::1111]/',
    'http://0/',
  ])('refuses IP literal %s', (input) => {
    expect(code(input)).toBe('E_URL_IP_LITERAL');
  });

  it.each([
    'http://localhost/', 'http://LOCALHOST:3000/', 'http://localhost./', 'http://intranet/', 'http://com/', 'http://printer.local/',
    'http://db.internal/', 'http://app.localhost/', 'http://blog.test/', 'http://www.example/', 'http://x.invalid/',
    'http://router.home.arpa/', 'http://nas.lan/', 'http://1.0.0.127.in-addr.arpa/', 'http://abc.onion/',
  ])('refuses non-public host %s', (input) => {
    expect(code(input)).toBe('E_URL_PRIVATE_HOST');
  });

  it.each(['https://example.com/', 'https://test.com/', 'https://local.com/', 'https://my.localhost.com/', 'https://internal.example.org/', 'https://a.b.co.uk/'])(
    'accepts public host %s',
    (input) => {
      expect(code(input)).toBe('ok');
    },
  );

  it('allows private hosts and IP literals when the policy says so', () => {
    expect(code('http://blog.test/', { policy: { privateHosts: ['blog.test'] } })).toBe('ok');
    expect(code('http://a.blog.test/', { policy: { privateHosts: ['*.blog.test'] } })).toBe('ok');
    expect(code('http://blog.test/', { policy: { privateHosts: ['*.blog.test'] } })).toBe('E_URL_PRIVATE_HOST'); // glob = subdomains only
    expect(code('http://notblog.test/', { policy: { privateHosts: ['*.blog.test'] } })).toBe('E_URL_PRIVATE_HOST');
    expect(code('http://BLOG.TEST./', { policy: { privateHosts: ['Blog.Test'] } })).toBe('ok');
    expect(code('http://other.test/', { policy: { privateHosts: ['blog.test'] } })).toBe('E_URL_PRIVATE_HOST');
    expect(code('http://127.0.0.1:8080/', { policy: { privateHosts: ['*.test'] } })).toBe('E_URL_IP_LITERAL');
    expect(code('http://127.0.0.1:8080/', { policy: { privateHosts: ['127.0.0.1'] } })).toBe('ok');
    expect(code('http://[::1]/', { policy: { privateHosts: ['::1'] } })).toBe('ok');
    expect(code('http://localhost:3000/', { policy: { allowPrivate: true } })).toBe('ok');
    expect(ok(normalizeUrl('http://2130706433:81/x', { policy: { allowPrivate: true } }))).toBe('http://127.0.0.1:81/x');
  });

  it('still refuses credentials and schemes under a permissive policy', () => {
    expect(code('http://u:p@blog.test/', { policy: { allowPrivate: true } })).toBe('E_URL_CREDENTIALS');
    expect(code('ftp://blog.test/', { policy: { allowPrivate: true } })).toBe('E_URL_SCHEME');
  });

  it('caps the length at 8192 characters', () => {
    const prefix = 'https://example.com/?q=';
    expect(ok(normalizeUrl(prefix + 'a'.repeat(MAX_URL_LENGTH - prefix.length)))).toHaveLength(8192);
    expect(code(prefix + 'a'.repeat(MAX_URL_LENGTH - prefix.length + 1))).toBe('E_URL_TOO_LONG');
    expect(code('https://example.com/' + 'a'.repeat(200_000))).toBe('E_URL_TOO_LONG');
    // measured after cleanup: a long tracking parameter does not count
    expect(code(`https://example.com/p?utm_content=${'x'.repeat(9000)}`)).toBe('ok');
    // measured after encoding: 3000 'é' become 18000 characters
    expect(code(`https://example.com/${'é'.repeat(3000)}`)).toBe('E_URL_TOO_LONG');
  });

  it('is idempotent', () => {
    for (const input of [
      'HTTP://WWW.Example.COM.:80/a/./b/../c//d/?utm_source=x&b=2&a=1&a=0#f',
      'https://münchen.de/%7e/a%2fb?z=%7e&flag',
      'https://example.com/a b/?q=a b',
    ]) {
      const once = norm(input);
      expect(norm(once)).toBe(once);
    }
  });

  it('returns a readable message with every failure', () => {
    const result = normalizeUrl('http://localhost/');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toMatch(/localhost/);
  });
});
