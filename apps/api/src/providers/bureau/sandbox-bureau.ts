// The offline sandbox credit bureau (issue 22): it checks a Metro 2® file as a bureau's intake does (426-character
// records, header and trailer, the trailer's counts, mandatory fields, dates MMDDYYYY, status codes, numeric amounts)
// with the very field tables the builder uses (@portal/domain/metro2), and answers per record. Deterministic: one file
// always gets one answer. Test inputs (docs/sandbox-providers.md "Credit bureau"): surname REJECT → rejected S01;
// no date of birth (and no SSN) → rejected E050 "DOB missing"; surname UNAVAILABLE → the bureau cannot be reached.
import { createHash } from 'node:crypto';
import {
  BASE_SEGMENT_FIELDS,
  HEADER_FIELDS,
  METRO2_RECORD_LENGTH,
  parseMetro2Date,
  readRecord,
  splitMetro2File,
  TRAILER_FIELDS,
  TRAILER_STATUS_CODES,
} from '@portal/domain/metro2';
import { type BureauAnswer, type BureauRecordResult, BureauUnavailableError, type CreditBureau } from './bureau.ts';

type Problem = { code: string; message: string };

/** The surnames that drive the sandbox's answers (documented test inputs). */
export const SANDBOX_BUREAU_REJECT_SURNAME = 'REJECT';
export const SANDBOX_BUREAU_UNAVAILABLE_SURNAME = 'UNAVAILABLE';

// CRRG account status codes a bureau accepts on a Base Segment: those the trailer counts, and DF (deleted, fraud)
const ACCOUNT_STATUSES = new Set<string>([...TRAILER_STATUS_CODES, 'DF']);
const DELINQUENT = new Set(['71', '78', '80', '82', '83', '84']);
const PORTFOLIO_TYPES = new Set(['C', 'I', 'M', 'O', 'R']);
const ECOA_CODES = new Set(['1', '2', '3', '5', '7', 'T', 'W', 'X', 'Z']);
const HISTORY = /^[0-6BDEGHJKL]{24}$/;

const isTimeStamp = (v: string) =>
  /^\d{14}$/.test(v) &&
  parseMetro2Date(v.slice(0, 8)) !== null &&
  Number(v.slice(8, 10)) < 24 &&
  Number(v.slice(10, 12)) < 60 &&
  Number(v.slice(12, 14)) < 60;

/** The first thing wrong with a Base Segment, or null when the bureau accepts it. */
export function checkBaseSegment(record: string): Problem | null {
  if (record.length !== METRO2_RECORD_LENGTH) return { code: 'E001', message: 'Record length is not 426' };
  const f = readRecord(BASE_SEGMENT_FIELDS, record);
  if (f.recordDescriptorWord !== '0426' || f.processingIndicator !== '1')
    return { code: 'E002', message: 'Record descriptor word or processing indicator invalid' };
  for (const field of BASE_SEGMENT_FIELDS)
    if (field.kind === 'N' && !/^\d+$/.test(f[field.name]))
      return { code: 'E030', message: 'A numeric field holds something other than digits' };
  if (!isTimeStamp(f.timeStamp)) return { code: 'E003', message: 'Time stamp invalid' };
  if (!f.identificationNumber.trim()) return { code: 'E004', message: 'Identification number missing' };
  if (!f.consumerAccountNumber.trim()) return { code: 'E005', message: 'Consumer account number missing' };
  if (!PORTFOLIO_TYPES.has(f.portfolioType)) return { code: 'E010', message: 'Portfolio type invalid' };
  if (!/^[0-9A-Z]{2}$/.test(f.accountType)) return { code: 'E011', message: 'Account type invalid' };
  if (!parseMetro2Date(f.dateOpened)) return { code: 'E020', message: 'Date opened invalid' };
  if (!parseMetro2Date(f.dateOfAccountInformation)) return { code: 'E021', message: 'Date of account information invalid' };
  for (const name of ['dateOfFirstDelinquency', 'dateClosed', 'dateOfLastPayment'] as const)
    if (f[name] !== '00000000' && !parseMetro2Date(f[name])) return { code: 'E022', message: 'A date of the record is invalid' };
  if (!ACCOUNT_STATUSES.has(f.accountStatus)) return { code: 'E040', message: 'Account status invalid' };
  if (f.accountStatus === '13' && !/^[0-6LG]$/.test(f.paymentRating))
    return { code: 'E041', message: 'Payment rating required for status 13' };
  if (!HISTORY.test(f.paymentHistoryProfile)) return { code: 'E042', message: 'Payment history profile invalid' };
  if (DELINQUENT.has(f.accountStatus) && f.dateOfFirstDelinquency === '00000000')
    return { code: 'E043', message: 'Date of first delinquency missing for a delinquent account' };
  if (DELINQUENT.has(f.accountStatus) && Number(f.amountPastDue) === 0)
    return { code: 'E044', message: 'Amount past due missing for a delinquent account' };
  if (f.accountStatus === '13' && Number(f.currentBalance) !== 0)
    return { code: 'E045', message: 'Current balance must be zero for status 13' };
  if (!f.surname.trim() || !f.firstName.trim()) return { code: 'E060', message: 'Consumer name missing' };
  if (f.dateOfBirth === '00000000') {
    if (/^0+$/.test(f.socialSecurityNumber)) return { code: 'E050', message: 'DOB missing' };
  } else if (!parseMetro2Date(f.dateOfBirth)) return { code: 'E051', message: 'Date of birth invalid' };
  if (!ECOA_CODES.has(f.ecoaCode)) return { code: 'E080', message: 'ECOA code invalid' };
  if (!f.addressLine1.trim() || !f.city.trim() || !f.state.trim() || !f.postalCode.trim())
    return { code: 'E070', message: 'Address incomplete' };
  if (f.surname.trim() === SANDBOX_BUREAU_REJECT_SURNAME)
    return { code: 'S01', message: 'Rejected by the sandbox bureau (test surname REJECT)' };
  return null;
}

/** What is wrong with the file as a whole (header, trailer, counts), given its records. */
function checkFile(lines: string[]): Problem[] {
  const problems: Problem[] = [];
  const header = lines[0];
  const trailer = lines.length > 1 ? lines[lines.length - 1] : undefined;
  if (!header || header.length !== METRO2_RECORD_LENGTH || header.slice(4, 10) !== 'HEADER')
    problems.push({ code: 'F01', message: 'Header record missing or invalid' });
  else {
    const h = readRecord(HEADER_FIELDS, header);
    if (h.recordDescriptorWord !== '0426') problems.push({ code: 'F01', message: 'Header record missing or invalid' });
    if (!parseMetro2Date(h.activityDate) || !parseMetro2Date(h.dateCreated))
      problems.push({ code: 'F02', message: 'Header date invalid' });
  }
  if (!trailer || trailer.length !== METRO2_RECORD_LENGTH || trailer.slice(4, 11) !== 'TRAILER') {
    problems.push({ code: 'F03', message: 'Trailer record missing or invalid' });
    return problems;
  }
  const t = readRecord(TRAILER_FIELDS, trailer);
  const bases = lines.slice(1, -1);
  if (!/^\d{9}$/.test(t.totalBaseRecords) || Number(t.totalBaseRecords) !== bases.length)
    problems.push({ code: 'F04', message: 'Trailer count of base records does not match the file' });
  const statuses = new Map<string, number>();
  for (const b of bases) {
    if (b.length !== METRO2_RECORD_LENGTH) continue;
    const s = b.slice(123, 125);
    statuses.set(s, (statuses.get(s) ?? 0) + 1);
  }
  for (const code of TRAILER_STATUS_CODES)
    if (Number(t[`totalStatusCode${code}`]) !== (statuses.get(code) ?? 0)) {
      problems.push({ code: 'F05', message: 'Trailer status counts do not match the records' });
      break;
    }
  return problems;
}

export function answerFile(content: string): BureauAnswer {
  const lines = splitMetro2File(content);
  const submissionId = `SBX-${createHash('sha256').update(content).digest('hex').slice(0, 16).toUpperCase()}`;
  const fileErrors = checkFile(lines);
  const bases = lines.length > 2 ? lines.slice(1, -1) : [];
  const records: BureauRecordResult[] = bases.map((record, i) => {
    const accountNumber = record.slice(42, 72).trim();
    const problem = fileErrors[0] ?? checkBaseSegment(record);
    return problem
      ? { sequence: i + 1, accountNumber, status: 'REJECTED', code: problem.code, message: problem.message }
      : { sequence: i + 1, accountNumber, status: 'ACCEPTED', code: null, message: null };
  });
  const acceptedCount = records.filter((r) => r.status === 'ACCEPTED').length;
  const rejectedCount = records.length - acceptedCount;
  const fileStatus = fileErrors.length > 0 || acceptedCount === 0 ? 'REJECTED' : rejectedCount > 0 ? 'PARTIAL' : 'ACCEPTED';
  return { submissionId, fileStatus, fileErrors, acceptedCount, rejectedCount, records };
}

export function createSandboxBureau(): CreditBureau {
  return {
    async submitFile({ content }) {
      // test input: a record whose surname is UNAVAILABLE makes the bureau unreachable (the delivery is retried)
      for (const line of splitMetro2File(content).slice(1, -1))
        if (line.slice(231, 256).trim() === SANDBOX_BUREAU_UNAVAILABLE_SURNAME) throw new BureauUnavailableError();
      return answerFile(content);
    },
  };
}
