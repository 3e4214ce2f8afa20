// The local file storage: atomic writes, size limit, nothing left behind on failure.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalFileStorage, FileTooLargeError } from '../src/storage/file-storage.ts';

const root = mkdtempSync(join(tmpdir(), 'portail-storage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const storage = createLocalFileStorage(root);
const leftovers = () => readdirSync(join(root, '.tmp'));

describe('local file storage', () => {
  it('stores a stream and reads it back with its size, hash and head', async () => {
    const content = '%PDF-1.7\n'.padEnd(10_000, 'x');
    const stored = await storage.save(Readable.from([Buffer.from(content)]), { maxBytes: 20_000 });
    expect(stored.size).toBe(10_000);
    expect(stored.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    expect(stored.head.subarray(0, 5).toString()).toBe('%PDF-');
    expect(stored.head.length).toBe(4_100);
    expect(await text(await storage.open(stored.key))).toBe(content);
  });

  it('refuses a file over the limit and keeps nothing of it', async () => {
    const chunks = Array.from({ length: 30 }, () => Buffer.alloc(1_000, 1));
    await expect(storage.save(Readable.from(chunks), { maxBytes: 20_000 })).rejects.toBeInstanceOf(FileTooLargeError);
    expect(leftovers()).toEqual([]);
  });

  it('keeps nothing of an interrupted upload', async () => {
    const source = new Readable({
      read() {
        this.push(Buffer.alloc(1_000));
        this.destroy(new Error('connexion interrompue'));
      },
    });
    await expect(storage.save(source, { maxBytes: 20_000 })).rejects.toThrow('connexion interrompue');
    expect(leftovers()).toEqual([]);
  });

  it('stops at a refused head and keeps nothing, for a short file too (checked at its end)', async () => {
    const refuse = async () => {
      throw new Error('contenu refusé');
    };
    const long = Array.from({ length: 10 }, () => Buffer.alloc(1_000, 2));
    await expect(storage.save(Readable.from(long), { maxBytes: 20_000, checkHead: refuse })).rejects.toThrow('contenu refusé');
    await expect(storage.save(Readable.from([Buffer.from('<html>')]), { maxBytes: 20_000, checkHead: refuse })).rejects.toThrow(
      'contenu refusé',
    );
    expect(leftovers()).toEqual([]);
  });

  it('removes a file, and open then fails', async () => {
    const stored = await storage.save(Readable.from([Buffer.from('abc')]), { maxBytes: 10 });
    await storage.remove(stored.key);
    await expect(storage.open(stored.key)).rejects.toThrow();
  });

  it('never resolves a key outside its folder', async () => {
    await expect(storage.open('../../etc/passwd')).rejects.toThrow('invalid storage key');
  });
});
