import { describe, expect, it } from 'vitest';
import { looksLikeAppShell, SHELL_MAX_DEPTH } from '../../crawler/render/app-shell.ts';
import { processPage } from '../../crawler/process/process-page.ts';

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('looksLikeAppShell', () => {
  it('sees an empty React/Vue/Next mount point with a script as a shell', () => {
    for (const id of ['root', 'app', '__next']) {
      expect(looksLikeAppShell(`<html><head><title>App</title><script src="/main.js"></script></head><body><div id="${id}"></div></body></html>`)).toMatchObject({ shell: true });
    }
    expect(looksLikeAppShell('<body><app-root></app-root><script type="module" src="/a.js"></script></body>').shell).toBe(true);
  });

  it('sees a nearly textless page with many scripts as a shell', () => {
    const html = `<body><p>Loading…</p>${'<script src="/chunk.js"></script>'.repeat(4)}</body>`;
    expect(looksLikeAppShell(html)).toMatchObject({ shell: true, why: '1 words, 4 scripts' });
  });

  it('does not count script, style and noscript text as the page’s words', () => {
    const html = `<body><div id="root"></div><noscript>${words(200)}</noscript><script>var x = "${words(200)}";</script></body>`;
    expect(looksLikeAppShell(html).shell).toBe(true);
  });

  it('does not take a page with text of its own, a mount point already filled, or no scripts', () => {
    expect(looksLikeAppShell(`<body><div id="root"></div><p>${words(120)}</p><script src="/a.js"></script></body>`).shell).toBe(false);
    expect(looksLikeAppShell('<body><div id="root"><h1>Server-rendered</h1></div><script src="/a.js"></script></body>').shell).toBe(false);
    expect(looksLikeAppShell('<body><div id="root"></div></body>')).toMatchObject({ shell: false, why: 'no scripts' });
    expect(looksLikeAppShell('<body><p>Contact us</p><script src="/a.js"></script></body>').shell).toBe(false);
  });

  it('ignores scripts that are data, not code', () => {
    const html = `<body><div id="x"></div>${'<script type="application/ld+json">{}</script>'.repeat(5)}</body>`;
    expect(looksLikeAppShell(html)).toMatchObject({ shell: false, why: 'no scripts' });
  });

  it('gives up on markup nested deeper than SHELL_MAX_DEPTH, at once (the crawl waits for it)', () => {
    const deep = `<body>${'<div>'.repeat(100_000)}deep${'</div>'.repeat(100_000)}<script src="/a.js"></script></body>`;
    // The parser's work grows with the square of the depth: seconds here without the bound.
    expect(looksLikeAppShell(deep)).toEqual({ shell: false, why: `markup nested deeper than ${SHELL_MAX_DEPTH} levels` });
    // Text deep inside a mount point still fills it.
    const nested = `<body><div id="root">${'<div>'.repeat(50)}<p>${words(3)}</p>${'</div>'.repeat(50)}</div><script src="/a.js"></script></body>`;
    expect(looksLikeAppShell(nested)).toMatchObject({ shell: false, why: '3 words, 1 script(s), no empty mount point' });
  });
});

describe('processPage with checkAppShell', () => {
  const options = { minWords: 50, maskProfanity: false };
  const shell = '<html><head><title>App</title><script src="/main.js"></script></head><body><div id="root"></div></body></html>';

  it('says whether a page without an article is an application shell (in the worker, not the crawl loop)', () => {
    expect(processPage(shell, 'https://app.example/post', { ...options, checkAppShell: true })).toMatchObject({ shell: { shell: true, why: expect.stringContaining('empty #root') } });
    expect(processPage(shell, 'https://app.example/post', options)).not.toHaveProperty('shell');
  });
});

