import { describe, expect, it } from 'vitest';
import { invalidationPaths, planDeploy, settingsFromEnv, type LocalFile, type RemoteObject } from '../../scripts/deploy/index.ts';
import { cacheClassOf, contentTypeOf, phaseOf } from '../../scripts/deploy/object-headers.ts';
import { etagMd5, needsMetadata } from '../../scripts/deploy/plan.ts';
import { normalizePrefix, redactUrl } from '../../scripts/deploy/settings.ts';

const MD5 = (n: number) => n.toString(16).padStart(32, '0');
const file = (path: string, n = 1, size = 100): LocalFile => ({ path, size, md5: MD5(n) });
const object = (key: string, n = 1, size = 100): RemoteObject => ({ key, size, etag: MD5(n) });
const OPTIONS = { prefix: '', maxDeleteShare: 0.3, multipartThreshold: 16 * 1024 * 1024 };

describe('settings from the environment', () => {
  it('reads the target and fills in defaults', () => {
    const result = settingsFromEnv({ S3_BUCKET: 'news-example', S3_PREFIX: '/site', S3_FORCE_PATH_STYLE: 'true', S3_ENDPOINT: 'https://acct.r2.cloudflarestorage.com' });
    expect(result.ok && result.value).toMatchObject({
      bucket: 'news-example',
      prefix: 'site/',
      forcePathStyle: true,
      region: 'us-east-1',
      endpoint: 'https://acct.r2.cloudflarestorage.com',
      distributionId: null,
      maxDeleteShare: 0.3,
      concurrency: 8,
    });
    expect(settingsFromEnv({ S3_BUCKET: 'bkt', S3_REGION: 'eu-west-1' })).toMatchObject({ ok: true, value: { region: 'eu-west-1', prefix: '', forcePathStyle: false } });
  });

  it('explains every problem at once, and never echoes credentials in a URL', () => {
    const result = settingsFromEnv({ S3_ENDPOINT: 'ftp://user:hunter2@host', S3_PREFIX: 'a/../b', DEPLOY_MAX_DELETE_SHARE: '2', S3_FORCE_PATH_STYLE: 'maybe' });
    expect(result.ok).toBe(false);
    const message = result.ok ? '' : result.error.message;
    expect(result.ok ? '' : result.error.code).toBe('E_DEPLOY_CONFIG');
    expect(message).toMatch(/S3_BUCKET is not set/);
    expect(message).toMatch(/S3_ENDPOINT must be an http\(s\) URL/);
    expect(message).toMatch(/S3_PREFIX must be a plain key prefix/);
    expect(message).toMatch(/DEPLOY_MAX_DELETE_SHARE must be a share between 0 and 1, like 0.3 \(got "2"\)/);
    expect(message).toMatch(/S3_FORCE_PATH_STYLE must be true or false/);
    expect(message).not.toContain('hunter2');
  });

  it('normalizes prefixes and redacts URLs', () => {
    expect(normalizePrefix('')).toBe('');
    expect(normalizePrefix('/a/b/')).toBe('a/b/');
    expect(normalizePrefix('a//b')).toBeNull();
    expect(redactUrl('https://key:secret@s3.example.com/')).toBe('https://s3.example.com');
  });
});

describe('object headers', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8', 'revalidate', 'new-pages'],
    ['science/some-article/index.html', 'text/html; charset=utf-8', 'revalidate', 'new-pages'],
    ['_astro/Base.astro_astro_type_script_index_0_lang.DOmos1tI.js', 'text/javascript; charset=utf-8', 'immutable', 'assets'],
    ['media/04271b4d1edeb533-1024.avif', 'image/avif', 'immutable', 'assets'],
    ['pagefind/fragment/en_102eb2f.pf_fragment', 'application/octet-stream', 'immutable', 'assets'],
    ['pagefind/pagefind.en_71d783578a.pf_meta', 'application/octet-stream', 'immutable', 'assets'],
    ['pagefind/pagefind-entry.json', 'application/json; charset=utf-8', 'revalidate', 'files'],
    ['pagefind/pagefind.js', 'text/javascript; charset=utf-8', 'static', 'files'],
    ['pagefind/wasm.en.pagefind', 'application/octet-stream', 'static', 'files'],
    ['pagefind/s0003/fragment/en_102eb2f.pf_fragment', 'application/octet-stream', 'immutable', 'assets'],
    ['pagefind/s0003/index/en_55a9.pf_index', 'application/octet-stream', 'immutable', 'assets'],
    ['pagefind/s0003/pagefind.en_71d783578a.pf_meta', 'application/octet-stream', 'immutable', 'assets'],
    ['pagefind/s0003/pagefind-entry.json', 'application/json; charset=utf-8', 'revalidate', 'files'],
    ['pagefind/shards.json', 'application/json; charset=utf-8', 'revalidate', 'files'],
    ['data/site.sqlite', 'application/vnd.sqlite3', 'revalidate', 'files'],
    ['data/site.sqlite.sha256', 'text/plain; charset=utf-8', 'revalidate', 'feeds'],
    ['rss.xml', 'application/rss+xml; charset=utf-8', 'revalidate', 'feeds'],
    ['science/atom.xml', 'application/atom+xml; charset=utf-8', 'revalidate', 'feeds'],
    ['science/feed.json', 'application/feed+json; charset=utf-8', 'revalidate', 'feeds'],
    ['sitemap-index.xml', 'application/xml; charset=utf-8', 'revalidate', 'feeds'],
    ['sitemaps/topic-science-1.xml', 'application/xml; charset=utf-8', 'revalidate', 'feeds'],
    ['robots.txt', 'text/plain; charset=utf-8', 'revalidate', 'feeds'],
    ['data/latest.json', 'application/json; charset=utf-8', 'revalidate', 'feeds'],
    ['data/science/latest.json', 'application/json; charset=utf-8', 'revalidate', 'feeds'],
    ['manifest.webmanifest', 'application/manifest+json; charset=utf-8', 'revalidate', 'files'],
    ['favicon.svg', 'image/svg+xml; charset=utf-8', 'static', 'files'],
    ['icons/icon-192.png', 'image/png', 'static', 'files'],
  ])('%s → %s, %s, phase %s', (path, type, cache, phase) => {
    expect(contentTypeOf(path)).toBe(type);
    expect(cacheClassOf(path)).toBe(cache);
    expect(phaseOf(path, true)).toBe(phase);
  });

  it('puts a page that already exists after the new ones', () => {
    expect(phaseOf('science/index.html', false)).toBe('pages');
  });
});

describe('planning', () => {
  it('skips objects whose ETag is the local MD5, uploads new and changed ones in phase order', () => {
    const local = [file('index.html', 2), file('science/new/index.html', 3), file('_astro/a.js', 4), file('rss.xml', 5), file('about/index.html', 6), file('data/site.sqlite', 7)];
    const remote = [object('index.html', 1), object('rss.xml', 1), object('about/index.html', 6)];
    const plan = planDeploy(local, remote, OPTIONS);
    expect(plan.uploads.map((u) => `${u.phase}:${u.reason}:${u.path}`)).toEqual([
      'assets:new:_astro/a.js',
      'files:new:data/site.sqlite',
      'new-pages:new:science/new/index.html',
      'pages:changed:index.html',
      'feeds:changed:rss.xml',
    ]);
    expect(plan.unchanged).toEqual({ count: 1, bytes: 100 });
    expect(plan.deletes).toEqual([]);
    expect(plan.blocked).toBeNull();
  });

  it('compares sizes before hashes, and treats weak or quoted ETags alike', () => {
    expect(etagMd5(`"${MD5(9)}"`)).toBe(MD5(9));
    expect(etagMd5(`W/"${MD5(9)}"`)).toBe(MD5(9));
    expect(etagMd5('0123456789abcdef0123456789abcdef-3')).toBeNull();
    const plan = planDeploy([file('a.html', 1, 100)], [{ key: 'a.html', size: 99, etag: MD5(1) }], OPTIONS);
    expect(plan.uploads.map((u) => u.reason)).toEqual(['changed']);
  });

  it('reads the metadata MD5 only for same-size objects whose ETag does not match, and trusts it', () => {
    const local = file('data/site.sqlite', 7, 50_000_000);
    const multipart: RemoteObject = { key: 'data/site.sqlite', size: 50_000_000, etag: 'abcdef-6' };
    expect(needsMetadata(multipart, local)).toBe(true);
    expect(needsMetadata({ ...multipart, size: 1 }, local)).toBe(false);
    expect(needsMetadata({ ...multipart, etag: MD5(7) }, local)).toBe(false);
    expect(needsMetadata(multipart, undefined)).toBe(false);
    expect(planDeploy([local], [{ ...multipart, metadataMd5: MD5(7) }], OPTIONS).uploads).toEqual([]);
    const changed = planDeploy([local], [{ ...multipart, metadataMd5: MD5(8) }], OPTIONS).uploads;
    expect(changed).toMatchObject([{ reason: 'changed', multipart: true }]);
  });

  it('works inside a prefix and leaves other keys alone', () => {
    const plan = planDeploy([file('index.html')], [object('site/index.html'), object('site/old/index.html'), object('other/index.html'), object('site/.gleaner/deploy.json'), object('site/dir/')], {
      ...OPTIONS,
      prefix: 'site/',
      maxDeleteShare: 0.5,
    });
    expect(plan.uploads).toEqual([]);
    expect(plan.deletes.map((d) => d.key)).toEqual(['site/old/index.html']);
    expect(plan.remoteCount).toBe(2);
  });

  it('blocks a plan that deletes more than the allowed share, or deploys an empty folder, unless forced', () => {
    const remote = Array.from({ length: 10 }, (_, i) => object(`p${i}/index.html`));
    const keepSeven = remote.slice(0, 7).map((o) => file(o.key));
    expect(planDeploy(keepSeven, remote, OPTIONS).blocked).toBeNull();
    const keepSix = remote.slice(0, 6).map((o) => file(o.key));
    expect(planDeploy(keepSix, remote, OPTIONS).blocked).toBe('this deploy would delete 4 of the 10 objects under s3://…/ (40%), more than the 30% allowed');
    expect(planDeploy(keepSix, remote, { ...OPTIONS, force: true }).blocked).toBeNull();
    expect(planDeploy([], [], OPTIONS).blocked).toBe('the build folder is empty');
  });

  it('keeps hashed assets of the previous build one more deploy; pages go at once', () => {
    const remote = [object('index.html'), object('_astro/old.js'), object('_astro/older.js'), object('gone/index.html')];
    const local = [file('index.html'), file('_astro/new.js')];
    const plan = planDeploy(local, remote, { ...OPTIONS, maxDeleteShare: 1, previous: new Set(['index.html', '_astro/old.js', 'gone/index.html']) });
    expect(plan.deletes.map((d) => d.path)).toEqual(['_astro/older.js', 'gone/index.html']);
    expect(plan.retained.map((d) => d.path)).toEqual(['_astro/old.js']);
    const unknown = planDeploy(local, remote, { ...OPTIONS, maxDeleteShare: 1, previous: null });
    expect(unknown.retained.map((d) => d.path)).toEqual(['_astro/old.js', '_astro/older.js']);
  });
});

describe('CDN invalidation paths', () => {
  const remote = [object('index.html'), object('science/a/index.html'), object('rss.xml'), object('_astro/x.js'), object('old/index.html'), object('caf\u00e9/index.html')];
  const local = [file('index.html', 2), file('science/a/index.html'), file('rss.xml', 2), file('_astro/y.js'), file('science/b/index.html'), file('caf\u00e9/index.html', 2)];

  it('lists changed and deleted paths (both spellings of a directory page), not new or hashed ones', () => {
    const plan = planDeploy(local, remote, { ...OPTIONS, maxDeleteShare: 1, previous: new Set(['_astro/x.js']) });
    expect(invalidationPaths(plan, 30)).toEqual(['/', '/caf%C3%A9/', '/caf%C3%A9/index.html', '/index.html', '/old/', '/old/index.html', '/rss.xml']);
  });

  it('collapses to one wildcard past the limit', () => {
    const plan = planDeploy(local, remote, { ...OPTIONS, maxDeleteShare: 1, previous: new Set() });
    expect(invalidationPaths(plan, 3)).toEqual(['/*']);
  });
});

describe('planDeploy with lead images in the bucket (keepMedia)', () => {
  const local = [file('index.html'), file('a/index.html'), file('media/icon-32.webp', 5)];
  const remote = [object('index.html'), object('a/index.html'), object('media/icon-32.webp', 5), object('media/lead-320.webp', 6), object('media/lead-640.webp', 7), object('media/lead-1024.webp', 8), object('old/index.html')];

  it('never deletes media/ objects the build lacks and leaves them out of the delete guard', () => {
    const plan = planDeploy(local, remote, { ...OPTIONS, keepMedia: true, previous: new Set() });
    expect(plan.deletes.map((d) => d.key)).toEqual(['old/index.html']);
    expect(plan.remoteCount).toBe(4);
    expect(plan.unchanged.count).toBe(3);
    expect(plan.uploads).toEqual([]);
  });

  it('without it, media/ objects the build lacks are deleted like any other', () => {
    const plan = planDeploy(local, remote, { ...OPTIONS, maxDeleteShare: 1, previous: new Set() });
    expect(plan.deletes.map((d) => d.key)).toEqual(['media/lead-1024.webp', 'media/lead-320.webp', 'media/lead-640.webp', 'old/index.html']);
  });
});

describe('planDeploy with taken-down lead images (takenDown)', () => {
  const local = [file('index.html'), file('a/index.html'), file('media/icon-32.webp', 5)];
  const remote = [object('index.html'), object('a/index.html'), object('media/icon-32.webp', 5), object('media/lead-320.webp', 6), object('media/gone-320.webp', 7)];

  it('bucket mode: deletes them though the listing lacks them, and purges them from the CDN', () => {
    const plan = planDeploy(local, remote, { ...OPTIONS, keepMedia: true, previous: new Set(), takenDown: ['gone-320.webp', 'gone-640.webp'] });
    expect(plan.deletes.map((d) => [d.key, d.takenDown])).toEqual([
      ['media/gone-320.webp', true],
      ['media/gone-640.webp', true],
    ]);
    expect(invalidationPaths(plan, 10)).toEqual(['/media/gone-320.webp', '/media/gone-640.webp']);
  });

  it('git mode: deleted at once, not kept one more deploy as an immutable asset of the previous build is', () => {
    const previous = new Set(['media/gone-320.webp', 'media/lead-320.webp']);
    const plan = planDeploy(local, remote, { ...OPTIONS, maxDeleteShare: 1, previous, takenDown: ['gone-320.webp'] });
    expect(plan.deletes.map((d) => d.key)).toEqual(['media/gone-320.webp']);
    expect(plan.retained.map((d) => d.key)).toEqual(['media/lead-320.webp']);
    expect(invalidationPaths(plan, 10)).toEqual(['/media/gone-320.webp']);
  });

  it('one the build still has (another article shows it) is not deleted', () => {
    const plan = planDeploy(local, remote, { ...OPTIONS, keepMedia: true, previous: new Set(), takenDown: ['icon-32.webp'] });
    expect(plan.deletes).toEqual([]);
  });
});
