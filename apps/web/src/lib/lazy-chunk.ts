// spec 1 §8: a lazily loaded chunk that has not arrived after 120 seconds fails with ChunkLoadError (spec 1 §9:
// 120000 ms); whoever shows the chunk then offers a reload (app/route-error.tsx).
import { LAZY_CHUNK_TIMEOUT_MS } from '@portal/domain/constants';

export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** Runs a dynamic import, rejecting with ChunkLoadError if it has not settled within the timeout. */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = LAZY_CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Loading a chunk timed out after ${timeoutMs} ms`)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
