import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../crawler/config/index.ts';
import { GONE_FUNCTION, goneKeyValueStore } from '../model/removed.ts';
import { cloudFrontHeadersPolicy, type HeadersPolicyKind } from '../html/security-headers.ts';
import { createRoutes } from '../model/urls.ts';
import { writeFileList, writeJson, type ManifestHead } from './manifest.ts';

// What a build leaves in dist/.gleaner/ besides the site (the deploy never uploads that folder):
// the list of the site's files with their MD5 (what the deploy compares with the bucket), and
// the CloudFront response headers policies for pages, AMP pages and scripts (README: Security headers);
// the paths of removed articles with the CloudFront function that answers them 410 (README: One URL in, one URL out);
// and the taken-down lead images, which the deploy deletes from the bucket and the CDN.

/** Names under /media/ of taken-down articles' lead images no article shows (the store's removedMedia): the deploy deletes them. */
export const REMOVED_MEDIA_FILE = 'removed-media.json';

export function writeDistState(dist: string, head: ManifestHead, files: Iterable<string>, config: Config): void {
  writeFileList(join(dist, '.gleaner', 'files.json'), head.buildId, files);
  for (const kind of ['pages', 'amp', 'scripts'] satisfies HeadersPolicyKind[]) writeJson(join(dist, '.gleaner', `cloudfront-headers-${kind}.json`), cloudFrontHeadersPolicy(kind, config.site.title));
  writeJson(join(dist, '.gleaner', 'gone.json'), goneKeyValueStore(head.data.removed ?? [], createRoutes(config.site.url)));
  writeJson(join(dist, '.gleaner', REMOVED_MEDIA_FILE), head.data.removedMedia ?? []);
  writeFileSync(join(dist, '.gleaner', 'cloudfront-gone.js'), GONE_FUNCTION);
}
