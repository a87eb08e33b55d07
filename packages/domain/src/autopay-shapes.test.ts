import { describe, expect, it } from 'vitest';
import {
  autopayUpcomingPaymentSchema,
  createRecurringScheduleBodySchema,
  saveListBodySchema,
  updateRecurringScheduleBodySchema,
} from './autopay-shapes.ts';

const base = {
  type: 'TYPE_RECURRING_SCHEDULE',
  billingAccountId: 'lease-1',
  billingAccountType: 'TYPE_PROPERTY_LEASE',
  paymentMethodId: 'pm-1',
  paymentMethodType: 'TYPE_CREDIT_CARD',
};
const paths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  (r.error?.issues ?? []).map((i) => i.path.join('.'));

describe('createRecurringScheduleBodySchema (spec 2 §3, §9)', () => {
  it('defaults recurrenceType MONTHLY and customAmount 0 (the balance then due)', () => {
    expect(createRecurringScheduleBodySchema.parse({ ...base, startDay: 5 })).toMatchObject({
      recurrenceType: 'MONTHLY',
      customAmount: 0,
      startDay: 5,
    });
  });

  it.each([
    [{ startDay: 1 }, true],
    [{ startDay: 31 }, true],
    [{ startDate: '2025-07-15' }, true],
    [{ startDay: 5, customAmount: 1 }, true],
    [{ startDay: 5, customAmount: 99_999_999.99 }, true],
    [{ startDay: 5, customAmount: 1925.5, confirmSoftMaximum: true, padSchedule: true }, true],
  ])('accepts %j', (extra, ok) => {
    expect(createRecurringScheduleBodySchema.safeParse({ ...base, ...extra }).success).toBe(ok);
  });

  it.each([
    [{}, 'startDay'],
    [{ startDay: 0 }, 'startDay'],
    [{ startDay: 32 }, 'startDay'],
    [{ startDay: 1.5 }, 'startDay'],
    [{ startDate: '2025-02-29' }, 'startDate'],
    [{ startDay: 5, customAmount: -1 }, 'customAmount'],
    [{ startDay: 5, customAmount: 1.001 }, 'customAmount'],
    [{ startDay: 5, customAmount: 100_000_000 }, 'customAmount'],
    [{ startDay: 5, recurrenceType: 'WEEKLY' }, 'recurrenceType'],
    [{ startDay: 5, billingAccountType: 'TYPE_OTHER' }, 'billingAccountType'],
    [{ startDay: 5, paymentMethodType: 'TYPE_NOPE' }, 'paymentMethodType'],
    [{ startDay: 5, charges: [{ code: 'Rent', amount: 0 }] }, 'charges.0.amount'],
  ])('refuses %j at %s', (extra, path) => {
    const r = createRecurringScheduleBodySchema.safeParse({ ...base, ...extra });
    expect(r.success).toBe(false);
    expect(paths(r)).toContain(path);
  });
});

describe('updateRecurringScheduleBodySchema (spec 2 §4, §7)', () => {
  it.each([
    [{ active: false, customAmount: 0 }, true],
    [{ active: true }, true],
    [{ startDay: 12 }, true],
    [{ paymentMethodId: 'pm-2', paymentMethodType: 'TYPE_BANK_ACCOUNT' }, true],
    [{}, false],
    [{ confirmSoftMaximum: true }, false],
    [{ paymentMethodId: 'pm-2' }, false],
    [{ paymentMethodType: 'TYPE_BANK_ACCOUNT' }, false],
  ])('%j → %s', (body, ok) => {
    expect(updateRecurringScheduleBodySchema.safeParse(body).success).toBe(ok);
  });
});

describe('saveListBodySchema and the upcoming payment', () => {
  it('takes leases with their charges and requireAutoPay false only', () => {
    const lease = { id: 'lease-1', charges: [{ code: 'Rent', amount: 1850 }] };
    expect(saveListBodySchema.safeParse({ billingAccounts: [{ ...lease, requireAutoPay: false }] }).success).toBe(true);
    expect(saveListBodySchema.safeParse({ billingAccounts: [{ ...lease, requireAutoPay: true }] }).success).toBe(false);
    expect(saveListBodySchema.safeParse({ billingAccounts: [] }).success).toBe(false);
  });

  it('answers the last change day beside the PENDING payment', () => {
    const upcoming = {
      id: 'rp-1',
      recurringScheduleId: 's-1',
      period: '2025-08',
      status: 'PENDING',
      scheduledDate: '2025-08-01',
      amount: 0,
      charges: [],
      padSchedule: true,
      lastChangeDate: '2025-07-29',
      changeable: true,
    };
    expect(autopayUpcomingPaymentSchema.parse(upcoming)).toEqual(upcoming);
    expect(autopayUpcomingPaymentSchema.safeParse({ ...upcoming, lastChangeDate: undefined }).success).toBe(false);
  });
});
