import { describe, expect, it } from 'vitest';
import {
  accountStatusForDays,
  BASE_SEGMENT_FIELDS,
  buildHeaderRecord,
  buildMetro2File,
  buildRentalBaseSegment,
  buildTrailerRecord,
  daysBetween,
  HEADER_FIELDS,
  historyCodeForDays,
  type LedgerCharge,
  layOutRecord,
  ledgerStateAsOf,
  METRO2_RECORD_LENGTH,
  metro2Date,
  metro2Dollars,
  metro2Text,
  metro2TimeStamp,
  parseMetro2Date,
  paymentHistoryProfile,
  periodEnd,
  previousPeriod,
  type RentalAccountInput,
  readRecord,
  scheduledMonthlyPaymentCents,
  splitMetro2File,
  TRAILER_FIELDS,
} from './metro2.ts';

/** The text at the CRRG's 1-based inclusive positions (the tests read by position, not through the builder's table). */
const at = (record: string, from: number, to: number) => record.slice(from - 1, to);

const rent = (dueDate: string, paidOn: string | null, amountCents = 185_000): LedgerCharge => ({
  dueDate,
  amountCents,
  allocations: paidOn ? [{ postedOn: paidOn, amountCents }] : [],
});

function tenant(overrides: Partial<RentalAccountInput> = {}): RentalAccountInput {
  return {
    furnisherId: 'RENTPORTAL01',
    accountNumber: 'RL0123456789ABCDEF',
    period: '2026-10',
    builtAt: '2026-11-02T06:30:15.000Z',
    lease: {
      startDate: '2025-09-01',
      endDate: '2028-08-31',
      unit: '804',
      charges: [
        { code: 'Rent', name: 'Rent', amount: 185_000 },
        { code: 'parking', name: 'Parking', amount: 7_550 },
      ],
    },
    ledger: {
      charges: [
        rent('2026-08-01', '2026-08-01'),
        rent('2026-09-01', '2026-09-02'),
        rent('2026-10-01', '2026-10-01'),
        rent('2026-10-01', '2026-10-01', 7_550),
      ],
      // in any order: the last payment is the latest day
      payments: [
        { postedOn: '2026-10-01', amountCents: 192_550 },
        { postedOn: '2026-08-01', amountCents: 185_000 },
        { postedOn: '2026-09-02', amountCents: 185_000 },
      ],
    },
    consumer: {
      firstName: 'Camille',
      lastName: 'Tremblay-Gagné',
      middleName: null,
      birthDate: '1990-04-12',
      phone: '+16045550142',
    },
    address: {
      street1: '1250 Granville Street',
      street2: null,
      city: 'Vancouver',
      province: 'BC',
      postalCode: 'V6Z 1M6',
      country: 'CA',
    },
    ...overrides,
  };
}

describe('Metro 2 field tables', () => {
  it.each([
    ['base segment', BASE_SEGMENT_FIELDS],
    ['header', HEADER_FIELDS],
    ['trailer', TRAILER_FIELDS],
  ])('the %s tiles positions 1..426 with no gap or overlap', (_name, fields) => {
    let next = 1;
    for (const f of fields) {
      expect(f.start).toBe(next);
      next = f.start + f.length;
    }
    expect(next - 1).toBe(METRO2_RECORD_LENGTH);
  });

  it('numbers are right-justified and zero-filled, text left-justified and blank-filled', () => {
    const fields = [
      { name: 'n', start: 1, length: 5, kind: 'N' as const },
      { name: 'a', start: 6, length: 6, kind: 'A' as const },
    ];
    expect(layOutRecord(fields, { n: 42, a: 'ab' })).toBe('00042AB    ');
    expect(layOutRecord(fields, {})).toBe('00000      ');
    expect(layOutRecord(fields, { n: '', a: 'toolongvalue' })).toBe('00000TOOLON');
    expect(() => layOutRecord(fields, { n: 123456 })).toThrow(RangeError);
    expect(() => layOutRecord(fields, { n: '12a' })).toThrow(RangeError);
    expect(readRecord(fields, '00042AB    ')).toEqual({ n: '00042', a: 'AB    ' });
  });

  it('text keeps Metro 2 characters: accents dropped, upper case, others blanked', () => {
    expect(metro2Text('Gagné-Côté')).toBe('GAGNE-COTE');
    expect(metro2Text('  Apt #4 / 2nd_floor  ')).toBe('APT #4 / 2ND FLOOR');
  });

  it('dates are MMDDYYYY (zeros when none), time stamps MMDDYYYYHHMMSS, money whole dollars', () => {
    expect(metro2Date('2025-09-01')).toBe('09012025');
    expect(metro2Date('2025-09-01T10:00:00Z')).toBe('09012025');
    expect(metro2Date(null)).toBe('00000000');
    expect(() => metro2Date('2025-02-30')).toThrow(RangeError);
    expect(parseMetro2Date('09012025')).toBe('2025-09-01');
    expect(parseMetro2Date('00000000')).toBeNull();
    expect(parseMetro2Date('13012025')).toBeNull();
    expect(parseMetro2Date('0901202A')).toBeNull();
    expect(metro2TimeStamp('2026-11-02T06:30:15.000Z')).toBe('11022026063015');
    expect(() => metro2TimeStamp('yesterday')).toThrow(RangeError);
    expect(metro2Dollars(192_599)).toBe(1925);
    expect(metro2Dollars(99)).toBe(0);
    expect(metro2Dollars(-5_000)).toBe(0);
  });

  it('periods: the last day, the month before today', () => {
    expect(periodEnd('2026-02')).toBe('2026-02-28');
    expect(periodEnd('2024-02')).toBe('2024-02-29');
    expect(() => periodEnd('2026-13')).toThrow(RangeError);
    expect(previousPeriod('2026-01-02')).toBe('2025-12');
    expect(previousPeriod('2026-11-27')).toBe('2026-10');
  });
});

describe('the ledger as of a day', () => {
  it.each([
    [0, '11', '0'],
    [29, '11', '0'],
    [30, '71', '1'],
    [59, '71', '1'],
    [60, '78', '2'],
    [89, '78', '2'],
    [90, '80', '3'],
    [120, '82', '4'],
    [150, '83', '5'],
    [179, '83', '5'],
    [180, '84', '6'],
    [400, '84', '6'],
  ])('%i days past due → account status %s, history %s', (days, status, code) => {
    expect(accountStatusForDays(days)).toBe(status);
    expect(historyCodeForDays(days)).toBe(code);
  });

  it('counts payments made by the day only, and charges due by the day only', () => {
    const charges = [rent('2026-09-01', '2026-10-15'), rent('2026-10-01', null), rent('2026-11-01', null)];
    expect(ledgerStateAsOf(charges, '2026-09-30')).toEqual({
      balanceCents: 185_000,
      pastDueCents: 185_000,
      oldestUnpaidDueDate: '2026-09-01',
      daysPastDue: 29,
    });
    expect(ledgerStateAsOf(charges, '2026-10-31')).toEqual({
      balanceCents: 185_000,
      pastDueCents: 185_000,
      oldestUnpaidDueDate: '2026-10-01',
      daysPastDue: 30,
    });
    // due today is owed, not yet past due
    expect(ledgerStateAsOf(charges, '2026-11-01')).toMatchObject({ balanceCents: 370_000, pastDueCents: 185_000 });
    expect(daysBetween('2026-10-01', '2026-10-31')).toBe(30);
  });

  it('a partial payment leaves the rest owed; an overpayment is never a negative charge', () => {
    const partial: LedgerCharge = {
      dueDate: '2026-10-01',
      amountCents: 100_000,
      allocations: [{ postedOn: '2026-10-02', amountCents: 40_000 }],
    };
    const over: LedgerCharge = {
      dueDate: '2026-10-01',
      amountCents: 100_000,
      allocations: [{ postedOn: '2026-10-02', amountCents: 120_000 }],
    };
    expect(ledgerStateAsOf([partial], '2026-10-31').pastDueCents).toBe(60_000);
    expect(ledgerStateAsOf([over], '2026-10-31').balanceCents).toBe(0);
  });

  it('the scheduled monthly payment is rent plus recurring fees, never a deposit or one-time fee', () => {
    expect(
      scheduledMonthlyPaymentCents([
        { code: 'Rent', name: 'Rent', amount: 185_000 },
        { code: 'parking', name: 'Parking', amount: 7_500 },
        { code: 'damage-deposit', name: 'Damage deposit', amount: 92_500 },
        { name: 'One-time move-in fee', amount: 10_000 },
        { code: null, name: 'Storage locker', amount: 2_500 },
      ]),
    ).toBe(195_000);
  });

  it("the history: newest month first, 'B' before the lease or before the ledger's first charge", () => {
    const charges = [rent('2026-08-01', '2026-08-01'), rent('2026-09-01', null)];
    // Sep (1 back): Sep 1 unpaid on Sep 30 = 29 days → 0; Aug: paid → 0; Jul and before: no charge yet → B
    expect(paymentHistoryProfile('2026-10', '2025-09-01', charges)).toBe(`00${'B'.repeat(22)}`);
    // Sep 1 still unpaid: 90 days on Nov 30 (3), 60 on Oct 31 (2), 29 on Sep 30 (0)
    expect(paymentHistoryProfile('2026-12', '2025-09-01', charges)).toBe(`3200${'B'.repeat(20)}`);
    // a lease opened in September: August is before it, whatever the ledger says
    expect(paymentHistoryProfile('2026-10', '2026-09-15', charges)).toBe(`0${'B'.repeat(23)}`);
    expect(paymentHistoryProfile('2026-10', '2025-09-01', [])).toBe('B'.repeat(24));
  });
});

describe('the Base Segment of a rental (field by field, at the CRRG positions)', () => {
  it('a current tenant: status 11, no past due, no first-delinquency date', () => {
    const built = buildRentalBaseSegment(tenant());
    const r = built.record;
    expect(r).toHaveLength(426);
    expect(at(r, 1, 4)).toBe('0426');
    expect(at(r, 5, 5)).toBe('1');
    expect(at(r, 6, 19)).toBe('11022026063015');
    expect(at(r, 20, 20)).toBe('0');
    expect(at(r, 21, 40)).toBe('RENTPORTAL01        ');
    expect(at(r, 41, 42)).toBe('  ');
    expect(at(r, 43, 72)).toBe('RL0123456789ABCDEF'.padEnd(30, ' '));
    expect(at(r, 73, 73)).toBe('O');
    expect(at(r, 74, 75)).toBe('29');
    expect(at(r, 76, 83)).toBe('09012025'); // date opened = lease start
    expect(at(r, 84, 92)).toBe('000000000'); // credit limit: none on an open account
    expect(at(r, 93, 101)).toBe('000001925'); // highest credit = the monthly obligation
    expect(at(r, 102, 104)).toBe('001');
    expect(at(r, 105, 105)).toBe('M');
    expect(at(r, 106, 114)).toBe('000001925'); // rent 1850.00 + parking 75.50 → whole dollars
    expect(at(r, 115, 123)).toBe('000001925'); // paid in October: 1925.50 → 1925
    expect(at(r, 124, 125)).toBe('11');
    expect(at(r, 126, 126)).toBe(' ');
    expect(at(r, 127, 150)).toBe(`00${'B'.repeat(22)}`);
    expect(at(r, 151, 154)).toBe('    ');
    expect(at(r, 155, 163)).toBe('000000000');
    expect(at(r, 164, 172)).toBe('000000000');
    expect(at(r, 173, 181)).toBe('000000000');
    expect(at(r, 182, 189)).toBe('10312026'); // date of account information = end of the month reported
    expect(at(r, 190, 197)).toBe('00000000');
    expect(at(r, 198, 205)).toBe('00000000');
    expect(at(r, 206, 213)).toBe('10012026'); // date of last payment
    expect(at(r, 214, 231)).toBe(' '.repeat(18));
    expect(at(r, 232, 256)).toBe('TREMBLAY-GAGNE'.padEnd(25, ' '));
    expect(at(r, 257, 276)).toBe('CAMILLE'.padEnd(20, ' '));
    expect(at(r, 277, 296)).toBe(' '.repeat(20));
    expect(at(r, 297, 297)).toBe(' ');
    expect(at(r, 298, 306)).toBe('000000000');
    expect(at(r, 307, 314)).toBe('04121990');
    expect(at(r, 315, 324)).toBe('6045550142');
    expect(at(r, 325, 325)).toBe('1');
    expect(at(r, 326, 327)).toBe('  ');
    expect(at(r, 328, 329)).toBe('CA');
    expect(at(r, 330, 361)).toBe('1250 GRANVILLE STREET'.padEnd(32, ' '));
    expect(at(r, 362, 393)).toBe('UNIT 804'.padEnd(32, ' '));
    expect(at(r, 394, 413)).toBe('VANCOUVER'.padEnd(20, ' '));
    expect(at(r, 414, 415)).toBe('BC');
    expect(at(r, 416, 424)).toBe('V6Z1M6   ');
    expect(at(r, 425, 425)).toBe(' ');
    expect(at(r, 426, 426)).toBe('R');
    expect(built).toMatchObject({
      accountStatus: '11',
      paymentRating: '',
      scheduledPaymentCents: 192_550,
      balanceCents: 0,
      pastDueCents: 0,
      actualPaymentCents: 192_550,
    });
  });

  it('a tenant 30 days late: status 71, balance and past due, the first missed due date', () => {
    const input = tenant();
    const built = buildRentalBaseSegment({
      ...input,
      ledger: {
        charges: [rent('2026-08-01', '2026-08-01'), rent('2026-09-01', '2026-09-02'), rent('2026-10-01', null)],
        payments: [
          { postedOn: '2026-08-01', amountCents: 185_000 },
          { postedOn: '2026-09-02', amountCents: 185_000 },
        ],
      },
    });
    const r = built.record;
    expect(at(r, 115, 123)).toBe('000000000'); // nothing paid in October
    expect(at(r, 124, 125)).toBe('71');
    expect(at(r, 126, 126)).toBe(' ');
    expect(at(r, 127, 150)).toBe(`00${'B'.repeat(22)}`);
    expect(at(r, 155, 163)).toBe('000001850');
    expect(at(r, 164, 172)).toBe('000001850');
    expect(at(r, 190, 197)).toBe('10012026');
    expect(at(r, 206, 213)).toBe('09022026');
    expect(built.accountStatus).toBe('71');
  });

  it('a tenant 60 days late: status 78, September late in the history', () => {
    const built = buildRentalBaseSegment({
      ...tenant(),
      ledger: {
        charges: [rent('2026-08-01', '2026-08-01'), rent('2026-09-01', null), rent('2026-10-01', null)],
        payments: [{ postedOn: '2026-08-01', amountCents: 185_000 }],
      },
    });
    const r = built.record;
    expect(at(r, 124, 125)).toBe('78');
    // Sep 1 unpaid on Sep 30 = 29 days (0); Aug paid (0)
    expect(at(r, 127, 150)).toBe(`00${'B'.repeat(22)}`);
    expect(at(r, 155, 163)).toBe('000003700');
    expect(at(r, 164, 172)).toBe('000003700');
    expect(at(r, 190, 197)).toBe('09012026');
    expect(at(r, 206, 213)).toBe('08012026');
  });

  it('a lease that ended and is paid: 13 with rating 0 and the date closed', () => {
    const built = buildRentalBaseSegment({ ...tenant(), lease: { ...tenant().lease, endDate: '2026-10-15', unit: null } });
    const r = built.record;
    expect(at(r, 124, 126)).toBe('130');
    expect(at(r, 198, 205)).toBe('10152026');
    expect(at(r, 362, 393)).toBe(' '.repeat(32));
    expect(built.paymentRating).toBe('0');
  });

  it('a lease that ended unpaid keeps its delinquency; no birth date or phone → zeros', () => {
    const base = tenant();
    const built = buildRentalBaseSegment({
      ...base,
      lease: { ...base.lease, endDate: '2026-10-15' },
      ledger: { charges: [rent('2026-09-01', null)], payments: [] },
      consumer: { ...base.consumer, birthDate: null, phone: '555-0142', middleName: 'Marie' },
      address: { ...base.address, street2: 'Tower B' },
    });
    const r = built.record;
    expect(at(r, 124, 125)).toBe('78'); // Sep 1 unpaid on Oct 31: 60 days
    expect(at(r, 198, 205)).toBe('10152026');
    expect(at(r, 206, 213)).toBe('00000000');
    expect(at(r, 277, 296)).toBe('MARIE'.padEnd(20, ' '));
    expect(at(r, 307, 314)).toBe('00000000');
    expect(at(r, 315, 324)).toBe('0000000000');
    expect(at(r, 362, 393)).toBe('UNIT 804 TOWER B'.padEnd(32, ' '));
  });
});

describe('the header, the trailer and the file', () => {
  const header = {
    programId: 'SANDBOX01',
    period: '2026-10',
    createdOn: '2026-11-02',
    reporterName: 'Tenant Portal Inc.',
    reporterAddress: '100 King Street West, Toronto ON M5X 1A9',
    reporterTelephone: '+1 416 555 0100',
    softwareVendorName: 'Tenant Portal',
    softwareVersion: '1.0',
  };

  it('the header at its positions', () => {
    const h = buildHeaderRecord(header);
    expect(h).toHaveLength(426);
    expect(at(h, 1, 4)).toBe('0426');
    expect(at(h, 5, 10)).toBe('HEADER');
    expect(at(h, 11, 12)).toBe('  ');
    expect(at(h, 13, 22)).toBe('SANDBOX01 ');
    expect(at(h, 23, 32)).toBe('SANDBOX01 ');
    expect(at(h, 33, 37)).toBe('SANDB');
    expect(at(h, 38, 47)).toBe('SANDBOX01 ');
    expect(at(h, 48, 55)).toBe('10312026');
    expect(at(h, 56, 63)).toBe('11022026');
    expect(at(h, 64, 71)).toBe('01012026');
    expect(at(h, 72, 79)).toBe('01012026');
    expect(at(h, 80, 119)).toBe('TENANT PORTAL INC.'.padEnd(40, ' '));
    expect(at(h, 120, 215)).toBe('100 KING STREET WEST, TORONTO ON M5X 1A9'.padEnd(96, ' '));
    expect(at(h, 216, 225)).toBe('4165550100');
    expect(at(h, 226, 265)).toBe('TENANT PORTAL'.padEnd(40, ' '));
    expect(at(h, 266, 270)).toBe('1.0  ');
    expect(at(h, 271, 426)).toBe(' '.repeat(156));
  });

  it('the trailer counts the base records, their statuses, dates of birth and phones', () => {
    const current = buildRentalBaseSegment(tenant()).record;
    const late = buildRentalBaseSegment({
      ...tenant(),
      ledger: { charges: [rent('2026-10-01', null)], payments: [] },
      consumer: { ...tenant().consumer, birthDate: null, phone: null },
    }).record;
    const t = buildTrailerRecord([current, late, current]);
    expect(t).toHaveLength(426);
    expect(at(t, 1, 4)).toBe('0426');
    expect(at(t, 5, 11)).toBe('TRAILER');
    expect(at(t, 12, 20)).toBe('000000003');
    expect(at(t, 21, 29)).toBe(' '.repeat(9));
    expect(at(t, 84, 92)).toBe('000000002'); // status 11
    expect(at(t, 93, 101)).toBe('000000000'); // status 13
    expect(at(t, 147, 155)).toBe('000000001'); // status 71
    expect(at(t, 156, 164)).toBe('000000000'); // status 78
    expect(at(t, 327, 335)).toBe('000000000'); // SSNs (none kept)
    expect(at(t, 363, 371)).toBe('000000002'); // dates of birth
    expect(at(t, 372, 380)).toBe('000000002'); // ... in base segments
    expect(at(t, 399, 407)).toBe('000000002'); // telephone numbers
    expect(at(t, 408, 426)).toBe(' '.repeat(19));
    // a record carrying an SSN (positions 298–306) is counted as one
    const withSsn = `${current.slice(0, 297)}123456789${current.slice(306)}`;
    expect(at(buildTrailerRecord([withSsn]), 327, 344)).toBe('000000001000000001');
  });

  it('the file is header, records, trailer, one per line; split back with either line end', () => {
    const record = buildRentalBaseSegment(tenant()).record;
    const file = buildMetro2File(header, [record]);
    const lines = splitMetro2File(file);
    expect(lines).toHaveLength(3);
    expect(lines[0].slice(4, 10)).toBe('HEADER');
    expect(lines[1]).toBe(record);
    expect(lines[2].slice(4, 11)).toBe('TRAILER');
    expect(splitMetro2File(`${lines.join('\r\n')}\r\n`)).toEqual(lines);
  });
});
