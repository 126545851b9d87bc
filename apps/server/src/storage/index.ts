import path from 'node:path';
import type { Config } from '../config/config.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

/** The configured media store: the S3 bucket when S3_BUCKET is set, else `DATA_DIR/media`. */
export function createStorage(config: Pick<Config, 's3' | 'dataDir'>): Storage {
  return config.s3 ? S3Storage.fromSettings(config.s3) : new LocalStorage(path.join(config.dataDir, 'media'));
}

export * from './storage.js';
