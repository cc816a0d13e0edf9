import { existsSync, readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ARTICLES_DIR } from '../../scripts/dev/demo/load-articles.ts';
import { startSampleWeb, type SampleWeb } from '../../scripts/dev/demo/index.ts';
import { get } from './http.ts';

const hasArticles = existsSync(DEFAULT_ARTICLES_DIR) && readdirSync(DEFAULT_ARTICLES_DIR).length > 0;

// The sample web as the demo serves it: the writers' articles in tools/demo/articles/.
describe.skipIf(!hasArticles)('the sample web with scripts/dev/demo/articles', () => {
  let web: SampleWeb;
  beforeAll(async () => {
    web = await startSampleWeb();
  });
  afterAll(async () => {
    await web?.close();
  });

  it('starts without problems and places all nine traps', () => {
    expect(web.problems).toEqual([]);
    expect(new Set(web.manifest.urls.filter((e) => e.kind === 'trap').map((e) => e.trap)).size).toBe(9);
    expect(web.manifest.forum.quotedOnly.length).toBeGreaterThan(0);
    expect(web.manifest.forum.quotedAndUnquoted.length).toBeGreaterThan(0);
  });

  it('answers every HTML, feed and sitemap URL in the manifest as expected', async () => {
    for (const e of web.manifest.urls.filter((x) => !x.contentType?.startsWith('image/'))) {
      const answer = await get(web.port, e.url);
      expect(answer.status, e.url).toBe(e.status);
      if (e.status === 301) expect(answer.headers.location, e.url).toBe(e.finalUrl);
    }
  });
});
