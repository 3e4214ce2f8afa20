// A real S3-compatible HTTP server for tests (s3rver, from npm): signed requests, buckets on disk,
// multipart uploads. Each call gets its own folder and port.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3StorageConfig } from '../../src/config.ts';

/** s3rver's built-in account. */
const ACCESS_KEY = 'S3RVER';

export async function startS3Server(bucket = 'portail-test') {
  const directory = await mkdtemp(join(tmpdir(), 'portail-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = await server.run();
  const config: S3StorageConfig = {
    endpoint: `http://127.0.0.1:${address.port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: ACCESS_KEY,
    secretAccessKey: ACCESS_KEY,
    forcePathStyle: true,
  };
  return {
    config,
    directory,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
