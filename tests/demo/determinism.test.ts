import { describe, expect, it } from 'vitest';
import { startSampleWeb } from '../../scripts/dev/demo/index.ts';
import { FIXTURE_ARTICLES, get } from './http.ts';

// A second demo run on another port must see the same URLs and the same bytes, or it would publish again.
describe('two sample webs on different ports', () => {
  it('expose the same manifest and answer every URL with identical bodies and validators', async () => {
    const a = await startSampleWeb({ articlesDir: FIXTURE_ARTICLES });
    const b = await startSampleWeb({ articlesDir: FIXTURE_ARTICLES });
    try {
      expect(a.port).not.toBe(b.port);
      expect(b.manifest).toEqual(a.manifest);
      for (const e of a.manifest.urls) {
        const [x, y] = await Promise.all([get(a.port, e.url), get(b.port, e.url)]);
        expect(y.status, e.url).toBe(x.status);
        expect(y.body.equals(x.body), e.url).toBe(true);
        expect(y.headers.etag, e.url).toBe(x.headers.etag);
        expect(y.headers['last-modified'], e.url).toBe(x.headers['last-modified']);
        expect(x.text.includes(String(a.port)), e.url).toBe(false);
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
