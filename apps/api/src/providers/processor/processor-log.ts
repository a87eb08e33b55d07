// The sandbox processor's memory of what it did (charges, refunds, removed tokens), like a real processor's ledger:
// an append-only JSON-lines file for the server, fsync'ed before the call answers (off the event loop, issue 8
// "Benchmark"), so a charge made just before a crash (kill -9) is still found by its idempotency key after a restart;
// plain memory in tests.
// It never holds a card or account number: only tokens, amounts and ids.
import { close, existsSync, fdatasync, fsync, open, readFileSync, write } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import type { Charge, Refund } from './processor.ts';

export type ProcessorLogEvent =
  | { t: 'charge'; charge: Charge }
  | { t: 'refund'; refund: Refund }
  | { t: 'delete'; token: string; at: string };

export interface ProcessorLog {
  /** Every event so far, oldest first (read once at start). */
  load(): ProcessorLogEvent[];
  /** Durably records an event (resolves once it is on disk). */
  append(event: ProcessorLogEvent): Promise<void>;
}

export function createMemoryProcessorLog(): ProcessorLog {
  const events: ProcessorLogEvent[] = [];
  return {
    load: () => [...events],
    append: async (event) => {
      events.push(event);
    },
  };
}

const openFile = promisify(open);
const writeFile = promisify(write) as (fd: number, text: string) => Promise<unknown>;
const datasyncFile = promisify(fdatasync);
const fsyncFile = promisify(fsync);
const closeFile = promisify(close);

export function createFileProcessorLog(file: string): ProcessorLog {
  const dir = dirname(file);
  // Opened on the first append and kept open (a plain descriptor, for the process's life).
  let fd: number | null = null;
  // Group commit: events appended while a write is on its way go out together in the next one (one fsync for all).
  let queued: { line: string; done: () => void; failed: (err: unknown) => void }[] = [];
  let writing = false;
  const flush = async () => {
    writing = true;
    while (queued.length > 0) {
      const batch = queued;
      queued = [];
      try {
        if (fd == null) {
          await mkdir(dir, { recursive: true });
          const opened = await openFile(file, 'a', 0o600);
          // The file's directory entry must survive a crash too (once per process is enough).
          const dirFd = await openFile(dir, 'r');
          try {
            await fsyncFile(dirFd);
          } finally {
            await closeFile(dirFd);
          }
          fd = opened;
        }
        // A torn line left by an earlier crash would glue onto this one: always start on a fresh line.
        await writeFile(fd, batch.map((b) => b.line).join(''));
        await datasyncFile(fd);
        for (const b of batch) b.done();
      } catch (err) {
        for (const b of batch) b.failed(err);
      }
    }
    writing = false;
  };
  return {
    load() {
      if (!existsSync(file)) return [];
      const out: ProcessorLogEvent[] = [];
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (line.trim() === '') continue;
        try {
          out.push(JSON.parse(line) as ProcessorLogEvent);
        } catch {
          // A line torn by a crash mid-write was never acknowledged: skip it.
        }
      }
      return out;
    },
    append(event) {
      // Written and fsync'ed off the event loop (the thread pool); the promise resolves once the event is on disk.
      return new Promise<void>((done, failed) => {
        queued.push({ line: `\n${JSON.stringify(event)}\n`, done, failed });
        if (!writing) void flush();
      });
    },
  };
}
