import { describe, expect, it } from 'vitest';
import { balanceBreakdown } from './balance-breakdown.ts';

const TODAY = '2026-11-22';

describe('balanceBreakdown (issue 20: overdue apart from what is coming due)', () => {
  it('splits $3,775 into $1,925 overdue and $1,850 coming due on 01-Dec', () => {
    const charges = [
      { dueDate: '2026-10-01', balance: 1850 },
      { dueDate: '2026-11-01T00:00:00Z', balance: 75 },
      { dueDate: '2026-12-01', balance: 1850 },
    ];
    expect(balanceBreakdown(charges, TODAY)).toEqual({
      totalCents: 377500,
      overdueCents: 192500,
      dueThisMonthCents: 0,
      comingDueCents: 185000,
      nextComingDueDate: '2026-12-01',
    });
  });

  it('after the overdue part is paid: nothing overdue, $1,850 coming due', () => {
    const b = balanceBreakdown([{ dueDate: '2026-12-01', balance: 1850 }], TODAY);
    expect(b).toMatchObject({ overdueCents: 0, dueThisMonthCents: 0, comingDueCents: 185000, totalCents: 185000 });
  });

  it.each([
    ['2026-11-21', 'overdueCents'],
    ['2026-11-22', 'dueThisMonthCents'],
    ['2026-11-30', 'dueThisMonthCents'],
    ['2026-12-01', 'comingDueCents'],
  ] as const)('a charge due %s counts as %s', (dueDate, group) => {
    expect(balanceBreakdown([{ dueDate, balance: '10.50' }], TODAY)[group]).toBe(1050);
  });

  it('keeps a credit in the total but never as due, and the next date is the earliest', () => {
    const b = balanceBreakdown(
      [
        { dueDate: '2026-10-01', balance: -20 },
        { dueDate: '2027-01-01', balance: 100 },
        { dueDate: '2026-12-15', balance: 50 },
        { dueDate: '2026-10-05', balance: 0 },
      ],
      TODAY,
    );
    expect(b).toEqual({
      totalCents: 13000,
      overdueCents: 0,
      dueThisMonthCents: 0,
      comingDueCents: 15000,
      nextComingDueDate: '2026-12-15',
    });
    expect(balanceBreakdown(null, TODAY).totalCents).toBe(0);
  });
});
