// The S3-compatible storage driver against a real S3 HTTP server (s3rver): the same behaviour as
// the local folder (file-storage.test.ts) — streamed upload with size, hash and head, download,
// deletion, a missing key failing as fs does, nothing left behind when an upload fails — and the
// start-up refusal of an incomplete configuration.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createLocalFileStorage, FileTooLargeError, type FileStorage } from '../src/storage/file-storage.ts';
import { createFileStorage } from '../src/storage/index.ts';
import { createS3FileStorage } from '../src/storage/s3-storage.ts';
import { startS3Server } from './support/s3-server.ts';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let storage: ReturnType<typeof createS3FileStorage>;
const localRoot = mkdtempSync(join(tmpdir(), 'portail-storage-parity-'));

beforeAll(async () => {
  s3 = await startS3Server();
  storage = createS3FileStorage(s3.config);
});
afterAll(async () => {
  storage?.client.destroy();
  await s3?.close();
  rmSync(localRoot, { recursive: true, force: true });
});

/** Every object in the bucket. (s3rver neither lists nor aborts unfinished multipart uploads: what
 * is checked here is that no object appears; on S3 or MinIO the driver's abort also drops the parts.) */
async function bucketContents() {
  const objects = await storage.client.send(new ListObjectsV2Command({ Bucket: s3.config.bucket }));
  return (objects.Contents ?? []).map((object) => object.Key);
}

/** A source that yields `total` bytes in 64 KiB chunks without holding them all. */
function generated(total: number, fill = 7) {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const size = Math.min(65_536, total - sent);
      sent += size;
      this.push(Buffer.alloc(size, fill));
    },
  });
}

describe('S3 storage driver (real S3 server)', () => {
  it('stores a stream and reads it back with its size, hash and head', async () => {
    const content = '%PDF-1.7\n'.padEnd(10_000, 'x');
    const stored = await storage.save(Readable.from([Buffer.from(content)]), { maxBytes: 20_000 });
    expect(stored.size).toBe(10_000);
    expect(stored.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    expect(stored.head.subarray(0, 5).toString()).toBe('%PDF-');
    expect(stored.head.length).toBe(4_100);
    expect(stored.key).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    expect(await text(await storage.open(stored.key))).toBe(content);
    expect(await bucketContents()).toContain(stored.key);
  });

  it('streams a file larger than one part through a multipart upload, byte for byte', async () => {
    const size = 12 * 1024 * 1024 + 123;
    const stored = await storage.save(generated(size), { maxBytes: 20 * 1024 * 1024 });
    expect(stored.size).toBe(size);
    const back = await buffer(await storage.open(stored.key));
    expect(back.length).toBe(size);
    expect(createHash('sha256').update(back).digest('hex')).toBe(stored.sha256);
    await storage.remove(stored.key);
    expect(await bucketContents()).not.toContain(stored.key);
  });

  it('refuses a file over the limit and keeps no object of it, past a first 5 MiB part too', async () => {
    const before = await bucketContents();
    await expect(storage.save(generated(30_000), { maxBytes: 20_000 })).rejects.toBeInstanceOf(FileTooLargeError);
    await expect(storage.save(generated(8 * 1024 * 1024), { maxBytes: 6 * 1024 * 1024 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await bucketContents()).toEqual(before);
  });

  it('keeps nothing of an interrupted upload', async () => {
    const before = await bucketContents();
    const source = new Readable({
      read() {
        this.push(Buffer.alloc(1_000));
        this.destroy(new Error('connexion interrompue'));
      },
    });
    await expect(storage.save(source, { maxBytes: 20_000 })).rejects.toThrow('connexion interrompue');
    expect(await bucketContents()).toEqual(before);
  });

  it('stops at a refused head and keeps nothing, for a short file too (checked at its end)', async () => {
    const before = await bucketContents();
    const refuse = async () => {
      throw new Error('contenu refusé');
    };
    await expect(storage.save(generated(10_000, 2), { maxBytes: 20_000, checkHead: refuse })).rejects.toThrow('contenu refusé');
    await expect(storage.save(Readable.from([Buffer.from('<html>')]), { maxBytes: 20_000, checkHead: refuse })).rejects.toThrow('contenu refusé');
    expect(await bucketContents()).toEqual(before);
  });

  it('removes a file, and open then fails like the local driver (ENOENT); removing twice is fine', async () => {
    const local = createLocalFileStorage(localRoot);
    for (const driver of [storage, local] as FileStorage[]) {
      const stored = await driver.save(Readable.from([Buffer.from('abc')]), { maxBytes: 10 });
      await driver.remove(stored.key);
      await expect(driver.open(stored.key)).rejects.toMatchObject({ code: 'ENOENT' });
      await expect(driver.remove(stored.key)).resolves.toBeUndefined();
      await expect(driver.open('2026/01/00000000-0000-0000-0000-000000000000')).rejects.toMatchObject({ code: 'ENOENT' });
    }
  });

  it('never accepts a key with . or .. segments', async () => {
    await expect(storage.open('../../etc/passwd')).rejects.toThrow('invalid storage key');
    await expect(storage.remove('a//b')).rejects.toThrow('invalid storage key');
  });

  it('fails (no silent success) when the server refuses the credentials', async () => {
    // s3rver checks the access key id (it does not recompute v4 signatures).
    const wrong = createS3FileStorage({ ...s3.config, accessKeyId: randomBytes(12).toString('hex') });
    await expect(wrong.save(Readable.from([Buffer.from('abc')]), { maxBytes: 10 })).rejects.toThrow();
    wrong.client.destroy();
  });

  it('is the driver STORAGE_DRIVER=s3 selects, with its settings from the environment', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.config.endpoint,
      S3_BUCKET: s3.config.bucket,
      S3_ACCESS_KEY_ID: s3.config.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
    });
    expect(config.s3).toEqual({ ...s3.config, region: 'us-east-1', forcePathStyle: true });
    const selected = createFileStorage(config);
    const stored = await selected.save(Readable.from([Buffer.from('par la configuration')]), { maxBytes: 100 });
    expect(await text(await storage.open(stored.key))).toBe('par la configuration');
    expect(createFileStorage(loadConfig({ NODE_ENV: 'test' }))).not.toHaveProperty('client');
  });
});

describe('S3 storage configuration', () => {
  const complete = { NODE_ENV: 'test', STORAGE_DRIVER: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };

  it('refuses start-up, naming what is missing, when the S3 settings are incomplete', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', STORAGE_DRIVER: 's3' })).toThrow(
      'STORAGE_DRIVER=s3 : configuration du stockage objet incomplète, il manque S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY.',
    );
    expect(() => loadConfig({ ...complete, S3_SECRET_ACCESS_KEY: ' ' })).toThrow(/il manque S3_SECRET_ACCESS_KEY\.$/);
    expect(() => loadConfig({ ...complete, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT est une adresse http/);
    expect(() => loadConfig({ ...complete, S3_FORCE_PATH_STYLE: 'peut-être' })).toThrow(/S3_FORCE_PATH_STYLE vaut 1 ou 0/);
    expect(() => loadConfig({ NODE_ENV: 'test', STORAGE_DRIVER: 'ftp' })).toThrow(/STORAGE_DRIVER vaut « local »/);
    expect(() => loadConfig({ NODE_ENV: 'test' }, { storageDriver: 's3' })).toThrow(/configuration du stockage objet incomplète/);
  });

  it('defaults: local folder; for s3, region us-east-1, path style with an endpoint only', () => {
    expect(loadConfig({ NODE_ENV: 'test' })).toMatchObject({ storageDriver: 'local', s3: undefined });
    expect(loadConfig(complete).s3).toMatchObject({ endpoint: undefined, region: 'us-east-1', forcePathStyle: false });
    expect(loadConfig({ ...complete, S3_ENDPOINT: 'http://minio:9000', S3_REGION: 'eu-west-3' }).s3).toMatchObject({
      endpoint: 'http://minio:9000',
      region: 'eu-west-3',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...complete, S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: '0' }).s3?.forcePathStyle).toBe(false);
  });
});
