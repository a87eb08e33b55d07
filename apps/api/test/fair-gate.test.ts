// The fair gate's turns (issue 21 "Fair use"): a caller's turns are taken and given back in order, a turn given back
// twice counts once, another caller never waits for this one's, and a lane full of waiters refuses with 429.
import { describe, expect, it } from 'vitest';
import { FairGate } from '../src/services/search/fair-gate.ts';

describe('FairGate.acquire', () => {
  it('admits up to the lane, then in arrival order; a release given twice counts once; other callers pass', async () => {
    const gate = new FairGate({ perCaller: 2, maxWaiting: 2 });
    const first = await gate.acquire('a');
    const second = await gate.acquire('a');
    const order: string[] = [];
    const third = gate.acquire('a').then((r) => {
      order.push('third');
      return r;
    });
    const fourth = gate.acquire('a').then((r) => {
      order.push('fourth');
      return r;
    });
    await expect(gate.acquire('a')).rejects.toMatchObject({ errorCode: 'RM_ERROR_TOO_MANY_REQUESTS' });
    // Another caller is never behind a's turns.
    const other = await gate.acquire('b');
    other();
    expect(gate.load('a')).toEqual({ active: 2, waiting: 2 });
    first();
    first(); // given back again: still only one turn freed
    await third;
    expect(order).toEqual(['third']);
    expect(gate.load('a')).toEqual({ active: 2, waiting: 1 });
    second();
    (await fourth)();
    (await third)();
    expect(order).toEqual(['third', 'fourth']);
    expect(gate.load('a')).toEqual({ active: 0, waiting: 0 });
  });
});
