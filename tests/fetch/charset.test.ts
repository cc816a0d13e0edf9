import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chooseCharset, decodeText } from '../../crawler/fetch/index.ts';
import { startServer, type TestServer } from './fixtures/server.ts';

const cp1252 = (s: string) =>
  Buffer.from(
    [...s].map((ch) => {
      const special: Record<string, number> = { '“': 0x93, '”': 0x94, '€': 0x80, '—': 0x97, '’': 0x92 };
      return special[ch] ?? ch.charCodeAt(0);
    }),
  );
const cp1251Privet = Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]); // "Привет" in windows-1251
const sjisNihongo = Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]); // "日本語" in Shift_JIS
const page = (head: string, body: Buffer | string) => Buffer.concat([Buffer.from(`<!doctype html><html><head>${head}</head><body>`), Buffer.from(body), Buffer.from('</body></html>')]);
const HTML = { headerCharset: null, html: true, xml: false };

describe('charset choice (pure)', () => {
  it('takes the Content-Type charset; ISO-8859-1 means windows-1252, as in browsers', () => {
    const bytes = page('<meta charset="utf-8">', cp1252('“quoted” 5€ — it’s'));
    const decoded = decodeText(bytes, { ...HTML, headerCharset: 'ISO-8859-1' });
    expect(decoded.charset).toBe('windows-1252');
    expect(decoded.text).toContain('“quoted” 5€ — it’s');
  });

  it('sees through a header that claims ISO-8859-1 for UTF-8 bytes', () => {
    const bytes = page('<meta charset="windows-1251">', 'café — naïve');
    const decoded = decodeText(bytes, { ...HTML, headerCharset: 'iso-8859-1' });
    expect(decoded).toMatchObject({ charset: 'utf-8', source: 'utf8-detected' });
    expect(decoded.text).toContain('café — naïve');
  });

  it('uses <meta charset> when the header has none', () => {
    const decoded = decodeText(page('<meta charset="windows-1251">', cp1251Privet), HTML);
    expect(decoded).toMatchObject({ charset: 'windows-1251', source: 'meta' });
    expect(decoded.text).toContain('Привет');
  });

  it('uses http-equiv Content-Type', () => {
    const decoded = decodeText(page('<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">', sjisNihongo), HTML);
    expect(decoded.charset).toBe('shift_jis');
    expect(decoded.text).toContain('日本語');
  });

  it('lets a byte order mark win over the header', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), page('', 'zoë')]);
    const decoded = decodeText(bytes, { ...HTML, headerCharset: 'windows-1252' });
    expect(decoded).toMatchObject({ charset: 'utf-8', source: 'bom' });
    expect(decoded.text.startsWith('<!doctype')).toBe(true); // BOM removed
    expect(decoded.text).toContain('zoë');
  });

  it('decodes UTF-16 with a BOM', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<p>ünïcode</p>', 'utf16le')]);
    expect(decodeText(le, HTML)).toMatchObject({ charset: 'utf-16le', text: '<p>ünïcode</p>' });
    const be = Buffer.from(le);
    be.swap16();
    expect(decodeText(be, HTML)).toMatchObject({ charset: 'utf-16be', text: '<p>ünïcode</p>' });
  });

  it('falls back to UTF-8 for labels TextDecoder does not know', () => {
    const decoded = decodeText(page('<meta charset="x-klingon">', 'ok é'), { ...HTML, headerCharset: 'x-made-up' });
    expect(decoded).toMatchObject({ charset: 'utf-8', source: 'default' });
    expect(decoded.text).toContain('ok é');
  });

  it('turns invalid bytes into U+FFFD instead of failing', () => {
    const decoded = decodeText(page('<meta charset="utf-8">', Buffer.from([0x66, 0xff, 0xfe, 0x80, 0x67])), HTML);
    expect(decoded.charset).toBe('utf-8');
    expect(decoded.text).toContain('f\uFFFD\uFFFD\uFFFDg');
  });

  it('ignores a meta that claims UTF-16 inside ASCII bytes', () => {
    expect(chooseCharset(page('<meta charset="utf-16">', 'x'), HTML).charset).toBe('utf-8');
  });

  it('reads the XML declaration for feeds', () => {
    const feed = Buffer.concat([Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><rss><title>'), cp1252('Ça “va”'), Buffer.from('</title></rss>')]);
    const decoded = decodeText(feed, { headerCharset: null, html: false, xml: true });
    expect(decoded).toMatchObject({ charset: 'windows-1252', source: 'xml' });
    expect(decoded.text).toContain('Ça “va”');
  });

  it('defaults to UTF-8', () => {
    expect(decodeText(Buffer.from('plain ascii'), HTML)).toMatchObject({ charset: 'utf-8', source: 'default', text: 'plain ascii' });
  });
});

describe('charset over HTTP', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startServer();
  });
  afterEach(() => server.close());

  it('decodes a page whose header, meta and bytes disagree', async () => {
    server.route('a.test/lying', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=ISO-8859-1' });
      res.end(page('<meta charset="koi8-r">', cp1252('“smart quotes” cost 3€')));
    });
    const outcome = await server.fetcher(['a.test']).fetch({ url: 'http://a.test/lying', kind: 'page' });
    if (outcome.type !== 'ok') throw new Error(outcome.type);
    expect(outcome.charset).toBe('windows-1252');
    expect(outcome.contentType).toBe('text/html');
    expect(outcome.text).toContain('“smart quotes” cost 3€');
  });

  it('decodes a BOM page served with a wrong header', async () => {
    server.route('a.test/bom', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=windows-1251' });
      res.end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), page('', 'Grüße')]));
    });
    const outcome = await server.fetcher(['a.test']).fetch({ url: 'http://a.test/bom', kind: 'page' });
    if (outcome.type !== 'ok') throw new Error(outcome.type);
    expect(outcome.charset).toBe('utf-8');
    expect(outcome.text).toContain('Grüße');
  });
});
