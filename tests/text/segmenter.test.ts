import { describe, expect, it } from 'vitest';
import { segmenterLanguage } from '../../crawler/text/index.ts';

describe('segmenterLanguage', () => {
  it('keeps a language ICU segments and falls back to English for one it does not know', () => {
    expect(segmenterLanguage('ja')).toBe('ja');
    expect(segmenterLanguage('id')).toBe('id');
    expect(segmenterLanguage('zz')).toBe('en');
    expect(segmenterLanguage('zz')).toBe('en');
  });
});
