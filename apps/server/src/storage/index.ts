import path from 'node:path';
import type { Config } from '../config/config.js';
import { LocalStorage } from './local-storage.js';
import type { Storage } from './storage.js';

/** The configured media store: the S3 bucket when S3_BUCKET is set, else `DATA_DIR/media`. */
export async function createStorage(config: Pick<Config, 's3' | 'dataDir'>): Promise<Storage> {
  if (!config.s3) return new LocalStorage(path.join(config.dataDir, 'media'));
  // The AWS SDK (tens of MB of JavaScript) loads only when media live in a bucket.
  const { S3Storage } = await import('./s3-storage.js');
  return S3Storage.fromSettings(config.s3);
}

/**
 * Said at start when several instances (they share Redis) keep media on local disk, which the
 * others cannot read: a post's images, and the chunks of an upload whose next request reaches another instance.
 */
export function localStorageAcrossInstancesWarning(config: Pick<Config, 's3' | 'redisUrl'>): string | null {
  if (config.s3 || !config.redisUrl) return null;
  return 'REDIS_URL is set, so other instances may share the traffic, but S3_BUCKET is not: media and unfinished uploads are kept in DATA_DIR/media on this instance. Set S3_BUCKET, or mount one shared folder as DATA_DIR/media on every instance.';
}

export * from './storage.js';
