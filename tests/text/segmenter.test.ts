import { describe, expect, it } from 'vitest';
import { segmenterLanguage } from '../../crawler/text/index.ts';

describe('segmenterLanguage', () => {
  it('keeps a language ICU segments and falls back to English for one it does not know, asked again or not', () => {
    const cases = [['ja', 'ja'], ['id', 'id'], ['zz', 'en'], ['zz', 'en']] as const;
    expect(cases.map(([lang]) => segmenterLanguage(lang))).toEqual(cases.map(([, want]) => want));
  });
});
