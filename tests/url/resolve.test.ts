import { describe, expect, it } from 'vitest';
import { resolveUrl, resolveWebUrl } from '../../crawler/url/index.ts';

describe('resolveUrl', () => {
  it('resolves a relative URL against the base, trimmed', () => {
    expect(resolveUrl('  ../b/c?x=1 ', 'https://example.org/a/d/page.html')).toBe('https://example.org/a/b/c?x=1');
  });

  it('is null for a missing, blank or unparseable value', () => {
    expect(resolveUrl(null, 'https://example.org/')).toBeNull();
    expect(resolveUrl('   ', 'https://example.org/')).toBeNull();
    expect(resolveUrl('http://[::1', 'https://example.org/')).toBeNull();
  });

  it('keeps any scheme; resolveWebUrl keeps only http and https, judged after parsing', () => {
    expect(resolveUrl('mailto:a@example.org', 'https://example.org/')).toBe('mailto:a@example.org');
    expect(resolveWebUrl('mailto:a@example.org', 'https://example.org/')).toBeNull();
    expect(resolveWebUrl('java\tscript:alert(1)', 'https://example.org/')).toBeNull();
    expect(resolveWebUrl('//cdn.example.org/i.png', 'https://example.org/')).toBe('https://cdn.example.org/i.png');
  });
});
