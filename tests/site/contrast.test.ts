import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// WCAG 2 contrast of the palette in site/styles/site.css, for both themes.

function luminance(hex: string): number {
  const n = hex.replace('#', '');
  const full = n.length === 3 ? [...n].map((c) => c + c).join('') : n;
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

function palette(block: string): Record<string, string> {
  return Object.fromEntries([...block.matchAll(/--([a-z]+):\s*(#[0-9a-f]{3,6})/gi)].map((m) => [m[1], m[2]]));
}

const css = readFileSync(new URL('../../site/styles/site.css', import.meta.url), 'utf8');
const light = palette(css.slice(css.indexOf(':root {'), css.indexOf('}', css.indexOf(':root {'))));
const darkStart = css.indexOf(":root[data-theme='dark'] {");
const dark = palette(css.slice(darkStart, css.indexOf('}', darkStart)));

describe('palette contrast', () => {
  for (const [name, colors] of [
    ['light', light],
    ['dark', dark],
  ] as const) {
    it(`${name}: text, muted text, links and focus ring reach 4.5:1 on the page and on surfaces`, () => {
      expect(Object.keys(colors).length).toBeGreaterThanOrEqual(9);
      for (const fg of ['fg', 'muted', 'link', 'visited']) {
        expect(contrast(colors[fg], colors.bg), `${fg} on bg`).toBeGreaterThanOrEqual(4.5);
        expect(contrast(colors[fg], colors.surface), `${fg} on surface`).toBeGreaterThanOrEqual(4.5);
      }
      expect(contrast(colors.fg, colors.mark), 'fg on mark').toBeGreaterThanOrEqual(4.5);
      expect(contrast(colors.focus, colors.bg), 'focus ring on bg').toBeGreaterThanOrEqual(3);
    });
  }

  it('uses the same dark palette for the system preference and the toggle', () => {
    const mediaStart = css.indexOf(":root:not([data-theme='light']) {");
    expect(palette(css.slice(mediaStart, css.indexOf('}', mediaStart)))).toEqual(dark);
  });
});
