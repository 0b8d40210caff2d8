import path from 'node:path';
import type { Config } from '../config';
import type { StorageDriver } from './driver';
import { LocalStorage } from './local';
import { S3Storage } from './s3';

export type { ByteRange, StorageDriver, StoredObject } from './driver';

export function createStorage(config: Config): StorageDriver {
  if (config.STORAGE_DRIVER === 's3') {
    return new S3Storage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      connectTimeoutMs: config.S3_CONNECT_TIMEOUT_MS,
      requestTimeoutMs: config.S3_REQUEST_TIMEOUT_MS,
    });
  }
  return new LocalStorage(path.join(config.dataDir, 'storage'));
}
