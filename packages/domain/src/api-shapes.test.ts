import { describe, expect, it } from 'vitest';
import {
  broadcastMessagesSchema,
  companyJoinSchema,
  customerSchema,
  documentRecordSchema,
  paymentTransactionRecordSchema,
  propertyLeaseRecordSchema,
} from './api-shapes.ts';

const customer = {
  id: 'c1',
  firstName: 'Camille',
  lastName: 'Tremblay',
  email: 'tenant@demo.test',
  birthDate: '1990-04-12',
  phone: '+16045550142',
  phoneMetadata: null,
  phoneStatus: null,
  alternatePhone: null,
  languageCode: 'fr',
  preferredContactMethod: 'EMAIL',
  muteTextMessageNotification: true,
  textMessageNotificationMutedBy: 'CUSTOMER',
  acknowledgedTerms: false,
  country: 'CA',
  accountType: null,
};

describe('api-shapes', () => {
  it('accepts a customer as the API answers it and refuses values outside the spec', () => {
    expect(customerSchema.parse(customer)).toEqual(customer);
    expect(customerSchema.safeParse({ ...customer, languageCode: 'de' }).success).toBe(false);
    expect(customerSchema.safeParse({ ...customer, textMessageNotificationMutedBy: 'ADMIN' }).success).toBe(false);
    expect(customerSchema.safeParse({ ...customer, country: 'MX' }).success).toBe(false);
  });

  it('knows the three broadcast severities only', () => {
    const message = { id: 'b1', message: 'x', messageEn: 'x', messageFr: 'x', startsAt: '2026-11-01T00:00:00Z', endsAt: null };
    for (const severity of ['CRITICAL', 'WARNING', 'INFO']) {
      expect(broadcastMessagesSchema.safeParse({ records: [{ ...message, severity }] }).success).toBe(true);
    }
    expect(broadcastMessagesSchema.safeParse({ records: [{ ...message, severity: 'NOTICE' }] }).success).toBe(false);
  });

  it('drops keys a record type does not have (what the API tests use to prove none are extra)', () => {
    const doc = {
      id: 'd1',
      url: '/api/document/d1/download/c1/lease.png',
      ownerType: 'TYPE_CUSTOMER',
      name: 'lease.png',
      size: 10,
      recordType: 'PROPERTY_LEASE',
      recordId: 'l1',
      createDate: '2026-11-01T00:00:00Z',
    };
    expect(documentRecordSchema.parse({ ...doc, storageKey: 'secret/path' })).toEqual(doc);
    expect(documentRecordSchema.safeParse({ ...doc, ownerType: 'TYPE_STRANGER' }).success).toBe(false);
  });

  it('holds payments to their currencies and leases to their schedule statuses', () => {
    const tx = paymentTransactionRecordSchema.shape;
    expect(tx.currency.safeParse('CAD').success).toBe(true);
    expect(tx.currency.safeParse('EUR').success).toBe(false);
    const lease = propertyLeaseRecordSchema.shape;
    expect(lease.recurringScheduleStatus.safeParse('ACTIVE').success).toBe(true);
    expect(lease.recurringScheduleStatus.safeParse(null).success).toBe(true);
    expect(lease.recurringScheduleStatus.safeParse('PAUSED').success).toBe(false);
    expect(companyJoinSchema.shape.landlordId.safeParse(null).success).toBe(true);
  });
});
