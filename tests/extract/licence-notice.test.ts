import { describe, expect, it } from 'vitest';
import { extractPage } from '../../crawler/extract/index.ts';
import { fixture } from './helpers.ts';

// Small print closing a post (issue 17): a Creative Commons licence and trademark notice.

describe('licence and trademark notices', () => {
  const text = extractPage(fixture('licence-notice.html'), 'https://nightwings.example/2024/10/valley-moths').text;

  it('drops the notice at the end of the body', () => {
    expect(text).not.toContain('Attribution-NonCommercial');
    expect(text).not.toContain('registered trademark');
  });

  it('keeps every paragraph, including one that says what licence the post is under', () => {
    expect(text.split('\n\n')).toHaveLength(4);
    expect(text).toContain('The guide is licensed under a Creative Commons licence, so schools can print it.');
    expect(text.endsWith('the lime hawk-moth at last.')).toBe(true);
  });
});
