// The S3-compatible driver (AWS S3, MinIO, any server speaking the S3 API): the same interface and
// the same behaviour as the local folder. Uploads stream through the size and content checks into
// a multipart upload (at most two parts of 5 MiB in memory, never the whole file); downloads stream
// the object's body; a missing key fails as fs does (code ENOENT); nothing is left behind when an
// upload fails.
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkStorageKey, meter, missingFileError, newStorageKey, type FileStorage } from './file-storage.ts';

export interface S3StorageOptions {
  /** e.g. http://minio:9000; none for AWS itself. */
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (http://host/bucket/key), as MinIO and most S3-compatible servers want. */
  forcePathStyle: boolean;
  /** Optional key prefix inside the bucket (several portals, or tests, in one bucket). */
  prefix?: string;
}

const PART_BYTES = 5 * 1024 * 1024;

export function createS3Client(options: S3StorageOptions): S3Client {
  return new S3Client({
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where the API requires them: S3-compatible servers do not all read the
    // trailing checksums the SDK adds by default. Integrity is ours anyway (sha256 in the database).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A dead storage server fails the request instead of holding it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
    maxAttempts: 3,
  });
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.Code === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

export function createS3FileStorage(options: S3StorageOptions, client: S3Client = createS3Client(options)): FileStorage & { client: S3Client } {
  const Bucket = options.bucket;
  const prefix = options.prefix ? `${options.prefix.replace(/\/+$/, '')}/` : '';
  const objectKey = (key: string) => prefix + checkStorageKey(key);
  const deleteObject = (key: string) => client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));

  return {
    client,
    async save(source, saveOptions) {
      const key = newStorageKey();
      const { transform, result } = meter(saveOptions);
      const upload = new Upload({
        client,
        params: { Bucket, Key: objectKey(key), Body: transform },
        queueSize: 1,
        partSize: PART_BYTES,
        leavePartsOnError: false,
      });
      // The upload reads what the checks let through; a failed check (or a broken source) fails
      // the pipeline, which destroys the body and so fails the upload before it completes.
      const [piped, uploaded] = await Promise.allSettled([pipeline(source, transform), upload.done()]);
      const failure = piped.status === 'rejected' ? piped.reason : uploaded.status === 'rejected' ? uploaded.reason : null;
      if (failure) {
        await upload.abort().catch(() => undefined);
        // Should a short object have been written before the failure was seen, it goes too.
        await deleteObject(key).catch(() => undefined);
        throw failure;
      }
      return { key, ...result() };
    },
    async open(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
        if (!(object.Body instanceof Readable)) throw new Error('S3 storage: unexpected body type');
        return object.Body;
      } catch (error) {
        if (isMissing(error)) throw missingFileError(key);
        throw error;
      }
    },
    async remove(key) {
      // Deleting a key that holds nothing succeeds, as rm --force does.
      await deleteObject(key);
    },
    async *keys() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix || undefined, ContinuationToken }));
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key.slice(prefix.length);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async put(key, source) {
      const upload = new Upload({ client, params: { Bucket, Key: objectKey(key), Body: source }, queueSize: 1, partSize: PART_BYTES, leavePartsOnError: false });
      await upload.done();
    },
  };
}
