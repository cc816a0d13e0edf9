import { describe, expect, it } from 'vitest';
import { processPage } from '../../crawler/process/process-page.ts';
import { inlineProcessor, workerProcessor } from '../../crawler/process/pool.ts';
import { articleHtml, prose } from '../../scripts/dev/bench/lib/crawl-pages.ts';

const options = { minWords: 300, maskProfanity: false };
const page = (seed: number, words = 450) => {
  const url = `http://pool.test/posts/${seed}/`;
  return { url, html: articleHtml({ url, siteName: 'Pool', author: 'Ann Lee', date: new Date(Date.UTC(2026, 2, 1)), prose: prose(seed, words) }) };
};

describe('page processing pool', () => {
  it('gives the same outcomes in worker threads as in the main thread', async () => {
    const pool = workerProcessor(2);
    try {
      const pages = [page(1), page(2), page(3, 50), page(4)];
      const outcomes = await Promise.all(pages.map((p) => pool.process(p.html, p.url, options)));
      expect(outcomes.map((o) => o.type)).toEqual(['article', 'article', 'rejected', 'article']);
      pages.forEach((p, i) => expect(outcomes[i]).toEqual(processPage(p.html, p.url, options)));
      const first = outcomes[0]!;
      expect(first.type === 'article' && first.article.minhash).toBeInstanceOf(Uint32Array);
    } finally {
      await pool.close();
    }
  });

  it('runs in the main thread when no workers are asked for', async () => {
    const inline = inlineProcessor();
    const p = page(5);
    expect(await inline.process(p.html, p.url, options)).toEqual(processPage(p.html, p.url, options));
    expect(workerProcessor(0).workers).toBe(0);
  });
});
