import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../crawler/config/index.ts';
import { evaluateRules, extractionRuleFor, ruleMatches, rulesFor, type Rule } from '../../crawler/rules/index.ts';

// The pure side of block and keep rules: matching, the verdict of a rule set, which rules apply.

const contains = (field: Rule['field'], value: string, flags = 'i'): Rule => ({ field, kind: 'contains', value, flags });
const pattern = (field: Rule['field'], value: string, flags = 'i'): Rule => ({ field, kind: 'pattern', value, flags });

describe('ruleMatches', () => {
  it('matches a substring case-insensitively by default, or with the case when asked', () => {
    expect(ruleMatches(contains('title', 'sponsored'), { title: 'A SPONSORED post' })).toBe(true);
    expect(ruleMatches(contains('title', 'Sponsored', ''), { title: 'A sponsored post' })).toBe(false);
    expect(ruleMatches(contains('title', 'Sponsored', ''), { title: 'A Sponsored post' })).toBe(true);
  });

  it('matches a regular expression with its flags (case-insensitive by default)', () => {
    expect(ruleMatches(pattern('url', '/video/\\d+'), { url: ['https://x.example/VIDEO/12'] })).toBe(true);
    expect(ruleMatches(pattern('url', '/video/\\d+', ''), { url: ['https://x.example/VIDEO/12'] })).toBe(false);
    expect(ruleMatches(pattern('text', '^breaking'), { text: 'Not breaking news' })).toBe(false);
    // A substring rule is literal: its "." is a dot, not any character.
    expect(ruleMatches(contains('title', 'v1.0'), { title: 'v1x0 released' })).toBe(false);
    expect(ruleMatches(pattern('title', 'v1.0'), { title: 'v1x0 released' })).toBe(true);
  });

  it('matches a URL rule on any of the page addresses, and is unknown for a field not known yet', () => {
    expect(ruleMatches(contains('url', '/amp/'), { url: ['https://x.example/a', 'https://x.example/amp/a'] })).toBe(true);
    expect(ruleMatches(contains('author', 'bot'), { url: ['https://x.example/a'] })).toBeNull();
    expect(ruleMatches(contains('author', 'bot'), { author: '' })).toBe(false);
  });
});

describe('evaluateRules', () => {
  const set = (block: Rule[], keep: Rule[] = []) => ({ block: block.map((rule, i) => ({ label: `rules.block[${i}]`, rule })), keep: keep.map((rule, i) => ({ label: `rules.keep[${i}]`, rule })) });
  const page = { url: ['https://x.example/post'], title: 'Rust 2.0 is out', author: 'Ann', text: 'A long text about rust.' };

  it('names the block rule that matched', () => {
    const result = evaluateRules(set([contains('title', 'python'), contains('title', 'RUST')]), page);
    expect(result.verdict).toBe('blocked');
    expect(result.detail).toBe('blocked by rule rules.block[1] (title contains "RUST")');
  });

  it('keep rules are an allow-list, and block wins over keep', () => {
    expect(evaluateRules(set([], [contains('text', 'rust')]), page).verdict).toBe('pass');
    const notKept = evaluateRules(set([], [contains('text', 'golang'), pattern('title', '^python')]), page);
    expect(notKept.verdict).toBe('not_kept');
    expect(notKept.detail).toBe('matches none of the keep rules (rules.keep[0]: text contains "golang"; rules.keep[1]: title matches /^python/i)');
    expect(evaluateRules(set([contains('author', 'ann')], [contains('text', 'rust')]), page).verdict).toBe('blocked');
  });

  it('decides before fetching only what the URL decides', () => {
    const before = { url: ['https://x.example/video/1'] };
    expect(evaluateRules(set([contains('url', '/video/')]), before).verdict).toBe('blocked');
    expect(evaluateRules(set([contains('title', 'x')]), before).verdict).toBe('undecided');
    expect(evaluateRules(set([], [contains('url', '/blog/')]), before).verdict).toBe('not_kept');
    // A title keep rule could still keep it: wait for the page.
    expect(evaluateRules(set([], [contains('url', '/blog/'), contains('title', 'x')]), before).verdict).toBe('undecided');
    expect(evaluateRules(set([]), before).verdict).toBe('pass');
  });
});

describe('rulesFor', () => {
  const config = parseConfig({
    site: { title: 'T', url: 'https://t.example' },
    rules: { block: ['title:sponsored'], keep: ['text:space'] },
    topics: [
      {
        slug: 'a',
        name: 'A',
        rules: { block: [{ field: 'url', pattern: '/video/' }], keep: ['title:mars'] },
        sources: ['https://a.example/feed.xml', { kind: 'feed', url: 'https://b.example/feed.xml', rules: { block: ['author:bot'], keep: [] } }, { kind: 'sitemap', url: 'https://c.example/sitemap.xml', rules: { block: ['text:casino'] } }],
      },
      { slug: 'b', name: 'B', sources: ['https://d.example/feed.xml'] },
    ],
  });
  const labels = (s: ReturnType<typeof rulesFor>) => ({ block: s.block.map((r) => r.label), keep: s.keep.map((r) => r.label) });

  it('adds up block rules from the site, the topic and the source', () => {
    expect(labels(rulesFor(config, { topic: 0, source: 2 }))).toEqual({ block: ['rules.block[0]', 'topics[0].rules.block[0]', 'topics[0].sources[2].rules.block[0]'], keep: ['topics[0].rules.keep[0]'] });
  });

  it('takes keep rules from the nearest level that sets them: source, else topic, else site', () => {
    expect(labels(rulesFor(config, { topic: 0, source: 0 })).keep).toEqual(['topics[0].rules.keep[0]']);
    expect(labels(rulesFor(config, { topic: 0, source: 1 })).keep).toEqual([]); // keep: [] lifts the topic's allow-list
    expect(labels(rulesFor(config, { topic: 1, source: 0 }))).toEqual({ block: ['rules.block[0]'], keep: ['rules.keep[0]'] });
    expect(labels(rulesFor(config))).toEqual({ block: ['rules.block[0]'], keep: ['rules.keep[0]'] });
  });
});

describe('extractionRuleFor', () => {
  const rules = { 'example.com': { select: 'article', remove: [] }, 'blog.example.com': { remove: ['aside'] } };

  it('finds the rule of the host or of its nearest parent', () => {
    expect(extractionRuleFor(rules, 'https://example.com/a')?.site).toBe('example.com');
    expect(extractionRuleFor(rules, 'https://www.example.com/a')?.site).toBe('example.com');
    expect(extractionRuleFor(rules, 'https://x.blog.example.com/a')).toEqual({ site: 'blog.example.com', remove: ['aside'] });
    expect(extractionRuleFor(rules, 'https://notexample.com/a')).toBeNull();
    expect(extractionRuleFor(rules, 'not a url')).toBeNull();
  });
});
