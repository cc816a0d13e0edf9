// Pages built to hurt an extractor: too big, too deep, and shapes just under the default limits
// that make parsing or Readability slow. Used by `npm run bench:extract -- --hostile`.

const PROSE = 'Some words of text here, a sentence long enough to count as prose for the page.';

export const HOSTILE_PAGES: Record<string, () => string> = {
  '50 MB single line': () => `<html><body><p>${'a'.repeat(50 * 1024 * 1024)}</p></body></html>`,
  'nested 100,000 deep': () => `<html><body>${'<div>'.repeat(100_000)}x${'</div>'.repeat(100_000)}</body></html>`,
  '1M stray "<"': () => `<html><body><p>${'< a '.repeat(1_000_000)}</p></body></html>`,
  '400k comments': () => `<html><body>${'<!-- c -->'.repeat(400_000)}<p>text</p></body></html>`,
  'flat <p>, 58k tokens': () => `<html><body>${'<p>word word word</p>'.repeat(29_000)}</body></html>`,
  'flat links, 58k tokens': () => `<html><body>${'<div><a href="#">link</a></div>'.repeat(14_500)}</body></html>`,
  'prose divs, 14k elements': () => `<html><body>${`<div><p>${PROSE}</p></div>`.repeat(7000)}</body></html>`,
  'div soup with links, 14k': () => `<html><body>${'<div><div>Some words of text <a href="#">and a link</a> and more text here to read.</div></div>'.repeat(4600)}</body></html>`,
  'stray "<", 58k': () => `<html><body><p>${'< a '.repeat(58_000)}</p></body></html>`,
  'nested 390 deep x 70': () => `<html><body>${`${'<div>'.repeat(390)}<p>text here</p>${'</div>'.repeat(390)}`.repeat(70)}</body></html>`,
  '4.9 MB word without spaces': () => `<html><body><article><p>${'x'.repeat(4_900_000)}</p></article></body></html>`,
  '2 MB class attribute': () => `<html><body><div class="${'share-'.repeat(300_000)}"><p>${'text '.repeat(200)}</p></div></body></html>`,
  '50k attributes': () => `<html><body><div ${Array.from({ length: 50_000 }, (_, i) => `a${i}="x"`).join(' ')}><p>${'text '.repeat(100)}</p></div></body></html>`,
  // trimEdges judges the box of each furniture line near the end against the blocks before it.
  'furniture box, 7k lines': () => `<html><body><article><div class="entry-content"><div>${Array.from({ length: 7000 }, (_, i) => (i % 2 ? '<p>Share via mail</p>' : `<p>Line ${i}</p>`)).join('')}</div><p>${PROSE}</p></div></article></body></html>`,
  'unclosed <script>': () => `<html><body><script>${'var a = "<div>";'.repeat(300_000)}`,
};
