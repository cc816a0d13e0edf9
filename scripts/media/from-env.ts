import { GleanerError } from '../../crawler/errors.ts';
import { credentialsFrom } from '../deploy/s3-client.ts';
import { settingsFromEnv } from '../deploy/settings.ts';
import { mediaBucket, type MediaBucket } from './bucket.ts';

/** The deploy's bucket (its settings: S3_BUCKET, S3_ENDPOINT, S3_PREFIX…), for lead images; an E_MEDIA_STORE error that names what to set when it is not configured. */
export function mediaBucketFromEnv(env: Record<string, string | undefined>): MediaBucket {
  const settings = settingsFromEnv(env);
  if (!settings.ok) {
    throw new GleanerError('E_MEDIA_STORE', `lead images in the bucket need the deploy's bucket settings (the same the deploy reads):\n${settings.error.message}`);
  }
  return mediaBucket(settings.value, credentialsFrom(env));
}
