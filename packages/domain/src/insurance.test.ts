import { describe, expect, it } from 'vitest';
import {
  areInsuranceOptionsAvailable,
  availableInsurancePartners,
  canTerminateInsurance,
  INSURANCE_QUOTE_PARAMETERS,
  insuranceStatusDisplay,
  isInsurancePartnerAvailable,
  isPolicyNumberUnique,
  newExternalPolicyStatus,
  nextInsuranceStatus,
  splitPostalCodeForQuote,
  validateInsuranceDates,
  validateInsuranceUpdate,
} from './insurance.ts';

describe('availability', () => {
  it('only for ACTIVE leases', () => {
    expect(areInsuranceOptionsAvailable('ACTIVE')).toBe(true);
    expect(areInsuranceOptionsAvailable('PENDING')).toBe(false);
  });
  it.each([
    ['CA', 'BC', ['NUERA', 'MELLO', 'APOLLO']],
    ['CA', 'SK', ['NUERA', 'APOLLO']],
    ['CA', 'QC', []],
    ['CA', 'NS', ['APOLLO']],
    ['US', 'CA', []],
    ['US', 'NY', []],
    ['GB', null, ['APOLLO']],
  ])('%s %s → %j', (country, province, partners) => {
    expect(availableInsurancePartners(country, province)).toEqual(partners);
  });
  it('property flags switch partners off', () => {
    expect(availableInsurancePartners('CA', 'ON', { NUERA: true, MELLO: false })).toEqual(['NUERA']);
    expect(isInsurancePartnerAvailable('APOLLO', 'ca', 'qc')).toBe(false);
  });
});

describe('quotes', () => {
  it.each([
    ['K1A 0B1', 'CA', ['K1A', '0B1']],
    ['k1a0b1', 'CA', ['K1A', '0B1']],
    ['K1A0B', 'CA', null],
    ['90210', 'US', null],
    [null, 'CA', null],
  ])('%s %s → %j', (postal, country, split) => {
    expect(splitPostalCodeForQuote(postal, country)).toEqual(split);
  });
  it('fixed parameters', () => {
    expect(INSURANCE_QUOTE_PARAMETERS).toMatchObject({
      contentsLimit: 30000,
      deductible: 2500,
      liability: 1000000,
      dwellingType: 2,
    });
  });
});

describe('policy form', () => {
  it.each([
    [{ startDate: '2025-01-01', endDate: '2026-01-01' }, null],
    [{ startDate: '2025-01-01', endDate: '2025-01-01', effectiveDate: '2025-01-01' }, null],
    [{ startDate: '2025-01-02', endDate: '2025-01-01' }, 'validation.insurance.dateOrder'],
    [{ startDate: '2025-01-02', endDate: '2026-01-01', effectiveDate: '2025-01-01' }, 'validation.insurance.dateOrder'],
    [{ endDate: '2026-01-01' }, 'validation.requiredField'],
  ])('%j → %s', (dates, key) => {
    const r = validateInsuranceDates(dates);
    expect(r.ok ? null : r.key).toBe(key);
  });
  it.each([
    [{ firstName: 'A', lastName: 'B', carrierName: 'C' }, true],
    [{ firstName: 'A', lastName: ' ', carrierName: 'C' }, false],
    [{ firstName: 'A', lastName: 'B' }, false],
  ])('update %j ok=%s', (v, ok) => {
    expect(validateInsuranceUpdate(v).ok).toBe(ok);
  });
  it('policy number unique per lease', () => {
    const existing = [{ id: 'p1', policyIdentifier: 'ABC-1', leaseId: 'L1' }];
    expect(isPolicyNumberUnique('abc-1 ', 'L1', existing)).toBe(false);
    expect(isPolicyNumberUnique('ABC-1', 'L2', existing)).toBe(true);
    expect(isPolicyNumberUnique('ABC-1', 'L1', existing, 'p1')).toBe(true);
  });
});

describe('status', () => {
  it('transitions', () => {
    expect(newExternalPolicyStatus()).toEqual({ approvalStatus: 'PENDING', status: 'NEW', policyProvider: 'TENANT_UPLOAD' });
    expect(nextInsuranceStatus('NEW', 'edit')).toBe('CHANGED');
    expect(nextInsuranceStatus('CHANGED', 'terminate')).toBe('CANCELLED');
    expect(() => nextInsuranceStatus('CANCELLED', 'edit')).toThrow(RangeError);
  });
  it.each([
    [{ policyProvider: 'TENANT_UPLOAD', status: 'NEW' }, true],
    [{ policyProvider: 'TENANT_UPLOAD', status: 'CANCELLED' }, false],
    [{ policyProvider: 'TENANT_UPLOAD', status: 'NEW', insuranceTerminated: true }, false],
    [{ policyProvider: 'NUERA', status: 'NEW' }, false],
  ])('terminate %j → %s', (p, ok) => {
    expect(canTerminateInsurance(p)).toBe(ok);
  });
  it.each([
    [{ approvalStatus: 'PENDING' }, { key: 'domain.insurance.pendingApproval', tooltip: null }],
    [{}, { key: 'domain.insurance.pendingApproval', tooltip: null }],
    [
      { approvalStatus: 'APPROVED', approvalStatusComment: 'ok' },
      { key: 'domain.insurance.statusByManager', values: { status: 'Approved' }, tooltip: 'ok' },
    ],
    [{ approvalStatus: 'REJECTED' }, { key: 'domain.insurance.statusByManager', values: { status: 'Rejected' }, tooltip: null }],
  ])('display %j', (p, d) => {
    expect(insuranceStatusDisplay(p)).toEqual(d);
  });
});
