import { isUtf8 } from 'node:buffer';
import { articleHtml } from '../article.ts';
import { pngBomb } from '../bodies.ts';
import { at, host } from '../hosts.ts';
import { html, HTML, send } from '../http.ts';
import type { HostileRoute, Probe } from '../types.ts';

// Answers that lie: an error page served as 200, HTML under the wrong type or none, documents
// that are not articles, and text whose bytes do not match its declared charset.

const S = 'status';
const T = 'types';
const C = 'charset';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0, 0, 0, 1, 0, 8, 2, 0, 0, 0]);

const softNotFound = `<!doctype html><html><head><title>404 Not Found</title></head><body><main>
<h1>Page not found</h1>
<p>Sorry, the page you are looking for could not be found. It may have been moved, renamed or deleted, or the address may have been typed incorrectly.
Please check the address and try again, return to the home page, or use the search box to find what you were looking for on this site today.</p>
</main></body></html>`;

const challenge = `<!doctype html><html><head><title>Just a moment...</title></head><body><main>
<h1>Checking your browser before accessing the site</h1>
<p>This process is automatic. Your browser will redirect to your requested content shortly. Please enable JavaScript and cookies to continue.
Please complete the security check to access this website. Verify you are human by completing the action below. Why do I have to complete a CAPTCHA?
Completing the CAPTCHA proves you are a human and gives you temporary access to the web property.</p>
</main></body></html>`;

/** The published file is valid UTF-8 and holds no control character but tab and newline. */
function cleanFile(url: string) {
  return (probe: Probe): string[] => {
    const article = probe.article(url);
    if (!article?.file) return ['no Markdown file was written'];
    const bytes = Buffer.from(article.fileText ?? '', 'utf8');
    const problems: string[] = [];
    if (!isUtf8(bytes)) problems.push('the Markdown file is not valid UTF-8');
    const control = /[\u0000-\u0008\u000b-\u001f\u007f]/.exec(article.fileText ?? '');
    if (control) problems.push(`the Markdown file holds the control character U+${control[0].charCodeAt(0).toString(16).padStart(4, '0')}`);
    return problems;
  };
}

function markdownIncludes(url: string, text: string) {
  return (probe: Probe): string[] => (probe.article(url)?.markdown?.includes(text) ? [] : [`the article text lacks "${text}"`]);
}

const latin1Bytes = (s: string) => Buffer.from(s, 'latin1');

/** An article whose every paragraph carries the given raw bytes in the middle. */
function withBytes(seed: number, insert: Buffer, charsetMeta = 'utf-8'): Buffer {
  const page = articleHtml({ seed, between: Array.from({ length: 20 }, () => '<p>MARK</p>') }).replace('<meta charset="utf-8">', `<meta charset="${charsetMeta}">`);
  const parts = page.split('MARK');
  return Buffer.concat(parts.flatMap((p, i) => (i === 0 ? [Buffer.from(p)] : [insert, Buffer.from(p)])));
}

export const responseRoutes: HostileRoute[] = [
  {
    id: 'rate-limited',
    attack: '429 with Retry-After: 3600',
    kind: 'page',
    url: at(S, '/rate-limited'),
    resources: [{ host: host(S), path: '/rate-limited', http: send(429, { 'retry-after': '3600', 'content-type': 'text/plain' }, 'slow down\n') }],
    expect: { outcome: 'failed', code: 'E_FETCH_HTTP', detail: /429/, transient: true },
    verify: (probe) => {
      const row = probe.urlRow(at(S, '/rate-limited'));
      if (!row?.next_retry_at) return ['no retry time was set'];
      const wait = Date.parse(row.next_retry_at) - Date.parse(row.updated_at);
      return wait < 3600_000 - 5000 ? [`retried after ${Math.round(wait / 1000)} s, sooner than the server's Retry-After`] : [];
    },
  },
  {
    id: 'unavailable',
    attack: '503 with Retry-After as an HTTP date two hours ahead',
    kind: 'page',
    url: at(S, '/unavailable'),
    resources: [
      {
        host: host(S),
        path: '/unavailable',
        http: (_req, res) => {
          res.writeHead(503, { 'retry-after': new Date(Date.now() + 2 * 3600_000).toUTCString(), 'content-type': 'text/plain' });
          res.end('maintenance\n');
        },
      },
    ],
    expect: { outcome: 'failed', code: 'E_FETCH_HTTP', detail: /503/, transient: true },
    verify: (probe) => {
      const row = probe.urlRow(at(S, '/unavailable'));
      if (!row?.next_retry_at) return ['no retry time was set'];
      const wait = Date.parse(row.next_retry_at) - Date.parse(row.updated_at);
      return wait < 2 * 3600_000 - 60_000 ? [`retried after ${Math.round(wait / 1000)} s, sooner than the server's Retry-After`] : [];
    },
  },
  {
    id: 'auth-challenge',
    attack: '401 asking for Basic credentials',
    kind: 'page',
    url: at(S, '/members'),
    resources: [{ host: host(S), path: '/members', http: send(401, { 'www-authenticate': 'Basic realm="members"', 'content-type': 'text/plain' }, 'who are you?\n') }],
    expect: { outcome: 'failed', code: 'E_FETCH_HTTP', detail: /401/ },
    verify: (probe) => probe.requests.filter((r) => r.headers.authorization || r.headers.cookie || r.headers['proxy-authorization']).map((r) => `${r.host}${r.path} was sent credentials or cookies`),
  },
  {
    id: 'soft-404',
    attack: 'a "Page not found" page answered with 200',
    kind: 'page',
    url: at(S, '/gone-but-200'),
    resources: [{ host: host(S), path: '/gone-but-200', http: html(softNotFound) }],
    expect: { outcome: 'rejected', reason: 'noise_title' },
  },
  {
    id: 'challenge-200',
    attack: 'a bot-check interstitial answered with 200',
    kind: 'page',
    url: at(S, '/challenge'),
    resources: [{ host: host(S), path: '/challenge', http: html(challenge) }],
    expect: { outcome: 'rejected', reason: 'noise_body' },
  },
  {
    id: 'html-as-text-plain',
    attack: 'an article served as text/plain',
    kind: 'page',
    url: at(T, '/as-text'),
    resources: [{ host: host(T), path: '/as-text', http: send(200, { 'content-type': 'text/plain; charset=utf-8' }, articleHtml({ seed: 201 })) }],
    expect: { outcome: 'rejected', reason: 'not_html' },
  },
  {
    id: 'html-as-octet-stream',
    attack: 'an article served as application/octet-stream',
    kind: 'page',
    url: at(T, '/as-binary'),
    resources: [{ host: host(T), path: '/as-binary', http: send(200, { 'content-type': 'application/octet-stream' }, articleHtml({ seed: 202 })) }],
    expect: { outcome: 'rejected', reason: 'not_html' },
  },
  {
    id: 'untyped-article',
    attack: 'a fine article with no Content-Type at all',
    kind: 'page',
    url: at(T, '/untyped-article'),
    resources: [{ host: host(T), path: '/untyped-article', http: send(200, {}, articleHtml({ seed: 203 })) }],
    expect: { outcome: 'published' },
  },
  {
    id: 'untyped-binary',
    attack: 'binary bytes with no Content-Type',
    kind: 'page',
    url: at(T, '/untyped-binary'),
    resources: [{ host: host(T), path: '/untyped-binary', http: send(200, {}, Buffer.concat([PNG_HEAD, Buffer.alloc(4000, 7)])) }],
    expect: { outcome: 'rejected', reason: 'not_html' },
  },
  {
    id: 'pdf-as-article',
    attack: 'a feed item that is a PDF',
    kind: 'page',
    url: at(T, '/annual-report'),
    resources: [{ host: host(T), path: '/annual-report', http: send(200, { 'content-type': 'application/pdf' }, PDF) }],
    expect: { outcome: 'rejected', reason: 'not_html' },
  },
  {
    id: 'image-as-article',
    attack: 'a feed item that is an image (a 400-megapixel PNG)',
    kind: 'page',
    url: at(T, '/photo'),
    resources: [{ host: host(T), path: '/photo', http: send(200, { 'content-type': 'image/png' }, pngBomb) }],
    prepare: () => void pngBomb(),
    expect: { outcome: 'rejected', reason: 'not_html' },
  },
  {
    id: 'png-labelled-html',
    attack: 'PNG bytes served as text/html',
    kind: 'page',
    url: at(T, '/fake-html'),
    resources: [{ host: host(T), path: '/fake-html', http: send(200, { 'content-type': HTML }, Buffer.concat([PNG_HEAD, Buffer.alloc(20_000, 0x41)])) }],
    expect: { outcome: 'rejected', reason: 'noise_title' },
  },
  {
    id: 'invalid-utf8',
    attack: 'UTF-8 page with invalid byte sequences in every paragraph',
    kind: 'page',
    url: at(C, '/broken-bytes'),
    resources: [{ host: host(C), path: '/broken-bytes', http: html(withBytes(204, Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xe2, 0x82, 0x20, 0xf0, 0x9f, 0x98]))) }],
    expect: { outcome: 'published' },
    verify: cleanFile(at(C, '/broken-bytes')),
  },
  {
    id: 'lying-charset-latin1',
    attack: 'declares ISO-8859-1, sends UTF-8',
    kind: 'page',
    url: at(C, '/declared-latin1'),
    resources: [
      {
        host: host(C),
        path: '/declared-latin1',
        http: send(200, { 'content-type': 'text/html; charset=iso-8859-1' }, withBytes(205, Buffer.from('<p>The café served a naïve crème brûlée in the façade of the old harbor.</p>', 'utf8'), 'iso-8859-1')),
      },
    ],
    expect: { outcome: 'published' },
    verify: (probe) => [...cleanFile(at(C, '/declared-latin1'))(probe), ...markdownIncludes(at(C, '/declared-latin1'), 'crème brûlée')(probe)],
  },
  {
    id: 'lying-charset-utf8',
    attack: 'declares UTF-8, sends windows-1252',
    kind: 'page',
    url: at(C, '/declared-utf8'),
    resources: [{ host: host(C), path: '/declared-utf8', http: html(withBytes(206, latin1Bytes('<p>The caf\u00e9 served a na\u00efve cr\u00e8me br\u00fbl\u00e9e by the harbor.</p>'))) }],
    expect: { outcome: 'published' },
    verify: cleanFile(at(C, '/declared-utf8')),
  },
  {
    id: 'control-characters',
    attack: 'NUL, escape and bidi-override characters in the title and the text',
    kind: 'page',
    url: at(C, '/controls'),
    resources: [
      {
        host: host(C),
        path: '/controls',
        http: html(
          articleHtml({
            seed: 207,
            title: `Control\u0000 characters\u001b[31m in the \u202eharbor\u202c report\u0007`,
            between: Array.from({ length: 10 }, () => '<p>Bell\u0007 null\u0000 escape\u001b[2J form\u000c feed \u0008 backspace in the harbor text.</p>'),
          }),
        ),
      },
    ],
    expect: { outcome: 'published' },
    verify: cleanFile(at(C, '/controls')),
  },
];
