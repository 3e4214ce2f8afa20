// The storage driver the configuration names: the local folder (default) or S3-compatible object
// storage, shared by every instance (STORAGE_DRIVER=s3).
import type { AppConfig } from '../config.ts';
import { createLocalFileStorage, type FileStorage } from './file-storage.ts';
import type { S3StorageOptions } from './s3-storage.ts';

export function createFileStorage(config: Pick<AppConfig, 'storageDriver' | 'storageDir' | 's3'>): FileStorage {
  if (config.storageDriver === 's3') {
    // loadConfig refuses STORAGE_DRIVER=s3 without its settings; this guards direct callers.
    if (!config.s3) throw new Error('Stockage S3 demandé sans sa configuration (S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY).');
    return lazyS3FileStorage(config.s3);
  }
  return createLocalFileStorage(config.storageDir);
}

/**
 * The S3 driver, its SDK loaded with the first file stored or read: the AWS SDK weighs about 20 MB
 * of memory, which a portal on the local folder (the default) never pays.
 */
function lazyS3FileStorage(options: S3StorageOptions): FileStorage {
  let driver: Promise<FileStorage> | undefined;
  const loaded = () => (driver ??= import('./s3-storage.ts').then(({ createS3FileStorage }) => createS3FileStorage(options)));
  return {
    save: async (source, saveOptions) => (await loaded()).save(source, saveOptions),
    open: async (key) => (await loaded()).open(key),
    remove: async (key) => (await loaded()).remove(key),
    keys: async function* () {
      yield* (await loaded()).keys();
    },
    put: async (key, source) => (await loaded()).put(key, source),
  };
}
export { FileTooLargeError, storageDirProblem, type FileStorage, type StoredFile } from './file-storage.ts';
