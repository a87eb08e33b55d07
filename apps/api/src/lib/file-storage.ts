// Uploaded files live under the storage folder (outside any served folder), addressed by a random key.
// An upload streams into `tmp/<key>.part` (never whole in memory), is flushed to disk, and is renamed to its place
// `<key[0..2]>/<key>` only once the database row naming it is committed (issue 9): a crash before the commit leaves a
// temporary file no row names, one after it a temporary file a row names. The sweep at start (sweep-storage.ts)
// removes the first kind and moves the second into place, so a crash leaves no orphan file and no row without its file.
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

const KEY_RE = /^[0-9a-f-]{36}$/;
const PART_SUFFIX = '.part';

export interface ReceiveOptions {
  /** Bytes at which the upload is refused (spec 2 §9: under 10 MB, so 10 MB itself is too large). */
  tooLargeAt: number;
  /** Sees every chunk; answers false to refuse the file (its type cannot be accepted). */
  inspect?: (chunk: Buffer) => boolean;
}

/** A file received into the temporary folder: not yet in place (see place / discard). */
export interface PendingFile {
  key: string;
  size: number;
}

/** Why a received file was not kept: its size reached the limit, or inspect refused it. Nothing is left on disk. */
export class UploadRefused extends Error {
  constructor(
    readonly reason: 'too-large' | 'refused',
    readonly size: number,
  ) {
    super(`upload ${reason}`);
  }
}

export interface StoredFile {
  size: number;
  stream: Readable;
}

export interface FileStorage {
  /** Writes a whole file straight into place (the demo seed). */
  save(bytes: Buffer): Promise<string>;
  /**
   * Streams `source` into a new temporary file, flushed to disk; the source is always read to its end (what follows a
   * refusal is discarded), so the request that carries it can be answered. Throws UploadRefused (the temporary file
   * removed) when the size limit is reached or inspect refuses.
   */
  receive(source: AsyncIterable<Buffer>, opts: ReceiveOptions): Promise<PendingFile>;
  /** Moves a received file into place (after the row naming it is committed). */
  place(key: string): Promise<void>;
  /** Removes a received file that will not be kept. */
  discard(key: string): Promise<void>;
  read(key: string): Promise<Buffer>;
  /** The file as a stream, opened first: a missing file throws ENOENT before any byte is sent. */
  open(key: string): Promise<StoredFile>;
  remove(key: string): Promise<void>;
  /** Every file in place and every temporary one, with its age (for the sweep at start). */
  list(): Promise<{ placed: { key: string; mtimeMs: number }[]; pending: { key: string; mtimeMs: number }[] }>;
}

export function createFileStorage(dir: string): FileStorage {
  const checked = (key: string) => {
    if (!KEY_RE.test(key)) throw new Error('bad storage key');
    return key;
  };
  const pathOf = (key: string) => join(dir, checked(key).slice(0, 2), key);
  const tmpDir = join(dir, 'tmp');
  const partOf = (key: string) => join(tmpDir, `${checked(key)}${PART_SUFFIX}`);

  return {
    async save(bytes) {
      const key = randomUUID();
      await mkdir(join(dir, key.slice(0, 2)), { recursive: true });
      await writeFile(pathOf(key), bytes, { mode: 0o600 });
      return key;
    },

    async receive(source, opts) {
      const key = randomUUID();
      await mkdir(tmpDir, { recursive: true });
      const path = partOf(key);
      const file = await open(path, 'wx', 0o600);
      let size = 0;
      let refusal: UploadRefused['reason'] | null = null;
      try {
        for await (const chunk of source) {
          size += chunk.length;
          if (refusal) continue; // read on to the end, keep nothing
          if (size >= opts.tooLargeAt) refusal = 'too-large';
          else if (opts.inspect && !opts.inspect(chunk)) refusal = 'refused';
          else await file.write(chunk);
        }
        if (!refusal) await file.sync(); // on disk before the row that names it is committed
      } catch (err) {
        await file.close().catch(() => undefined);
        await rm(path, { force: true });
        throw err;
      }
      await file.close();
      if (refusal) {
        await rm(path, { force: true });
        throw new UploadRefused(refusal, size);
      }
      return { key, size };
    },

    async place(key) {
      await mkdir(join(dir, key.slice(0, 2)), { recursive: true });
      try {
        await rename(partOf(key), pathOf(key));
      } catch (err) {
        // Already moved (by another process's sweep at its start): fine when the file is in place.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || !(await stat(pathOf(key)).catch(() => null))) throw err;
      }
    },

    discard: (key) => rm(partOf(key), { force: true }),

    read: (key) => readFile(pathOf(key)),

    async open(key) {
      const handle = await open(pathOf(key), 'r');
      const { size } = await handle.stat();
      return { size, stream: handle.createReadStream() };
    },

    remove: (key) => rm(pathOf(key), { force: true }),

    async list() {
      const placed: { key: string; mtimeMs: number }[] = [];
      const pending: { key: string; mtimeMs: number }[] = [];
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const sub of entries) {
        if (!sub.isDirectory()) continue;
        const isTmp = sub.name === 'tmp';
        if (!isTmp && !/^[0-9a-f]{2}$/.test(sub.name)) continue;
        for (const name of await readdir(join(dir, sub.name))) {
          const key = isTmp ? name.slice(0, -PART_SUFFIX.length) : name;
          if ((isTmp && !name.endsWith(PART_SUFFIX)) || !KEY_RE.test(key)) continue;
          const info = await stat(join(dir, sub.name, name)).catch(() => null);
          if (info?.isFile()) (isTmp ? pending : placed).push({ key, mtimeMs: info.mtimeMs });
        }
      }
      return { placed, pending };
    },
  };
}
