import { describe, expect, it } from 'vitest';
import { allocatePayment } from './ledger.ts';

const charges = [
  { id: 'next', code: 'Rent', dueDate: '2026-12-01', balanceCents: 185_000 },
  { id: 'rent', code: 'Rent', dueDate: '2026-10-01', balanceCents: 185_000 },
  { id: 'park', code: 'parking', dueDate: '2026-10-01', balanceCents: 7_500 },
  { id: 'paid', code: 'Rent', dueDate: '2026-09-01', balanceCents: 0 },
];

describe('allocatePayment (issue 8: oldest first)', () => {
  it.each([
    [0, [], 0],
    [100_000, [{ openChargeId: 'rent', amountCents: 100_000 }], 0],
    [185_000, [{ openChargeId: 'rent', amountCents: 185_000 }], 0],
    [
      190_000,
      [
        { openChargeId: 'rent', amountCents: 185_000 },
        { openChargeId: 'park', amountCents: 5_000 },
      ],
      0,
    ],
    [
      377_500,
      [
        { openChargeId: 'rent', amountCents: 185_000 },
        { openChargeId: 'park', amountCents: 7_500 },
        { openChargeId: 'next', amountCents: 185_000 },
      ],
      0,
    ],
    [
      400_000,
      [
        { openChargeId: 'rent', amountCents: 185_000 },
        { openChargeId: 'park', amountCents: 7_500 },
        { openChargeId: 'next', amountCents: 185_000 },
      ],
      22_500,
    ],
  ])('an amount of %i cents', (amountCents, allocations, unallocatedCents) => {
    expect(allocatePayment(charges, { amountCents })).toEqual({ allocations, unallocatedCents });
  });

  it('pays each charge code oldest first, the rest of a code unallocated', () => {
    expect(
      allocatePayment(charges, {
        charges: [
          { code: 'PARKING', amountCents: 10_000 },
          { code: 'Rent', amountCents: 200_000 },
          { code: 'storage', amountCents: 1_000 },
        ],
      }),
    ).toEqual({
      allocations: [
        { openChargeId: 'rent', amountCents: 185_000 },
        { openChargeId: 'park', amountCents: 7_500 },
        { openChargeId: 'next', amountCents: 15_000 },
      ],
      unallocatedCents: 2_500 + 1_000,
    });
  });

  it('refuses negative or fractional cents', () => {
    expect(() => allocatePayment(charges, { amountCents: -1 })).toThrow(RangeError);
    expect(() => allocatePayment(charges, { amountCents: 1.5 })).toThrow(RangeError);
    expect(() => allocatePayment(charges, { charges: [{ code: 'Rent', amountCents: -5 }] })).toThrow(RangeError);
  });
});
