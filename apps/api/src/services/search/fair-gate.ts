// Per-caller fairness for searches (issue 9 "Fair use"): one tenant's flood of heavy searches must not queue ahead of
// another tenant's light one. The embedded database runs one statement at a time on its thread, in arrival order, so
// without a gate 50 heavy searches of tenant A sit in front of tenant B's. Here each caller has a lane of `perCaller`
// units: a search takes 1 unit, a heavy one all of them; the rest wait in that caller's own queue, in order. So B's
// search waits behind at most one heavy search of A (or two light ones), whatever A sends.
import { AppError } from '../../lib/app-error.ts';

interface Waiter {
  weight: number;
  start: () => void;
}

interface Lane {
  /** Units in use. */
  active: number;
  waiting: Waiter[];
}

export interface FairGateOptions {
  /** Units of one caller in the database at once. */
  perCaller: number;
  /** Searches of one caller waiting beyond those; more are refused with 429. */
  maxWaiting: number;
}

export class FairGate {
  private readonly lanes = new Map<string, Lane>();

  constructor(private readonly opts: FairGateOptions) {}

  /** Runs fn when the caller's lane has room for `weight` units (at most the whole lane), in arrival order. */
  async run<T>(caller: string, fn: () => Promise<T>, weight = 1): Promise<T> {
    const release = await this.acquire(caller, weight);
    try {
      return await fn();
    } finally {
      release();
    }
  }

  /**
   * Waits until the caller's lane has room for `weight` units, takes them, and answers the function that gives them
   * back (once; later calls do nothing). Refuses with 429 when `maxWaiting` are already waiting in the lane.
   */
  async acquire(caller: string, weight = 1): Promise<() => void> {
    const units = Math.max(1, Math.min(weight, this.opts.perCaller));
    const lane = this.lanes.get(caller) ?? { active: 0, waiting: [] };
    this.lanes.set(caller, lane);
    if (lane.waiting.length === 0 && lane.active + units <= this.opts.perCaller) {
      lane.active += units;
    } else {
      if (lane.waiting.length >= this.opts.maxWaiting) {
        throw new AppError('RM_ERROR_TOO_MANY_REQUESTS', 'server.search.busy', { headers: { 'retry-after': '1' } });
      }
      // admit() takes the units on the waiter's behalf when it starts it.
      await new Promise<void>((start) => lane.waiting.push({ weight: units, start }));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      lane.active -= units;
      this.admit(lane);
      if (lane.active === 0 && lane.waiting.length === 0) this.lanes.delete(caller);
    };
  }

  /** Starts the waiters at the head of the lane that fit, in order. */
  private admit(lane: Lane): void {
    while (lane.waiting.length && lane.active + lane.waiting[0].weight <= this.opts.perCaller) {
      const next = lane.waiting.shift() as Waiter;
      lane.active += next.weight;
      next.start();
    }
  }

  /** Units of a caller in use and searches waiting (tests, metrics). */
  load(caller: string): { active: number; waiting: number } {
    const lane = this.lanes.get(caller);
    return { active: lane?.active ?? 0, waiting: lane?.waiting.length ?? 0 };
  }
}
