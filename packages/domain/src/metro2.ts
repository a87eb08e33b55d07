// The Metro 2® furnisher file for residential rent reporting (issue 22 "Reporting, as the industry does it"; spec 2 §1
// credit reporting). Pure: the records are built from the lease, the tenant and the ledger handed in, and read back by
// the same field tables (the sandbox bureau validates with them), so the builder and the validator cannot drift.
//
// Layout: the 426-character "character format" of the CDIA Credit Reporting Resource Guide (CRRG), as published by
// furnisher tooling (e.g. the Base Segment table of Galileo's Metro 2 documentation; the field lengths of the metro_2
// gem). Positions are 1-based and inclusive. N = numeric, right-justified and zero-filled; A = alphanumeric,
// left-justified and blank-filled, upper case; dates are MMDDYYYY (zeros when none); money is whole dollars (cents
// dropped, as Metro 2 requires; a credit balance is reported as zero).
//
// Base Segment                                     Header Record
// pos      len  field                        kind   pos      len  field                        kind
// 1-4        4  Record Descriptor Word 0426   N     1-4        4  Record Descriptor Word 0426   N
// 5          1  Processing Indicator 1        A     5-10       6  Record Identifier HEADER      A
// 6-19      14  Time Stamp MMDDYYYYHHMMSS     N     11-12      2  Cycle Identifier              A
// 20         1  Correction Indicator          N     13-22     10  Innovis Program Identifier    A
// 21-40     20  Identification Number         A     23-32     10  Equifax Program Identifier    A
// 41-42      2  Cycle Identifier              A     33-37      5  Experian Program Identifier   A
// 43-72     30  Consumer Account Number       A     38-47     10  TransUnion Program Identifier A
// 73         1  Portfolio Type O              A     48-55      8  Activity Date                 N
// 74-75      2  Account Type 29               A     56-63      8  Date Created                  N
// 76-83      8  Date Opened                   N     64-71      8  Program Date                  N
// 84-92      9  Credit Limit                  N     72-79      8  Program Revision Date         N
// 93-101     9  Highest Credit                N     80-119    40  Reporter Name                 A
// 102-104    3  Terms Duration 001            A     120-215   96  Reporter Address              A
// 105        1  Terms Frequency M             A     216-225   10  Reporter Telephone Number     N
// 106-114    9  Scheduled Monthly Payment     N     226-265   40  Software Vendor Name          A
// 115-123    9  Actual Payment Amount         N     266-270    5  Software Version Number       A
// 124-125    2  Account Status                A     271-426  156  Reserved                      A
// 126        1  Payment Rating                A
// 127-150   24  Payment History Profile       A     Trailer Record
// 151-152    2  Special Comment               A     1-4        4  Record Descriptor Word 0426   N
// 153-154    2  Compliance Condition Code     A     5-11       7  Record Identifier TRAILER     A
// 155-163    9  Current Balance               N     12-20      9  Total Base Records            N
// 164-172    9  Amount Past Due               N     21-29      9  Reserved                      A
// 173-181    9  Original Charge-off Amount    N     30-38      9  Total Status Code DF          N
// 182-189    8  Date of Account Information   N     39-56     18  Total J1, J2 Segments (2x9)   N
// 190-197    8  FCRA Compliance Date / DOFD   N     57-65      9  Block Count                   N
// 198-205    8  Date Closed                   N     66-263   198  Total Status Codes DA, 05, 11, 13, 61-65, 71, 78,
// 206-213    8  Date of Last Payment          N                    80, 82, 83, 84, 88, 89, 93-97 (22x9, in order) N
// 214        1  Interest Type Indicator       A     264-272    9  Total ECOA Code Z             N
// 215-230   16  Reserved                      A     273-326   54  Total N1, K1-K4, L1 (6x9)     N
// 231        1  Consumer Transaction Type     A     327-362   36  Total SSNs; in Base, J1, J2   N
// 232-256   25  Surname                       A     363-398   36  Total Dates of Birth; in Base, J1, J2 N
// 257-276   20  First Name                    A     399-407    9  Total Telephone Numbers       N
// 277-296   20  Middle Name                   A     408-426   19  Reserved                      A
// 297        1  Generation Code               A
// 298-306    9  Social Security Number        N     (The tables below are the single source: the tests check
// 307-314    8  Date of Birth                 N      each tiles positions 1..426 and these positions.)
// 315-324   10  Telephone Number              N
// 325        1  ECOA Code 1 (individual)      A
// 326-327    2  Consumer Information Ind.     A
// 328-329    2  Country Code                  A
// 330-361   32  First Line of Address         A
// 362-393   32  Second Line of Address        A
// 394-413   20  City                          A
// 414-415    2  State / Province (as given)   A
// 416-424    9  Postal / Zip Code             A
// 425        1  Address Indicator             A
// 426        1  Residence Code R (renter)     A
import { addMonths, endOfMonth, isValidIsoDate } from './dates.ts';

export const METRO2_RECORD_LENGTH = 426;

export type Metro2FieldKind = 'N' | 'A';

export interface Metro2Field {
  name: string;
  /** 1-based first position. */
  start: number;
  length: number;
  kind: Metro2FieldKind;
}

/** Lays [name, length, kind] end to end from position 1. */
function table(spec: readonly (readonly [string, number, Metro2FieldKind])[]): readonly Metro2Field[] {
  let start = 1;
  return spec.map(([name, length, kind]) => {
    const field = { name, start, length, kind };
    start += length;
    return field;
  });
}

export const BASE_SEGMENT_FIELDS = table([
  ['recordDescriptorWord', 4, 'N'],
  ['processingIndicator', 1, 'A'],
  ['timeStamp', 14, 'N'],
  ['correctionIndicator', 1, 'N'],
  ['identificationNumber', 20, 'A'],
  ['cycleIdentifier', 2, 'A'],
  ['consumerAccountNumber', 30, 'A'],
  ['portfolioType', 1, 'A'],
  ['accountType', 2, 'A'],
  ['dateOpened', 8, 'N'],
  ['creditLimit', 9, 'N'],
  ['highestCredit', 9, 'N'],
  ['termsDuration', 3, 'A'],
  ['termsFrequency', 1, 'A'],
  ['scheduledMonthlyPayment', 9, 'N'],
  ['actualPaymentAmount', 9, 'N'],
  ['accountStatus', 2, 'A'],
  ['paymentRating', 1, 'A'],
  ['paymentHistoryProfile', 24, 'A'],
  ['specialComment', 2, 'A'],
  ['complianceConditionCode', 2, 'A'],
  ['currentBalance', 9, 'N'],
  ['amountPastDue', 9, 'N'],
  ['originalChargeOffAmount', 9, 'N'],
  ['dateOfAccountInformation', 8, 'N'],
  ['dateOfFirstDelinquency', 8, 'N'],
  ['dateClosed', 8, 'N'],
  ['dateOfLastPayment', 8, 'N'],
  ['interestTypeIndicator', 1, 'A'],
  ['reserved', 16, 'A'],
  ['consumerTransactionType', 1, 'A'],
  ['surname', 25, 'A'],
  ['firstName', 20, 'A'],
  ['middleName', 20, 'A'],
  ['generationCode', 1, 'A'],
  ['socialSecurityNumber', 9, 'N'],
  ['dateOfBirth', 8, 'N'],
  ['telephoneNumber', 10, 'N'],
  ['ecoaCode', 1, 'A'],
  ['consumerInformationIndicator', 2, 'A'],
  ['countryCode', 2, 'A'],
  ['addressLine1', 32, 'A'],
  ['addressLine2', 32, 'A'],
  ['city', 20, 'A'],
  ['state', 2, 'A'],
  ['postalCode', 9, 'A'],
  ['addressIndicator', 1, 'A'],
  ['residenceCode', 1, 'A'],
]);

export const HEADER_FIELDS = table([
  ['recordDescriptorWord', 4, 'N'],
  ['recordIdentifier', 6, 'A'],
  ['cycleIdentifier', 2, 'A'],
  ['innovisProgramIdentifier', 10, 'A'],
  ['equifaxProgramIdentifier', 10, 'A'],
  ['experianProgramIdentifier', 5, 'A'],
  ['transUnionProgramIdentifier', 10, 'A'],
  ['activityDate', 8, 'N'],
  ['dateCreated', 8, 'N'],
  ['programDate', 8, 'N'],
  ['programRevisionDate', 8, 'N'],
  ['reporterName', 40, 'A'],
  ['reporterAddress', 96, 'A'],
  ['reporterTelephoneNumber', 10, 'N'],
  ['softwareVendorName', 40, 'A'],
  ['softwareVersionNumber', 5, 'A'],
  ['reserved', 156, 'A'],
]);

/** The account status codes the trailer counts, in trailer order (CRRG). */
export const TRAILER_STATUS_CODES = [
  'DA',
  '05',
  '11',
  '13',
  '61',
  '62',
  '63',
  '64',
  '65',
  '71',
  '78',
  '80',
  '82',
  '83',
  '84',
  '88',
  '89',
  '93',
  '94',
  '95',
  '96',
  '97',
] as const;

export const TRAILER_FIELDS = table([
  ['recordDescriptorWord', 4, 'N'],
  ['recordIdentifier', 7, 'A'],
  ['totalBaseRecords', 9, 'N'],
  ['reserved', 9, 'A'],
  ['totalStatusCodeDF', 9, 'N'],
  ['totalJ1Segments', 9, 'N'],
  ['totalJ2Segments', 9, 'N'],
  ['blockCount', 9, 'N'],
  ...TRAILER_STATUS_CODES.map((code) => [`totalStatusCode${code}`, 9, 'N'] as const),
  ['totalEcoaCodeZ', 9, 'N'],
  ['totalN1Segments', 9, 'N'],
  ['totalK1Segments', 9, 'N'],
  ['totalK2Segments', 9, 'N'],
  ['totalK3Segments', 9, 'N'],
  ['totalK4Segments', 9, 'N'],
  ['totalL1Segments', 9, 'N'],
  ['totalSocialSecurityNumbers', 9, 'N'],
  ['totalSocialSecurityNumbersInBase', 9, 'N'],
  ['totalSocialSecurityNumbersInJ1', 9, 'N'],
  ['totalSocialSecurityNumbersInJ2', 9, 'N'],
  ['totalDatesOfBirth', 9, 'N'],
  ['totalDatesOfBirthInBase', 9, 'N'],
  ['totalDatesOfBirthInJ1', 9, 'N'],
  ['totalDatesOfBirthInJ2', 9, 'N'],
  ['totalTelephoneNumbers', 9, 'N'],
  ['reserved2', 19, 'A'],
]);

export type Metro2Values = Readonly<Record<string, string | number | null | undefined>>;

/** Metro 2's character set: upper case letters, digits, space and a little punctuation; accents are dropped (É → E). */
export function metro2Text(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9 .,/'&#-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function formatField(field: Metro2Field, raw: string | number | null | undefined): string {
  if (field.kind === 'N') {
    const digits = raw == null || raw === '' ? '' : String(raw);
    if (!/^\d*$/.test(digits)) throw new RangeError(`Metro 2 field ${field.name} is numeric: ${digits}`);
    // a number never loses digits silently: a value too long for its field is a bug upstream
    if (digits.length > field.length) throw new RangeError(`Metro 2 field ${field.name} longer than ${field.length}`);
    return digits.padStart(field.length, '0');
  }
  return metro2Text(raw == null ? '' : String(raw))
    .slice(0, field.length)
    .padEnd(field.length, ' ');
}

/** One fixed-width record from its field table (missing values: zeros or blanks). */
export function layOutRecord(fields: readonly Metro2Field[], values: Metro2Values): string {
  return fields.map((f) => formatField(f, values[f.name])).join('');
}

/** The raw text of each field of a record (for reading and validating; blanks kept). */
export function readRecord(fields: readonly Metro2Field[], record: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields) out[f.name] = record.slice(f.start - 1, f.start - 1 + f.length);
  return out;
}

/** 'YYYY-MM-DD' → MMDDYYYY; null → zeros. */
export function metro2Date(iso: string | null | undefined): string {
  if (!iso) return '00000000';
  const d = iso.slice(0, 10);
  if (!isValidIsoDate(d)) throw new RangeError(`Not a YYYY-MM-DD date: ${iso}`);
  return `${d.slice(5, 7)}${d.slice(8, 10)}${d.slice(0, 4)}`;
}

/** MMDDYYYY → 'YYYY-MM-DD', or null when zeros or not a real date. */
export function parseMetro2Date(value: string): string | null {
  if (!/^\d{8}$/.test(value) || value === '00000000') return null;
  const iso = `${value.slice(4, 8)}-${value.slice(0, 2)}-${value.slice(2, 4)}`;
  return isValidIsoDate(iso) ? iso : null;
}

/** An ISO instant → MMDDYYYYHHMMSS (UTC). */
export function metro2TimeStamp(instant: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(instant);
  if (!m) throw new RangeError(`Not an ISO instant: ${instant}`);
  return `${m[2]}${m[3]}${m[1]}${m[4]}${m[5]}${m[6]}`;
}

/** Whole dollars, cents dropped; a credit (negative) is reported as zero. */
export function metro2Dollars(cents: number): number {
  return cents > 0 ? Math.floor(cents / 100) : 0;
}

// --- the ledger, as of a day ---

export interface LedgerCharge {
  /** 'YYYY-MM-DD' */
  dueDate: string;
  amountCents: number;
  /** Payments applied to it that still stand, with the day they were made. */
  allocations: readonly { postedOn: string; amountCents: number }[];
}

export interface LedgerPayment {
  /** 'YYYY-MM-DD' */
  postedOn: string;
  amountCents: number;
}

export interface LedgerState {
  /** Owed on the charges due on or before the day. */
  balanceCents: number;
  /** Owed on the charges whose due date has passed. */
  pastDueCents: number;
  /** The due date of the oldest charge still unpaid after its due date (the first missed payment), or null. */
  oldestUnpaidDueDate: string | null;
  daysPastDue: number;
}

const dayNumber = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));

export function daysBetween(from: string, to: string): number {
  return Math.round((dayNumber(to) - dayNumber(from)) / 86_400_000);
}

/** The lease's ledger as it stood at the end of `asOf` (payments made later are not counted). */
export function ledgerStateAsOf(charges: readonly LedgerCharge[], asOf: string): LedgerState {
  let balanceCents = 0;
  let pastDueCents = 0;
  let oldestUnpaidDueDate: string | null = null;
  for (const c of charges) {
    if (c.dueDate > asOf) continue;
    const paid = c.allocations.filter((a) => a.postedOn <= asOf).reduce((sum, a) => sum + a.amountCents, 0);
    const owed = Math.max(0, c.amountCents - paid);
    balanceCents += owed;
    if (owed > 0 && c.dueDate < asOf) {
      pastDueCents += owed;
      if (oldestUnpaidDueDate === null || c.dueDate < oldestUnpaidDueDate) oldestUnpaidDueDate = c.dueDate;
    }
  }
  const daysPastDue = oldestUnpaidDueDate ? daysBetween(oldestUnpaidDueDate, asOf) : 0;
  return { balanceCents, pastDueCents, oldestUnpaidDueDate, daysPastDue };
}

// CRRG account status by days past due: 11 current (0–29), 71 30–59, 78 60–89, 80 90–119, 82 120–149, 83 150–179, 84 180+
const DELINQUENCY_BANDS: readonly [number, string, string][] = [
  [180, '84', '6'],
  [150, '83', '5'],
  [120, '82', '4'],
  [90, '80', '3'],
  [60, '78', '2'],
  [30, '71', '1'],
];

export function accountStatusForDays(daysPastDue: number): string {
  for (const [min, status] of DELINQUENCY_BANDS) if (daysPastDue >= min) return status;
  return '11';
}

/** The Payment History Profile character for a month: 0 current, 1 30–59 days … 6 180+ days. */
export function historyCodeForDays(daysPastDue: number): string {
  for (const [min, , code] of DELINQUENCY_BANDS) if (daysPastDue >= min) return code;
  return '0';
}

export const METRO2_ACCOUNT_STATUSES = ['11', '13', '71', '78', '80', '82', '83', '84'] as const;

const NOT_MONTHLY = /deposit|one[- ]?time|application|move[- ]?in|nsf|late fee/i;

/**
 * The scheduled monthly payment: the lease's recurring charges (rent and recurring fees such as parking), never a
 * deposit or a one-time fee (issue 22: "never deposits or one-time fees").
 */
export function scheduledMonthlyPaymentCents(
  leaseCharges: readonly { code?: string | null; name: string; amount: number }[],
): number {
  return leaseCharges.filter((c) => !NOT_MONTHLY.test(`${c.code ?? ''} ${c.name}`)).reduce((sum, c) => sum + c.amount, 0);
}

// --- the records ---

export interface RentalAccountInput {
  /** The furnisher's identification number at the bureaus (positions 21–40). */
  furnisherId: string;
  /** Stable per tenant and lease (positions 43–72), at most 30 characters. */
  accountNumber: string;
  /** 'YYYY-MM': the month reported (the Date of Account Information is its last day). */
  period: string;
  /** The instant the file is built (ISO), the Time Stamp. */
  builtAt: string;
  lease: {
    startDate: string;
    endDate: string | null;
    unit: string | null;
    /** The lease's recurring charge lines (cents). */
    charges: readonly { code?: string | null; name: string; amount: number }[];
  };
  ledger: { charges: readonly LedgerCharge[]; payments: readonly LedgerPayment[] };
  consumer: {
    firstName: string;
    lastName: string;
    middleName?: string | null;
    /** 'YYYY-MM-DD' or null (then zeros: the bureau refuses a record without SSN and date of birth). */
    birthDate: string | null;
    phone: string | null;
  };
  address: {
    street1: string;
    street2?: string | null;
    city: string;
    /** The province or state code, as given (Canadian bureaus use Metro 2 too). */
    province: string;
    postalCode: string;
    country: string;
  };
}

export interface RentalAccountRecord {
  record: string;
  accountStatus: string;
  /** Blank unless the account is closed (13): the rating at closing. */
  paymentRating: string;
  paymentHistoryProfile: string;
  scheduledPaymentCents: number;
  /** The current balance reported, in cents (before Metro 2's whole dollars). */
  balanceCents: number;
  pastDueCents: number;
  actualPaymentCents: number;
}

const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The last day of a 'YYYY-MM' period. */
export function periodEnd(period: string): string {
  if (!PERIOD.test(period)) throw new RangeError(`Not a YYYY-MM period: ${period}`);
  return endOfMonth(`${period}-01`);
}

/** The month before the month of `today` ('YYYY-MM-DD' → 'YYYY-MM'). */
export function previousPeriod(today: string): string {
  return addMonths(`${today.slice(0, 7)}-01`, -1).slice(0, 7);
}

/**
 * The 24 months before the reported month, newest first (CRRG: position 1 is the month before the Date of Account
 * Information). 'B' where no history exists: before the lease started or before the first charge in the ledger.
 */
export function paymentHistoryProfile(period: string, leaseStartDate: string, charges: readonly LedgerCharge[]): string {
  const firstDue = charges.reduce<string | null>((min, c) => (min === null || c.dueDate < min ? c.dueDate : min), null);
  let profile = '';
  for (let back = 1; back <= 24; back++) {
    const monthStart = addMonths(`${period}-01`, -back);
    const monthEnd = endOfMonth(monthStart);
    const noData = monthEnd < leaseStartDate || firstDue === null || monthEnd < firstDue;
    profile += noData ? 'B' : historyCodeForDays(ledgerStateAsOf(charges, monthEnd).daysPastDue);
  }
  return profile;
}

const digitsOnly = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');

/** The ten digits of a North American number (+1 dropped), else zeros. */
function metro2Phone(phone: string | null): string {
  const digits = digitsOnly(phone);
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? national : '';
}

/** One Base Segment for a tenant and month (portfolio O, account type 29 rental agreement, ECOA 1, residence R). */
export function buildRentalBaseSegment(input: RentalAccountInput): RentalAccountRecord {
  const asOf = periodEnd(input.period);
  const periodStart = `${input.period}-01`;
  const state = ledgerStateAsOf(input.ledger.charges, asOf);
  const scheduledPaymentCents = scheduledMonthlyPaymentCents(input.lease.charges);
  const actualPaymentCents = input.ledger.payments
    .filter((p) => p.postedOn >= periodStart && p.postedOn <= asOf)
    .reduce((sum, p) => sum + p.amountCents, 0);
  const lastPayment = input.ledger.payments
    .filter((p) => p.postedOn <= asOf)
    .reduce<string | null>((max, p) => (max === null || p.postedOn > max ? p.postedOn : max), null);
  const ended = !!input.lease.endDate && input.lease.endDate <= asOf;
  // CRRG: 13 = paid or closed account / zero balance, with the payment rating at closing; else status from days late
  const closedAndPaid = ended && state.balanceCents === 0;
  const accountStatus = closedAndPaid ? '13' : accountStatusForDays(state.daysPastDue);
  const paymentRating = closedAndPaid ? '0' : '';
  const delinquent = accountStatus !== '11' && accountStatus !== '13';
  const history = paymentHistoryProfile(input.period, input.lease.startDate, input.ledger.charges);
  const scheduledDollars = metro2Dollars(scheduledPaymentCents);
  const unit = input.lease.unit ? `UNIT ${input.lease.unit}` : '';
  const record = layOutRecord(BASE_SEGMENT_FIELDS, {
    recordDescriptorWord: METRO2_RECORD_LENGTH,
    processingIndicator: '1',
    timeStamp: metro2TimeStamp(input.builtAt),
    correctionIndicator: 0,
    identificationNumber: input.furnisherId,
    cycleIdentifier: '',
    consumerAccountNumber: input.accountNumber,
    portfolioType: 'O',
    accountType: '29',
    dateOpened: metro2Date(input.lease.startDate),
    creditLimit: 0,
    // open account: the highest credit is the monthly obligation (what the tenant owes each month)
    highestCredit: scheduledDollars,
    termsDuration: '001',
    termsFrequency: 'M',
    scheduledMonthlyPayment: scheduledDollars,
    actualPaymentAmount: metro2Dollars(actualPaymentCents),
    accountStatus,
    paymentRating,
    paymentHistoryProfile: history,
    currentBalance: metro2Dollars(state.balanceCents),
    amountPastDue: metro2Dollars(state.pastDueCents),
    originalChargeOffAmount: 0,
    dateOfAccountInformation: metro2Date(asOf),
    // FCRA: the first missed payment that led to the delinquency; zeros while current or paid
    dateOfFirstDelinquency: metro2Date(delinquent ? state.oldestUnpaidDueDate : null),
    dateClosed: metro2Date(ended ? input.lease.endDate : null),
    dateOfLastPayment: metro2Date(lastPayment),
    surname: input.consumer.lastName,
    firstName: input.consumer.firstName,
    middleName: input.consumer.middleName ?? '',
    // no SSN/SIN is kept: zeros, which makes the date of birth mandatory for the bureaus
    socialSecurityNumber: 0,
    dateOfBirth: metro2Date(input.consumer.birthDate),
    telephoneNumber: metro2Phone(input.consumer.phone),
    ecoaCode: '1',
    countryCode: input.address.country,
    addressLine1: input.address.street1,
    addressLine2: [unit, input.address.street2 ?? ''].filter(Boolean).join(' '),
    city: input.address.city,
    state: input.address.province,
    // Canadian postal codes without their space (A1A1A1), US ZIP codes as given
    postalCode: input.address.postalCode.replace(/\s+/g, ''),
    residenceCode: 'R',
  });
  return {
    record,
    accountStatus,
    paymentRating,
    paymentHistoryProfile: history,
    scheduledPaymentCents,
    balanceCents: state.balanceCents,
    pastDueCents: state.pastDueCents,
    actualPaymentCents,
  };
}

export interface Metro2HeaderInput {
  /** The program identifier the bureaus gave the furnisher (the same in each bureau's field). */
  programId: string;
  /** 'YYYY-MM': the Activity Date is its last day. */
  period: string;
  /** 'YYYY-MM-DD' the file was created. */
  createdOn: string;
  reporterName: string;
  reporterAddress: string;
  reporterTelephone: string;
  softwareVendorName: string;
  softwareVersion: string;
}

/** The program's certification date (Program Date and Program Revision Date of the header). */
export const METRO2_PROGRAM_DATE = '2026-01-01';

export function buildHeaderRecord(input: Metro2HeaderInput): string {
  return layOutRecord(HEADER_FIELDS, {
    recordDescriptorWord: METRO2_RECORD_LENGTH,
    recordIdentifier: 'HEADER',
    innovisProgramIdentifier: input.programId,
    equifaxProgramIdentifier: input.programId,
    experianProgramIdentifier: input.programId,
    transUnionProgramIdentifier: input.programId,
    activityDate: metro2Date(periodEnd(input.period)),
    dateCreated: metro2Date(input.createdOn),
    programDate: metro2Date(METRO2_PROGRAM_DATE),
    programRevisionDate: metro2Date(METRO2_PROGRAM_DATE),
    reporterName: input.reporterName,
    reporterAddress: input.reporterAddress,
    reporterTelephoneNumber: metro2Phone(input.reporterTelephone),
    softwareVendorName: input.softwareVendorName,
    softwareVersionNumber: input.softwareVersion,
  });
}

/** The Trailer Record's counts, read from the Base Segments it closes. */
export function buildTrailerRecord(baseRecords: readonly string[]): string {
  const counts: Record<string, number> = {};
  let ssns = 0;
  let dobs = 0;
  let phones = 0;
  for (const record of baseRecords) {
    const f = readRecord(BASE_SEGMENT_FIELDS, record);
    const key = `totalStatusCode${f.accountStatus}`;
    counts[key] = (counts[key] ?? 0) + 1;
    if (/[1-9]/.test(f.socialSecurityNumber)) ssns++;
    if (/[1-9]/.test(f.dateOfBirth)) dobs++;
    if (/[1-9]/.test(f.telephoneNumber)) phones++;
  }
  const statusCounts = Object.fromEntries(
    TRAILER_STATUS_CODES.map((code) => [`totalStatusCode${code}`, counts[`totalStatusCode${code}`] ?? 0]),
  );
  return layOutRecord(TRAILER_FIELDS, {
    recordDescriptorWord: METRO2_RECORD_LENGTH,
    recordIdentifier: 'TRAILER',
    totalBaseRecords: baseRecords.length,
    ...statusCounts,
    totalSocialSecurityNumbers: ssns,
    totalSocialSecurityNumbersInBase: ssns,
    totalDatesOfBirth: dobs,
    totalDatesOfBirthInBase: dobs,
    totalTelephoneNumbers: phones,
  });
}

/** The file: header, the Base Segments, trailer, one record per line. */
export function buildMetro2File(header: Metro2HeaderInput, baseRecords: readonly string[]): string {
  return [buildHeaderRecord(header), ...baseRecords, buildTrailerRecord(baseRecords)].join('\n');
}

/** The file's records (line ends \n or \r\n; a final line end allowed). */
export function splitMetro2File(content: string): string[] {
  const lines = content.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
