import { describe, expect, it } from 'vitest';
import { processPage } from '../../crawler/process/process-page.ts';
import { fixture } from '../extract/helpers.ts';

// A site's home or contact page reached through a sitemap holds no article: that is a verdict on
// its content (a rejection), not a failure to process it (issue 17, class 7).

const options = { minWords: 300, maskProfanity: false };

describe('pages without an article', () => {
  it('rejects a home page made of links as no_article', () => {
    const outcome = processPage(fixture('home-page.html'), 'https://organworkshop.example/', options);
    expect(outcome).toMatchObject({ type: 'rejected', reason: 'no_article' });
  });

  it('still fails a page that is over an extraction limit', () => {
    const deep = `<html><body>${'<div>'.repeat(3000)}deep${'</div>'.repeat(3000)}</body></html>`;
    expect(processPage(deep, 'https://organworkshop.example/deep', { ...options, extract: { maxDepth: 100 } })).toMatchObject({ type: 'failed', failure: { code: 'E_EXTRACT_EMPTY' } });
  });
});
