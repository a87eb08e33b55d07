import { describe, expect, it } from 'vitest';
import { canRetry429, retry429DelayMs, TERMS } from './constants.ts';

describe('constants', () => {
  it.each([
    [0, true],
    [1, true],
    [2, false],
  ])('retry after loop %i: %s', (loop, ok) => {
    expect(canRetry429(loop)).toBe(ok);
  });
  it.each([
    [0, 0],
    [0.5, 150],
    [0.9999, 299],
    [2, 300],
    [-1, 0],
  ])('delay for %d = %i', (r, ms) => {
    expect(retry429DelayMs(r)).toBe(ms);
  });
  it('terms figures', () => {
    expect(TERMS.chargebackSupportFeeCents).toBe(2500);
    expect(TERMS.liabilityCapCents).toBe(5000);
  });
});
