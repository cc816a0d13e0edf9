import { describe, expect, it } from 'vitest';
import { contentHash, normalizeForHash } from '../../crawler/dedup/index.ts';

describe('normalizeForHash', () => {
  it('ignores case, punctuation, whitespace, compatibility forms and invisible characters', () => {
    const a = 'The “Quick” brown fox — jumps!\n\nOver the   lazy dog…';
    const b = 'the "quick" BROWN fox - jumps over the lazy dog';
    expect(normalizeForHash(a)).toBe('the quick brown fox jumps over the lazy dog');
    expect(normalizeForHash(b)).toBe(normalizeForHash(a));
    expect(normalizeForHash('ﬁne co\u00ADoper\u200Bate')).toBe('fine cooperate');
  });

  it('keeps letters of every script and splits scripts written without spaces into characters', () => {
    expect(normalizeForHash('Café Ελλάδα Москва')).toBe('café ελλάδα москва');
    expect(normalizeForHash('東京タワーは高い。')).toBe('東 京 タ ワ ー は 高 い');
  });
});

describe('contentHash', () => {
  it('is the hex SHA-256 of the normalized text', () => {
    expect(contentHash('Hello, World!')).toMatch(/^[0-9a-f]{64}$/);
    // sha256("hello world")
    expect(contentHash('Hello, World!')).toBe('b94d27b9934d3e08a52e52d7da7dabfac484efe37a5380ee9088f7ace2efcde9');
  });

  it('is equal for typographic variants and different for different words', () => {
    expect(contentHash('A  cat sat.')).toBe(contentHash('a cat sat'));
    expect(contentHash('a cat sat')).not.toBe(contentHash('a dog sat'));
  });
});
