import { describe, expect, it } from 'vitest';
import { buildSelfSignupPayload, customerNumberSchema, leaseDetailsSchema, originModal } from './signup.ts';

const issues = (v: unknown) => {
  const r = leaseDetailsSchema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('leaseDetailsSchema', () => {
  it.each([
    [{ startDate: '2025-07-01' }, []],
    [{ startDate: '2025-07-01', endDate: '2026-06-30', paymentDue: '1', residencyType: 'CONDO_OWNER', unit: ' 4B ' }, []],
    [{ startDate: '2025-07-01', endDate: '', paymentDue: '', residencyType: '' }, []],
    [{ startDate: '' }, ['startDate:validation.requiredField']],
    [{}, ['startDate:validation.requiredField']],
    [{ startDate: '2025-02-30' }, ['startDate:validation.date.invalid']],
    [{ startDate: '2025-07-01', endDate: '2025-06-30' }, ['endDate:validation.date.endBeforeStart']],
    [{ startDate: '2025-07-01', endDate: '2025-07-01' }, []],
    [{ startDate: '2025-07-01', endDate: 'soon' }, ['endDate:validation.date.invalid']],
    [{ startDate: '2025-07-01', paymentDue: 0 }, ['paymentDue:validation.signup.dueDayInvalid']],
    [{ startDate: '2025-07-01', paymentDue: 32 }, ['paymentDue:validation.signup.dueDayInvalid']],
    [{ startDate: '2025-07-01', paymentDue: 31 }, []],
    [{ startDate: '2025-07-01', paymentDue: 1.5 }, ['paymentDue:validation.signup.dueDayInvalid']],
  ])('%j → %j', (v, expected) => {
    expect(issues(v)).toEqual(expected);
  });
  it('customer number required', () => {
    expect(customerNumberSchema.safeParse(' ').success).toBe(false);
    expect(customerNumberSchema.safeParse('C-1').success).toBe(true);
  });
});

describe('buildSelfSignupPayload', () => {
  const user = { id: 'u1', firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com' };
  const details = leaseDetailsSchema.parse({ startDate: '2025-07-01', accountId: '', unit: '4B', paymentDue: 1 });
  it('plain property', () => {
    expect(buildSelfSignupPayload({ details, propertyId: 'p1', user })).toEqual({
      accountId: undefined,
      startDate: '2025-07-01',
      endDate: undefined,
      paymentDue: 1,
      propertyId: 'p1',
      unit: '4B',
      residencyType: undefined,
      user,
    });
  });
  it('integration customer: propertyId emptied, companyId and propertyIdentifier set', () => {
    const p = buildSelfSignupPayload({
      details,
      propertyId: 'p1',
      user,
      integration: { companyId: 'c1', externalPropertyId: 'EXT-9' },
    });
    expect(p).toMatchObject({ propertyId: '', companyId: 'c1', propertyIdentifier: 'EXT-9' });
  });
  it.each([
    ['TYPE_ON_BOARDING_PAGE', 'signup'],
    ['TYPE_LEASE_APPLICATION_PAGE', 'applyNow'],
    [null, null],
  ])('origin %s → %s', (o, m) => {
    expect(originModal(o)).toBe(m);
  });
});
