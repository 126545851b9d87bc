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

export * from './storage.js';
