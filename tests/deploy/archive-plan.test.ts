import { describe, expect, it } from 'vitest';
import { archiveObjectHeaders, planArchive, planDeploy } from '../../scripts/deploy/index.ts';

// Archived copies in the bucket: their headers (the HTML a download, never a page) and the
// add-only plan beside the site's own.

const ID = '0123456789abcdef';

describe('archived copies in the bucket', () => {
  it('serves the archived HTML gzipped as an attachment, the rest by type', () => {
    expect(archiveObjectHeaders(`${ID}/page.html.gz`)).toEqual({
      contentType: 'application/gzip',
      contentDisposition: `attachment; filename="${ID}.html.gz"`,
      cacheControl: 'public, max-age=31536000, immutable',
    });
    expect(archiveObjectHeaders(`${ID}/screenshot.png`)).toMatchObject({ contentType: 'image/png', cacheControl: 'public, max-age=31536000, immutable' });
    expect(archiveObjectHeaders(`${ID}/page.pdf`)).toMatchObject({ contentType: 'application/pdf' });
    expect(archiveObjectHeaders(`${ID}/manifest.json`)).toMatchObject({ contentType: 'application/json; charset=utf-8', cacheControl: 'public, max-age=0, s-maxage=300, must-revalidate' });
    expect(archiveObjectHeaders(`${ID}/index.html`)).toMatchObject({ contentType: 'text/html; charset=utf-8' });
    for (const name of ['screenshot.png', 'page.pdf', 'manifest.json', 'index.html']) expect(archiveObjectHeaders(`${ID}/${name}`).contentDisposition).toBeUndefined();
  });

  it('uploads only what the bucket lacks or holds with other bytes', () => {
    const local = [
      { path: `${ID}/page.html.gz`, size: 10, md5: 'a'.repeat(32) },
      { path: `${ID}/index.html`, size: 20, md5: 'b'.repeat(32) },
    ];
    expect(planArchive(local, new Map([[`${ID}/page.html.gz`, 'a'.repeat(32)], [`${ID}/index.html`, 'c'.repeat(32)]]))).toEqual([local[1]]);
  });

  it('never lets the site’s own plan delete archived copies', () => {
    const plan = planDeploy(
      [{ path: 'index.html', size: 5, md5: 'd'.repeat(32) }],
      [
        { key: 'site/index.html', size: 5, etag: 'd'.repeat(32) },
        { key: `site/archive/${ID}/page.html.gz`, size: 10, etag: 'a'.repeat(32) },
      ],
      { prefix: 'site/', maxDeleteShare: 0.3, multipartThreshold: 8 * 1024 * 1024 },
    );
    expect(plan.deletes).toEqual([]);
    expect(plan.remoteCount).toBe(1);
  });
});
