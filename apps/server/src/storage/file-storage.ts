// Where uploaded files live: the interface, and the local-folder driver (the default). The
// S3-compatible driver (s3-storage.ts) implements the same interface; storage/index.ts picks one
// from the configuration.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`file larger than ${maxBytes} bytes`);
  }
}

export interface StoredFile {
  key: string;
  size: number;
  sha256: string;
  /** The first bytes, for content-type detection. */
  head: Buffer;
}

export interface SaveOptions {
  maxBytes: number;
  /** Checks the first bytes as soon as they are there (or at the end of a shorter file); a throw
   * stops the transfer there, so a refused file is not read to its end. */
  checkHead?: (head: Buffer) => Promise<void>;
}

export interface FileStorage {
  /** Streams the source to storage; nothing is left behind when it fails or is too large. */
  save(source: Readable, options: SaveOptions): Promise<StoredFile>;
  open(key: string): Promise<Readable>;
  remove(key: string): Promise<void>;
  /** Every stored key (backups). */
  keys(): AsyncIterable<string>;
  /** Writes a file under a given key, replacing what was there (restores). */
  put(key: string, source: Readable): Promise<void>;
}

const HEAD_BYTES = 4_100;

/** A new key: year/month/uuid (both drivers). */
export function newStorageKey(now = new Date()): string {
  return `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${randomUUID()}`;
}

/** Keys are ours, but a key with an empty, `.` or `..` segment is refused by every driver. */
export function checkStorageKey(key: string): string {
  if (key === '' || key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new Error('invalid storage key');
  }
  return key;
}

/** What open() throws for a key that holds no file, whatever the driver (as fs does). */
export function missingFileError(key: string): Error {
  return Object.assign(new Error(`no stored file under ${key}`), { code: 'ENOENT' });
}

/** Counts, hashes and keeps the head of what flows through; fails past maxBytes or a refused head. */
export function meter({ maxBytes, checkHead }: SaveOptions) {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let size = 0;
  let headSize = 0;
  let headChecked = false;
  const check = (callback: (error?: Error | null) => void, then: () => void) => {
    headChecked = true;
    if (!checkHead) return then();
    checkHead(Buffer.concat(head)).then(then, (error: Error) => callback(error));
  };
  const transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(new FileTooLargeError(maxBytes));
      if (headSize < HEAD_BYTES) {
        head.push(chunk.subarray(0, HEAD_BYTES - headSize));
        headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
      }
      hash.update(chunk);
      if (!headChecked && headSize >= HEAD_BYTES) return check(callback, () => callback(null, chunk));
      callback(null, chunk);
    },
    flush(callback) {
      if (headChecked) return callback();
      check(callback, () => callback());
    },
  });
  return { transform, result: () => ({ size, sha256: hash.digest('hex'), head: Buffer.concat(head) }) };
}

/**
 * Why the local driver could not store a file in rootDir (created if missing), in French, or
 * undefined when it can: checked at start and by /ready, so that a folder the portal cannot write
 * (a volume owned by another user) is said before the first upload fails.
 */
export async function storageDirProblem(rootDir: string): Promise<string | undefined> {
  const probe = join(resolve(rootDir), '.tmp', `.ecriture-${process.pid}-${randomUUID()}`);
  try {
    await mkdir(dirname(probe), { recursive: true });
    await writeFile(probe, '');
    await rm(probe, { force: true });
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'erreur';
    const uid = process.getuid?.();
    return (
      `Le dossier des documents ${resolve(rootDir)} n'est pas accessible en écriture (${code}) : les dépôts de fichiers échoueraient. ` +
      `Donnez-en l'écriture à l'utilisateur du portail${uid === undefined ? '' : ` (uid ${uid})`}, ou choisissez un autre dossier avec STORAGE_DIR ou DATA_DIR.`
    );
  }
}

export function createLocalFileStorage(rootDir: string): FileStorage {
  const root = resolve(rootDir);
  const pathOf = (key: string) => {
    const path = resolve(root, key);
    // Keys are ours, but never let one escape the storage folder.
    if (!path.startsWith(root + sep)) throw new Error('invalid storage key');
    return path;
  };

  return {
    async save(source, options) {
      const key = newStorageKey();
      const temporary = join(root, '.tmp', randomUUID());
      await mkdir(dirname(temporary), { recursive: true });
      const { transform, result } = meter(options);
      const sink = createWriteStream(temporary, { flags: 'wx' });
      try {
        await pipeline(source, transform, sink);
        const target = pathOf(key);
        await mkdir(dirname(target), { recursive: true });
        await rename(temporary, target);
        return { key, ...result() };
      } catch (error) {
        // A transfer stopped early may still have the file's opening in flight: wait for the sink to
        // close, else the file would appear after its removal.
        if (!sink.closed) await new Promise<void>((done) => sink.once('close', () => done()));
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async open(key) {
      const path = pathOf(key);
      await stat(path);
      return createReadStream(path);
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    async *keys() {
      const walk = async function* (dir: string, prefix: string): AsyncGenerator<string> {
        const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return [];
          throw error;
        });
        for (const entry of entries) {
          // Transfers in progress are not files yet.
          if (prefix === '' && entry.name === '.tmp') continue;
          if (entry.isDirectory()) yield* walk(join(dir, entry.name), `${prefix}${entry.name}/`);
          else if (entry.isFile()) yield `${prefix}${entry.name}`;
        }
      };
      yield* walk(root, '');
    },
    async put(key, source) {
      const target = pathOf(key);
      const temporary = join(root, '.tmp', randomUUID());
      await mkdir(dirname(temporary), { recursive: true });
      try {
        await pipeline(source, createWriteStream(temporary, { flags: 'wx' }));
        await mkdir(dirname(target), { recursive: true });
        await rename(temporary, target);
      } finally {
        await rm(temporary, { force: true });
      }
    },
  };
}
