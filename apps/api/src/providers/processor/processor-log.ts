// The sandbox processor's memory of what it did (charges, refunds, removed tokens), like a real processor's ledger:
// an append-only JSON-lines file for the server, fsync'ed before the call answers, so a charge made just before a
// crash (kill -9) is still found by its idempotency key after a restart; plain memory in tests.
// It never holds a card or account number: only tokens, amounts and ids.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Charge, Refund } from './processor.ts';

export type ProcessorLogEvent =
  | { t: 'charge'; charge: Charge }
  | { t: 'refund'; refund: Refund }
  | { t: 'delete'; token: string; at: string };

export interface ProcessorLog {
  /** Every event so far, oldest first (read once at start). */
  load(): ProcessorLogEvent[];
  /** Durably records an event (returns once it is on disk). */
  append(event: ProcessorLogEvent): void;
}

export function createMemoryProcessorLog(): ProcessorLog {
  const events: ProcessorLogEvent[] = [];
  return {
    load: () => [...events],
    append: (event) => {
      events.push(event);
    },
  };
}

export function createFileProcessorLog(file: string): ProcessorLog {
  let dirSynced = false;
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
      const dir = dirname(file);
      mkdirSync(dir, { recursive: true });
      const fd = openSync(file, 'a', 0o600);
      try {
        // A torn line left by an earlier crash would glue onto this one: always start on a fresh line.
        writeSync(fd, `\n${JSON.stringify(event)}\n`);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      if (!dirSynced) {
        // The file's directory entry must survive a crash too (once per process is enough).
        const dirFd = openSync(dir, 'r');
        try {
          fsyncSync(dirFd);
        } finally {
          closeSync(dirFd);
        }
        dirSynced = true;
      }
    },
  };
}
