// Uploaded files live under the storage folder (outside any served folder), addressed by a random key.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface FileStorage {
  save(bytes: Buffer): Promise<string>;
  read(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

export function createFileStorage(dir: string): FileStorage {
  const pathOf = (key: string) => {
    if (!/^[0-9a-f-]{36}$/.test(key)) throw new Error('bad storage key');
    return join(dir, key.slice(0, 2), key);
  };
  return {
    async save(bytes) {
      const key = randomUUID();
      await mkdir(join(dir, key.slice(0, 2)), { recursive: true });
      await writeFile(pathOf(key), bytes, { mode: 0o600 });
      return key;
    },
    read: (key) => readFile(pathOf(key)),
    remove: (key) => rm(pathOf(key), { force: true }),
  };
}
