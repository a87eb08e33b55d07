// The bank account form (spec 1 §5 "Card and bank forms", spec 2 §5 bank account number): CA needs the institution and
// transit numbers, US the routing number; account number 4 to 17; bank name optional.
import type { Country } from '@portal/domain/entities';
import {
  BANK_ACCOUNT_MAX_LENGTH,
  hasForbiddenNameCharacters,
  normalizeCardNameInput,
  validateBankAccountNumber,
  validateCardName,
  validateInstitutionNumber,
  validateRoutingNumber,
  validateTransitNumber,
} from '@portal/domain/input-fields';
import { MSG } from '@portal/domain/message-keys';
import type { MessageRef, RuleResult } from '@portal/domain/rule';
import type { CreateBankAccountBody } from '../api/create-payment-method';
import { type BillingChoice, billingBody } from './billing-address-form';

export interface BankFormValues {
  country: Country;
  accountHolder: string;
  bankName: string;
  bankAccountNumber: string;
  routingNumber: string;
  institutionNumber: string;
  transitNumber: string;
}
export type BankField = keyof BankFormValues;
export type BankErrors = Partial<Record<BankField, MessageRef>>;

export const emptyBank = (country: Country): BankFormValues => ({
  country,
  accountHolder: '',
  bankName: '',
  bankAccountNumber: '',
  routingNumber: '',
  institutionNumber: '',
  transitNumber: '',
});

const BANK_NAME_MAX_LENGTH = 100; // payment-method-bodies: bankName at most 100

const digits = (raw: string, max?: number) => raw.replace(/\D/g, '').slice(0, max);

/** What a keystroke in a bank field becomes: numbers are digits only, the holder follows the card-name rule. */
export function setBankField(values: BankFormValues, field: BankField, raw: string): BankFormValues {
  switch (field) {
    case 'country':
      return { ...values, country: raw === 'US' ? 'US' : 'CA' };
    case 'accountHolder':
      return { ...values, accountHolder: normalizeCardNameInput(raw) };
    case 'bankName':
      return { ...values, bankName: raw.slice(0, BANK_NAME_MAX_LENGTH) };
    case 'bankAccountNumber':
      return { ...values, bankAccountNumber: digits(raw, BANK_ACCOUNT_MAX_LENGTH) };
    default:
      return { ...values, [field]: digits(raw) };
  }
}

const err = (r: RuleResult): MessageRef | undefined => (r.ok ? undefined : { key: r.key, values: r.values });

// spec 1 §5: CA → institution + transit, US → routing; account number 4 to 17; holder required; bank name optional
export function validateBank(v: BankFormValues): BankErrors {
  const errors: BankErrors = {
    accountHolder: err(validateCardName(v.accountHolder)),
    // no control or invisible character, as the server checks it (payment-method-bodies, issue 20)
    bankName: hasForbiddenNameCharacters(v.bankName) ? { key: MSG.nameControlCharacters } : undefined,
    bankAccountNumber: err(validateBankAccountNumber(v.bankAccountNumber)),
    ...(v.country === 'CA'
      ? {
          institutionNumber: err(validateInstitutionNumber(v.institutionNumber)),
          transitNumber: err(validateTransitNumber(v.transitNumber)),
        }
      : { routingNumber: err(validateRoutingNumber(v.routingNumber)) }),
  };
  for (const k of Object.keys(errors) as BankField[]) if (!errors[k]) delete errors[k];
  return errors;
}

/** The POST /create body of a valid bank form (the server joins CA's institution and transit into the routing number). */
export function bankBody(v: BankFormValues, billing: BillingChoice): CreateBankAccountBody {
  const bankName = v.bankName.trim();
  return {
    type: 'TYPE_BANK_ACCOUNT',
    country: v.country,
    accountHolder: v.accountHolder.trim(),
    ...(bankName ? { bankName } : {}),
    bankAccountNumber: v.bankAccountNumber,
    ...(v.country === 'CA'
      ? { institutionNumber: v.institutionNumber, transitNumber: v.transitNumber }
      : { routingNumber: v.routingNumber }),
    ...billingBody(billing),
  };
}
