import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { GleanerError } from '../../crawler/errors.ts';
import type { DeployPlan } from './plan.ts';
import type { Credentials } from './s3-client.ts';
import type { DeploySettings } from './settings.ts';

/**
 * The URL paths a CDN may hold stale copies of: every object that changed or was deleted,
 * except immutable ones (a new hash is a new URL), but for a taken-down lead image, which must
 * stop answering. New objects are not listed: the CDN has nothing cached for them.
 * `x/index.html` is served as `/x/` too, so both are listed. Past `maxPaths` the list collapses
 * to one wildcard: CloudFront bills per path, and '/*' is one.
 */
export function invalidationPaths(plan: DeployPlan, maxPaths: number): string[] {
  const paths = new Set<string>();
  const add = (path: string) => {
    const url = `/${path.split('/').map(encodeURIComponent).join('/')}`;
    paths.add(url);
    if (url.endsWith('/index.html')) paths.add(url.slice(0, -'index.html'.length));
  };
  for (const upload of plan.uploads) if (upload.reason === 'changed' && upload.cacheClass !== 'immutable') add(upload.path);
  for (const deleted of plan.deletes) if (deleted.cacheClass !== 'immutable' || deleted.takenDown) add(deleted.path);
  const list = [...paths].sort();
  return list.length > maxPaths ? ['/*'] : list;
}

export async function invalidateCdn(settings: DeploySettings, paths: string[], credentials?: Credentials): Promise<string> {
  if (!settings.distributionId) throw new GleanerError('E_DEPLOY_CONFIG', 'CLOUDFRONT_DISTRIBUTION_ID is not set');
  const client = new CloudFrontClient({
    region: 'us-east-1',
    maxAttempts: settings.maxAttempts,
    ...(settings.cloudfrontEndpoint ? { endpoint: settings.cloudfrontEndpoint } : {}),
    ...(credentials ? { credentials } : {}),
  });
  try {
    const result = await client.send(
      new CreateInvalidationCommand({
        DistributionId: settings.distributionId,
        InvalidationBatch: { CallerReference: `gleaner-${Date.now()}-${process.pid}`, Paths: { Quantity: paths.length, Items: paths } },
      }),
    );
    return result.Invalidation?.Id ?? '';
  } catch (error) {
    const e = error as Error;
    throw new GleanerError('E_DEPLOY_INVALIDATE', `the upload is complete, but the CloudFront invalidation failed: ${e.name}: ${e.message}`, { cause: error });
  } finally {
    client.destroy();
  }
}
