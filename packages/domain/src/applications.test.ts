import { describe, expect, it } from 'vitest';
import {
  applicationAction,
  applicationCompletedSections,
  applicationProgressPercent,
  applicationRecordProgress,
  applicationResumeUrl,
  applicationStatusKey,
  applicationStatusText,
  applicationStatusTone,
  applicationTotalSections,
  canOpenScreeningReport,
  isPaymentSetupRefused,
  showApplicationReportColumns,
} from './applications.ts';

const full = {
  acknowledgedTerms: 'YES',
  propertyId: 'p1',
  phone: '6135550123',
  emergencyContact: { firstName: 'Kim' },
  addresses: [{ street1: '1 Main' }],
  otherOccupants: [{ names: 'Al' }],
  employment: { employerName: 'ACME' },
  referenceList: [{ name: 'Bo' }],
  joins: { screening: { id: 's1' } },
};

describe('application sections', () => {
  it.each([
    [{}, 4],
    [{ existingTenant: true }, 3],
    [{ template: { sections: { '3': { a: false }, '5': { a: true } } } }, 5],
    [{ template: { sections: { section6: { a: true }, '7': { b: true }, '8': { c: 1 } } } }, 6],
    [{ template: { sections: null, applicationFeeAmount: 25 } }, 5],
    [{ template: { applicationFeeAmount: '0' } }, 4],
    [{ flags: { identityVerificationEnabled: true, incomeVerificationEnabled: true } }, 5],
    [{ flags: { identityVerificationEnabled: true, incomeVerificationEnabled: false } }, 4],
    [
      {
        template: {
          sections: { '3': { a: true }, '5': { a: true }, '6': { a: true }, '7': { a: true }, '8': { a: true } },
          applicationFeeAmount: 1,
        },
        flags: { identityVerificationEnabled: true, incomeVerificationEnabled: true },
      },
      11,
    ],
  ])('total of %j = %i', (input, total) => {
    expect(applicationTotalSections(input)).toBe(total);
  });
  it.each([
    [{}, 0],
    [full, 9],
    [{ ...full, addresses: [], otherOccupants: null, acknowledgedTerms: 'NO', employment: {}, joins: undefined }, 4],
    [{ emergencyContact: { firstName: '' }, phone: '' }, 0],
  ])('completed of %j = %i', (app, n) => {
    expect(applicationCompletedSections(app)).toBe(n);
  });
  it.each([
    [{ application: {} }, 0],
    [{ application: { propertyId: 'p', acknowledgedTerms: true } }, 50],
    [{ application: { propertyId: 'p' } }, 25],
    [{ application: { propertyId: 'p' }, template: { applicationFeeAmount: 5 } }, 20],
    [{ application: { propertyId: 'p', phone: '1' }, template: { applicationFeeAmount: 5 } }, 40],
    [{ application: full, existingTenant: true }, 100],
    [
      {
        application: { propertyId: 'p', phone: '1' },
        flags: { identityVerificationEnabled: true, incomeVerificationEnabled: true },
        template: { applicationFeeAmount: 1 },
      },
      33,
    ],
  ])('percent %j = %i', (input, pct) => {
    expect(applicationProgressPercent(input)).toBe(pct);
  });
});

describe('application status', () => {
  it.each([
    ['PENDING', 'SUBMITTED', 'domain.applicationStatus.submitted', 'view'],
    ['IN_PROGRESS', 'IN PROGRESS', 'domain.applicationStatus.inProgress', 'resume'],
    ['NOT_STARTED', 'NOT STARTED', 'domain.applicationStatus.notStarted', 'resume'],
    ['APPROVED', 'APPROVED', 'domain.applicationStatus.approved', 'view'],
    ['NEEDS-INFO!', 'NEEDS INFO', null, 'view'],
    [null, '', null, 'view'],
  ])('%s', (status, text, key, action) => {
    expect(applicationStatusText(status)).toBe(text);
    expect(applicationStatusKey(status)).toBe(key);
    expect(applicationAction(status)).toBe(action);
    expect(showApplicationReportColumns(status)).toBe(action === 'view');
  });
  it('screening, payment setup and resume url', () => {
    // issue 21 §1: a report for every answered screening (the server's GET reports answers these three)
    expect(canOpenScreeningReport('PASS')).toBe(true);
    expect(canOpenScreeningReport('FAIL')).toBe(true);
    expect(canOpenScreeningReport('REVIEW')).toBe(true);
    expect(canOpenScreeningReport('PENDING')).toBe(false);
    expect(canOpenScreeningReport('ERROR')).toBe(false);
    expect(isPaymentSetupRefused('PENDING')).toBe(true);
    expect(isPaymentSetupRefused('APPROVED')).toBe(false);
    expect(applicationResumeUrl('acme page', 'a/1')).toBe('/apply/acme%20page?applicationId=a%2F1');
  });
});

describe('applicationStatusTone', () => {
  it('sets refused applications apart from open and accepted ones', () => {
    expect(applicationStatusTone('DECLINED')).toBe('negative');
    expect(applicationStatusTone('CANCELLED')).toBe('negative');
    expect(applicationStatusTone('IN_PROGRESS')).toBe('open');
    expect(applicationStatusTone('NOT_STARTED')).toBe('open');
    expect(applicationStatusTone('PENDING')).toBe('positive');
    expect(applicationStatusTone('APPROVED')).toBe('positive');
  });
});

describe('applicationRecordProgress', () => {
  const record = {
    existingTenant: false,
    acknowledgedTerms: true,
    propertyId: 'p1',
    phone: '+16045550142',
    addresses: [{ street1: '1 Main' }],
    joins: { lap: { sections: { '3': { street1: true } }, applicationFeeAmount: 0 } },
  };
  // issue 21 §1: 80% on the dashboard (a search record: no screenings join), 90% on Applications (the server's percent
  // with the screenings joined), 60% in the form: one rule over the record, whatever the answer carries
  it('one figure for a submitted application, with or without the screenings join and the server percent', () => {
    const lap = { ...record.joins.lap, creditReportEnabled: true };
    const submitted = { ...record, status: 'PENDING', joins: { lap } };
    const withJoin = { ...submitted, joins: { lap, screenings: [{ id: 's', type: 'CREDIT', status: 'PENDING' }] } };
    expect(applicationRecordProgress(submitted)).toBe(100);
    expect(applicationRecordProgress(withJoin)).toBe(100);
    // a stale or different percent in the answer does not make a second figure
    expect(applicationRecordProgress({ ...withJoin, progress: 42 })).toBe(100);
    // not submitted yet: no screening exists, so none counts
    expect(applicationRecordProgress({ ...submitted, status: 'IN_PROGRESS' })).toBe(80);
    // a page that asks for no screening: a submitted application has no joined record
    expect(applicationRecordProgress({ ...record, status: 'PENDING' })).toBe(80);
  });
  it('computes from the record and its lap join; a screening or income verification is the joined record', () => {
    // total 3 + 1 + section 3 = 5; done: terms, property, phone, first address = 4
    expect(applicationRecordProgress(record)).toBe(80);
    expect(applicationRecordProgress({ ...record, joins: { ...record.joins, screenings: [{ id: 's' }] } })).toBe(100);
    expect(applicationRecordProgress({ ...record, joins: { ...record.joins, incomeVerification: { id: 'i' } } })).toBe(100);
    // no template joined: the base sections only
    expect(applicationRecordProgress({ ...record, joins: null })).toBe(100);
  });
});
