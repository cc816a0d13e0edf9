import { join } from 'node:path';
import { cloudFrontHeadersPolicy, type HeadersPolicyKind } from '../lib/security-headers.ts';
import { writeJson, type BuildManifest, type DistFiles } from './manifest.ts';

// What a build leaves in dist/.gleaner/ besides the site (the deploy never uploads that folder):
// the list of the site's files with their MD5 (what the deploy compares with the bucket), and
// the CloudFront response headers policies for pages and AMP pages (README: Security headers).

export function writeDistState(dist: string, manifest: BuildManifest, siteTitle: string): void {
  writeJson(join(dist, '.gleaner', 'files.json'), { buildId: manifest.buildId, files: manifest.files } satisfies DistFiles);
  for (const kind of ['pages', 'amp'] satisfies HeadersPolicyKind[]) writeJson(join(dist, '.gleaner', `cloudfront-headers-${kind}.json`), cloudFrontHeadersPolicy(kind, siteTitle));
}
