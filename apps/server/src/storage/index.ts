// The storage driver the configuration names: the local folder (default) or S3-compatible object
// storage, shared by every instance (STORAGE_DRIVER=s3).
import type { AppConfig } from '../config.ts';
import { createLocalFileStorage, type FileStorage } from './file-storage.ts';
import { createS3FileStorage } from './s3-storage.ts';

export function createFileStorage(config: Pick<AppConfig, 'storageDriver' | 'storageDir' | 's3'>): FileStorage {
  if (config.storageDriver === 's3') {
    // loadConfig refuses STORAGE_DRIVER=s3 without its settings; this guards direct callers.
    if (!config.s3) throw new Error('Stockage S3 demandé sans sa configuration (S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY).');
    return createS3FileStorage(config.s3);
  }
  return createLocalFileStorage(config.storageDir);
}
export { FileTooLargeError, storageDirProblem, type FileStorage, type StoredFile } from './file-storage.ts';
