// The sandbox credit bureau (issue 22; docs/sandbox-providers.md "Credit bureau"): a valid file is accepted record by
// record; each documented file and record error is answered with its code; the test inputs show every result.
import {
  BASE_SEGMENT_FIELDS,
  buildMetro2File,
  buildRentalBaseSegment,
  type Metro2HeaderInput,
  type RentalAccountInput,
} from '@portal/domain/metro2';
import { describe, expect, it } from 'vitest';
import { BureauUnavailableError } from '../src/providers/bureau/bureau.ts';
import { answerFile, checkBaseSegment, createSandboxBureau } from '../src/providers/bureau/sandbox-bureau.ts';

const header: Metro2HeaderInput = {
  programId: 'RPORTAL01',
  period: '2026-10',
  createdOn: '2026-11-02',
  reporterName: 'Tenant Portal',
  reporterAddress: '100 King Street West, Toronto ON',
  reporterTelephone: '+14165550100',
  softwareVendorName: 'Tenant Portal',
  softwareVersion: '1.0',
};

function account(overrides: Partial<RentalAccountInput['consumer']> = {}, unpaid = false): string {
  return buildRentalBaseSegment({
    furnisherId: 'RENTPORTAL01',
    accountNumber: `RL${overrides.lastName ?? 'OK'}`,
    period: '2026-10',
    builtAt: '2026-11-02T06:00:00.000Z',
    lease: { startDate: '2025-09-01', endDate: null, unit: '804', charges: [{ code: 'Rent', name: 'Rent', amount: 185_000 }] },
    ledger: {
      charges: [
        {
          dueDate: '2026-10-01',
          amountCents: 185_000,
          allocations: unpaid ? [] : [{ postedOn: '2026-10-01', amountCents: 185_000 }],
        },
      ],
      payments: unpaid ? [] : [{ postedOn: '2026-10-01', amountCents: 185_000 }],
    },
    consumer: { firstName: 'Camille', lastName: 'Tremblay', birthDate: '1990-04-12', phone: null, ...overrides },
    address: { street1: '1250 Granville Street', city: 'Vancouver', province: 'BC', postalCode: 'V6Z 1M6', country: 'CA' },
  }).record;
}

/** The record with one field's text replaced (padded to its length). */
function withField(record: string, name: string, value: string): string {
  const f = BASE_SEGMENT_FIELDS.find((x) => x.name === name);
  if (!f) throw new Error(name);
  return record.slice(0, f.start - 1) + value.padEnd(f.length, ' ').slice(0, f.length) + record.slice(f.start - 1 + f.length);
}

describe('the sandbox bureau', () => {
  it('accepts a valid file record by record, one submission id per file', async () => {
    const content = buildMetro2File(header, [account(), account({ lastName: 'Gagnon' }, true)]);
    const answer = await createSandboxBureau().submitFile({ fileName: 'f.txt', content });
    expect(answer).toMatchObject({ fileStatus: 'ACCEPTED', fileErrors: [], acceptedCount: 2, rejectedCount: 0 });
    expect(answer.records.map((r) => [r.sequence, r.accountNumber, r.status])).toEqual([
      [1, 'RLOK', 'ACCEPTED'],
      [2, 'RLGagnon'.toUpperCase(), 'ACCEPTED'],
    ]);
    expect(answerFile(content).submissionId).toBe(answer.submissionId);
  });

  it('the test inputs: surname REJECT → S01, no date of birth → E050 DOB missing (the rest accepted: PARTIAL)', () => {
    const content = buildMetro2File(header, [
      account(),
      account({ lastName: 'Reject' }),
      account({ birthDate: null, lastName: 'Nodob' }),
    ]);
    const answer = answerFile(content);
    expect(answer.fileStatus).toBe('PARTIAL');
    expect(answer.records.map((r) => [r.status, r.code, r.message])).toEqual([
      ['ACCEPTED', null, null],
      ['REJECTED', 'S01', 'Rejected by the sandbox bureau (test surname REJECT)'],
      ['REJECTED', 'E050', 'DOB missing'],
    ]);
  });

  it('surname UNAVAILABLE: the bureau cannot be reached', async () => {
    const content = buildMetro2File(header, [account({ lastName: 'Unavailable' })]);
    await expect(createSandboxBureau().submitFile({ fileName: 'f.txt', content })).rejects.toBeInstanceOf(BureauUnavailableError);
  });

  const valid = account();
  const late = account({}, true);
  it.each([
    ['E001', valid.slice(0, 425)],
    ['E002', withField(valid, 'recordDescriptorWord', '0400')],
    ['E030', withField(valid, 'currentBalance', '00000001A')],
    ['E003', withField(valid, 'timeStamp', '13022026060000')],
    ['E004', withField(valid, 'identificationNumber', '')],
    ['E005', withField(valid, 'consumerAccountNumber', '')],
    ['E010', withField(valid, 'portfolioType', 'X')],
    ['E011', withField(valid, 'accountType', '2 ')],
    ['E020', withField(valid, 'dateOpened', '02302025')],
    ['E021', withField(valid, 'dateOfAccountInformation', '00000000')],
    ['E022', withField(valid, 'dateOfLastPayment', '99999999')],
    ['E040', withField(valid, 'accountStatus', '12')],
    ['E041', withField(valid, 'accountStatus', '13')],
    ['E042', withField(valid, 'paymentHistoryProfile', 'X'.repeat(24))],
    ['E043', withField(late, 'dateOfFirstDelinquency', '00000000')],
    ['E044', withField(late, 'amountPastDue', '000000000')],
    ['E045', withField(withField(late, 'accountStatus', '13'), 'paymentRating', '0')],
    ['E060', withField(valid, 'firstName', '')],
    ['E051', withField(valid, 'dateOfBirth', '13131990')],
    ['E080', withField(valid, 'ecoaCode', 'Q')],
    ['E070', withField(valid, 'postalCode', '')],
  ])('a record with %s', (code, record) => {
    expect(checkBaseSegment(record)?.code).toBe(code);
  });

  it('a record with no date of birth but an SSN is accepted', () => {
    const noDob = account({ birthDate: null });
    expect(checkBaseSegment(withField(noDob, 'socialSecurityNumber', '123456789'))).toBeNull();
  });

  const ok = buildMetro2File(header, [valid, late]).split('\n');
  it.each([
    ['F01', ['', ...ok.slice(1)]],
    ['F02', [`${ok[0].slice(0, 47)}99999999${ok[0].slice(55)}`, ...ok.slice(1)]],
    ['F03', ok.slice(0, -1)],
    ['F04', [ok[0], ok[1], ok[3]]],
    ['F05', [ok[0], ok[1], ok[1], `${ok[3].slice(0, 11)}000000002${ok[3].slice(20)}`]],
  ])('a file with %s: every record rejected with the file error', (code, lines) => {
    const answer = answerFile(lines.join('\n'));
    expect(answer.fileStatus).toBe('REJECTED');
    expect(answer.fileErrors[0]?.code).toBe(code);
    expect(answer.records.every((r) => r.status === 'REJECTED' && r.code === code)).toBe(true);
  });
});
