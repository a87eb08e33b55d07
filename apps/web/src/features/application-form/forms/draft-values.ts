// The form's values (what the inputs hold: text, yes/no, check boxes) and the draft the API takes (numbers, booleans,
// nulls for what is left blank). The form's field paths are the draft's (`addresses.0.postalCode`), so the domain's
// step issues and the server's fieldErrors land on the input that holds the value.
import { fromCents, type MoneyLocale } from '@portal/domain/money';
import { parseAmountInput } from '@portal/domain/money-input';
import type {
  ApplicationAddress,
  ApplicationEmergencyContact,
  ApplicationEmployment,
  ApplicationOccupant,
  ApplicationOtherInfo,
  ApplicationPage,
  ApplicationReference,
  CustomFieldValue,
  LeaseApplication,
} from '../api/types';

/** '' (not answered), 'yes' or 'no'. */
export type YesNo = '' | 'yes' | 'no';

export interface AddressValues {
  suite: string;
  street1: string;
  street2: string;
  city: string;
  province: string;
  country: string;
  postalCode: string;
  monthsAtAddress: string;
}

export interface OccupantValues {
  names: string;
  age: string;
  employment: string;
  phone: string;
  relationship: string;
}

export interface EmploymentValues {
  employment: string;
  employerName: string;
  phone: string;
  occupation: string;
  monthsEmployed: string;
  monthlySalary: string;
  otherIncome: string;
}

export interface ReferenceValues {
  name: string;
  phone: string;
  email: string;
  relationship: string;
}

export interface OtherInfoValues {
  maritalStatus: string;
  pets: YesNo;
  smoking: YesNo;
  bankruptcy: YesNo;
}

export interface EmergencyContactValues {
  firstName: string;
  lastName: string;
  phone: string;
  email: string;
  relationship: string;
}

export interface ApplicationFormValues {
  firstName: string;
  middleName: string;
  lastName: string;
  email: string;
  phone: string;
  birthDate: string;
  sinLast3: string;
  propertyId: string;
  addresses: AddressValues[];
  otherOccupants: OccupantValues[];
  employment: EmploymentValues;
  referenceList: ReferenceValues[];
  otherInfo: OtherInfoValues;
  emergencyContact: EmergencyContactValues;
  /** Keyed by the page's custom field id; YES_NO fields hold '' | 'yes' | 'no'. */
  customFields: Record<string, string>;
  verificationConsent: boolean;
  acknowledgedTerms: boolean;
  /** The saved method that pays the application fee (not part of the draft). */
  paymentMethodId: string;
}

/** The draft the save and submit calls take (docs/api-contract.md "Lease applications"). */
// a type, not an interface: the domain's checks take it as a Record<string, unknown>
export type ApplicationDraftBody = {
  firstName?: string | null;
  middleName?: string | null;
  lastName?: string | null;
  email?: string | null;
  phone?: string | null;
  birthDate?: string | null;
  sinLast3?: string | null;
  propertyId?: string | null;
  addresses?: ApplicationAddress[];
  otherOccupants?: ApplicationOccupant[];
  employment?: ApplicationEmployment | null;
  referenceList?: ApplicationReference[];
  otherInfo?: ApplicationOtherInfo | null;
  emergencyContact?: ApplicationEmergencyContact | null;
  customFields?: Record<string, CustomFieldValue>;
  verificationConsent?: boolean;
  acknowledgedTerms?: boolean;
};

const text = (v: unknown): string => (v == null ? '' : String(v));
const yesNo = (v: unknown): YesNo => (v === true ? 'yes' : v === false ? 'no' : '');

export const emptyAddress = (): AddressValues => ({
  suite: '',
  street1: '',
  street2: '',
  city: '',
  province: '',
  country: '',
  postalCode: '',
  monthsAtAddress: '',
});

export const emptyOccupant = (): OccupantValues => ({ names: '', age: '', employment: '', phone: '', relationship: '' });

export const emptyReference = (): ReferenceValues => ({ name: '', phone: '', email: '', relationship: '' });

/** The form's values from a stored application (blanks for what it does not hold). */
export function formValuesFromApplication(
  app: LeaseApplication,
  page: Pick<ApplicationPage, 'customFields'>,
): ApplicationFormValues {
  const employment = app.employment ?? {};
  const other = app.otherInfo ?? {};
  const emergency = app.emergencyContact ?? {};
  const custom: Record<string, string> = {};
  for (const field of page.customFields ?? []) {
    const v = app.customFields?.[field.id];
    custom[field.id] = field.type === 'YES_NO' ? yesNo(v) : text(v);
  }
  return {
    firstName: text(app.firstName),
    middleName: text(app.middleName),
    lastName: text(app.lastName),
    email: text(app.email),
    phone: text(app.phone),
    birthDate: text(app.birthDate).slice(0, 10),
    sinLast3: text(app.sinLast3),
    propertyId: text(app.propertyId),
    addresses: (app.addresses ?? []).map((a) => ({
      suite: text(a.suite),
      street1: text(a.street1),
      street2: text(a.street2),
      city: text(a.city),
      province: text(a.province),
      country: text(a.country),
      postalCode: text(a.postalCode),
      monthsAtAddress: text(a.monthsAtAddress),
    })),
    otherOccupants: (app.otherOccupants ?? []).map((o) => ({
      names: text(o.names),
      age: text(o.age),
      employment: text(o.employment),
      phone: text(o.phone),
      relationship: text(o.relationship),
    })),
    employment: {
      employment: text(employment.employment),
      employerName: text(employment.employerName),
      phone: text(employment.phone),
      occupation: text(employment.occupation),
      monthsEmployed: text(employment.monthsEmployed),
      monthlySalary: text(employment.monthlySalary),
      otherIncome: text(employment.otherIncome),
    },
    referenceList: (app.referenceList ?? []).map((r) => ({
      name: text(r.name),
      phone: text(r.phone),
      email: text(r.email),
      relationship: text(r.relationship),
    })),
    otherInfo: {
      maritalStatus: text(other.maritalStatus),
      pets: yesNo(other.pets),
      smoking: yesNo(other.smoking),
      bankruptcy: yesNo(other.bankruptcy),
    },
    emergencyContact: {
      firstName: text(emergency.firstName),
      lastName: text(emergency.lastName),
      phone: text(emergency.phone),
      email: text(emergency.email),
      relationship: text(emergency.relationship),
    },
    customFields: custom,
    verificationConsent: app.verificationConsent === true,
    acknowledgedTerms: app.acknowledgedTerms === true,
    paymentMethodId: '',
  };
}

/** A blank stays null; anything else is sent as typed (trimmed), for the server's shape checks to judge. */
const str = (v: string): string | null => (v.trim() === '' ? null : v.trim());

/**
 * An amount typed in a text box (issue 20 §1: read in the tenant's language by the one amount parser): null when blank,
 * the JSON decimal when it reads as one, else the text (the resolver shows the parser's message first).
 */
function amount(v: string, locale: MoneyLocale): number | null {
  if (v.trim() === '') return null;
  const parsed = parseAmountInput(v, locale);
  return parsed.ok ? fromCents(parsed.cents) : (v.trim() as unknown as number);
}

/** The money fields of the form, by path: the resolver checks them with the amount parser. */
export const MONEY_FIELDS = ['employment.monthlySalary', 'employment.otherIncome'] as const;

/** A number typed in a text box: null when blank, the number when it reads as one, else the text (a shape error). */
function num(v: string): number | null {
  const t = v.trim().replace(',', '.');
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) ? n : (t as unknown as number);
}

const bool = (v: YesNo): boolean | null => (v === 'yes' ? true : v === 'no' ? false : null);

/** Drops the keys whose value is null (an object of only blanks is null). */
function compact<T extends object>(o: T): T | null {
  const kept = Object.entries(o).filter(([, v]) => v !== null);
  return kept.length === 0 ? null : (Object.fromEntries(kept) as T);
}

/** The draft of the form's values: what save for later and submit send. */
export function draftFromValues(
  values: ApplicationFormValues,
  page: Pick<ApplicationPage, 'customFields'>,
  locale: MoneyLocale,
): ApplicationDraftBody {
  const custom: Record<string, CustomFieldValue> = {};
  for (const field of page.customFields ?? []) {
    const v = values.customFields?.[field.id] ?? '';
    if (field.type === 'YES_NO') custom[field.id] = bool(v as YesNo);
    else if (field.type === 'NUMBER') custom[field.id] = num(v);
    else custom[field.id] = str(v);
  }
  return {
    firstName: str(values.firstName),
    middleName: str(values.middleName),
    lastName: str(values.lastName),
    email: str(values.email),
    phone: str(values.phone),
    birthDate: str(values.birthDate),
    sinLast3: str(values.sinLast3),
    propertyId: str(values.propertyId),
    addresses: values.addresses
      .map((a) =>
        compact<ApplicationAddress>({
          suite: str(a.suite),
          street1: str(a.street1),
          street2: str(a.street2),
          city: str(a.city),
          province: str(a.province),
          country: str(a.country),
          postalCode: str(a.postalCode),
          monthsAtAddress: num(a.monthsAtAddress),
        }),
      )
      .map((a) => a ?? {}),
    otherOccupants: values.otherOccupants
      .map((o) =>
        compact<ApplicationOccupant>({
          names: str(o.names),
          age: num(o.age),
          employment: str(o.employment),
          phone: str(o.phone),
          relationship: str(o.relationship),
        }),
      )
      .map((o) => o ?? {}),
    employment: compact<ApplicationEmployment>({
      employment: str(values.employment.employment),
      employerName: str(values.employment.employerName),
      phone: str(values.employment.phone),
      occupation: str(values.employment.occupation),
      monthsEmployed: num(values.employment.monthsEmployed),
      monthlySalary: amount(values.employment.monthlySalary, locale),
      otherIncome: amount(values.employment.otherIncome, locale),
    }),
    referenceList: values.referenceList
      .map((r) =>
        compact<ApplicationReference>({
          name: str(r.name),
          phone: str(r.phone),
          email: str(r.email),
          relationship: str(r.relationship),
        }),
      )
      .map((r) => r ?? {}),
    otherInfo: compact<ApplicationOtherInfo>({
      maritalStatus: str(values.otherInfo.maritalStatus),
      pets: bool(values.otherInfo.pets),
      smoking: bool(values.otherInfo.smoking),
      bankruptcy: bool(values.otherInfo.bankruptcy),
    }),
    emergencyContact: compact<ApplicationEmergencyContact>({
      firstName: str(values.emergencyContact.firstName),
      lastName: str(values.emergencyContact.lastName),
      phone: str(values.emergencyContact.phone),
      email: str(values.emergencyContact.email),
      relationship: str(values.emergencyContact.relationship),
    }),
    customFields: custom,
    verificationConsent: values.verificationConsent,
    acknowledgedTerms: values.acknowledgedTerms,
  };
}
