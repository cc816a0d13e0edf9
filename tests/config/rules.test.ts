import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { GleanerError } from '../../crawler/errors.ts';

// Block/keep rules and extraction rules in site.config.ts: their forms, and errors that name the field and show a fix.

const base = { site: { title: 'T', url: 'https://t.example' }, topics: [{ slug: 'a', name: 'A', sources: ['https://a.example/feed.xml'] }] };

function problems(patch: Record<string, unknown>): Array<{ field: string; problem: string; example: string | null }> {
  try {
    parseConfig({ ...base, ...patch });
  } catch (error) {
    if (error instanceof GleanerError) return error.problems;
    throw error;
  }
  throw new Error('the config was accepted');
}

describe('rules in the config', () => {
  it('accepts the object and compact forms and fills in case-insensitivity', () => {
    const config = parseConfig({
      ...base,
      rules: { block: ['title:Sponsored', 'url~/video/\\d+', { field: 'author', contains: 'Bot', caseSensitive: true }, { field: 'url', pattern: '/amp/', flags: '' }] },
    });
    expect(config.rules.block).toEqual([
      { field: 'title', kind: 'contains', value: 'Sponsored', flags: 'i' },
      { field: 'url', kind: 'pattern', value: '/video/\\d+', flags: 'i' },
      { field: 'author', kind: 'contains', value: 'Bot', flags: '' },
      { field: 'url', kind: 'pattern', value: '/amp/', flags: '' },
    ]);
    expect(config.rules.keep).toBeUndefined();
    expect(parseConfig(base).rules).toEqual({ block: [] });
    expect(parseConfig(base).extraction).toEqual({});
  });

  it('accepts rules per topic and per source (object form)', () => {
    const config = parseConfig({ ...base, topics: [{ ...base.topics[0], keywords: ['mars'], rules: { keep: ['text:mars'] }, sources: [{ kind: 'sitemap', url: 'https://a.example/s.xml', rules: { block: ['title:ad'] } }, { kind: 'search', rules: { keep: [] } }] }], search: { searxngUrl: 'https://searx.example' } });
    expect(config.topics[0]!.rules!.keep).toHaveLength(1);
    expect(config.topics[0]!.sources[0]).toMatchObject({ rules: { block: [{ field: 'title', value: 'ad' }] } });
  });

  it('an invalid regular expression names the field, says why and gives an example', () => {
    const [p] = problems({ topics: [{ ...base.topics[0], rules: { block: [{ field: 'title', pattern: 'free (stuff' }] } }] });
    expect(p!.field).toBe('topics.0.rules.block.0.pattern');
    expect(p!.problem).toMatch(/is not a valid regular expression: .*Unterminated group/);
    expect(p!.example).toContain("pattern: '/video/");
    const [compact] = problems({ rules: { block: ['text~a[b'] } });
    expect(compact!.field).toBe('rules.block.0');
    expect(compact!.problem).toMatch(/is not a valid regular expression/);
  });

  it('refuses unknown fields, both or neither of contains and pattern, stateful flags, flags on contains', () => {
    const found = problems({
      rules: { block: ['body:x', { field: 'body', contains: 'x' }, { field: 'title' }, { field: 'title', contains: 'a', pattern: 'b' }, { field: 'url', pattern: 'x', flags: 'g' }, { field: 'url', contains: 'x', flags: 'i' }, 42] },
    });
    const by = Object.fromEntries(found.map((p) => [p.field, p.problem]));
    expect(by['rules.block.0']).toMatch(/is not a rule: write "<field>:<text>"/);
    expect(by['rules.block.1.field']).toBe('must be one of "title", "url", "author", "text"');
    expect(by['rules.block.2']).toMatch(/needs exactly one of contains .* or pattern/);
    expect(by['rules.block.3']).toMatch(/needs exactly one of/);
    expect(by['rules.block.4.flags']).toMatch(/i, m, s, u/);
    expect(by['rules.block.5.flags']).toMatch(/caseSensitive/);
    expect(by['rules.block.6']).toMatch(/is not a valid rule/);
    expect(found.every((p) => p.example)).toBe(true);
  });

  it('checks a source rule inside the source union', () => {
    const [p] = problems({ topics: [{ ...base.topics[0], sources: [{ kind: 'feed', url: 'https://a.example/f', rules: { block: [{ field: 'url', pattern: '(' }] } }] }] });
    expect(p!.field).toBe('topics.0.sources.0.rules.block.0.pattern');
  });
});

describe('extraction rules in the config', () => {
  it('accepts host → select and remove', () => {
    const config = parseConfig({ ...base, extraction: { 'example.com': { select: 'article .post-body', remove: ['.newsletter', 'aside'] }, 'blog.example.org': { remove: ['.share'] } } });
    expect(config.extraction['example.com']).toEqual({ select: 'article .post-body', remove: ['.newsletter', 'aside'] });
    expect(config.extraction['blog.example.org']).toEqual({ remove: ['.share'] });
  });

  it('an invalid CSS selector or host names the field and gives an example', () => {
    const found = problems({ extraction: { 'example.com': { select: 'div[', remove: ['aside', 'p:nope', ' '] }, 'https://x.example/': { remove: [] } } });
    const by = Object.fromEntries(found.map((p) => [p.field, p]));
    expect(by['extraction.example.com.select']!.problem).toMatch(/^is not a valid CSS selector/);
    expect(by['extraction.example.com.select']!.example).toBe(`{ select: 'article .post-body', remove: ['.newsletter', 'aside'] }`);
    expect(by['extraction.example.com.remove.1']!.problem).toMatch(/^is not a valid CSS selector \(Unknown pseudo-class/);
    expect(by['extraction.example.com.remove.2']!.problem).toBe('must not be empty');
    expect(by['extraction.https://x.example/']!.problem).toMatch(/must be a host name/);
    expect(found.find((p) => p.field === 'extraction.example.com.remove.0')).toBeUndefined();
  });
});
