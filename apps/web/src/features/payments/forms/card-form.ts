// The card form (spec 1 §5 "Card and bank forms", spec 2 §5 card number / expiry / CVV / card name): values, what a
// keystroke becomes, the checks (the domain validators the server also applies) and the POST /create body.
import { COUNTRY_CODES } from '@portal/domain/geography';
import {
  formatExpiryInput,
  normalizeCardNameInput,
  normalizeCardNumberInput,
  normalizeCvvInput,
  parseExpiry,
  validateCardExpiry,
  validateCardName,
  validateCardNumber,
  validateCvv,
} from '@portal/domain/input-fields';
import type { MessageRef, RuleResult } from '@portal/domain/rule';
import type { CreateCardBody } from '../api/create-payment-method';
import { type BillingChoice, billingBody } from './billing-address-form';

export interface CardFormValues {
  cardNumber: string;
  /** MM/YY */
  expiry: string;
  cvv: string;
  nameOnCard: string;
  /** ISO code: CA, US or (issue 21 §2) any other country, whose cards have 8 to 19 digits (spec 2 §5). */
  country: string;
}
export type CardField = keyof CardFormValues;
export type CardErrors = Partial<Record<CardField, MessageRef>>;

export const emptyCard = (country: string): CardFormValues => ({ cardNumber: '', expiry: '', cvv: '', nameOnCard: '', country });

/** What a keystroke in a card field becomes (spec 2 §5). */
export function setCardField(values: CardFormValues, field: CardField, raw: string): CardFormValues {
  switch (field) {
    case 'cardNumber':
      return { ...values, cardNumber: normalizeCardNumberInput(raw, values.country) };
    case 'expiry':
      return { ...values, expiry: formatExpiryInput(raw, values.expiry) };
    case 'cvv':
      return { ...values, cvv: normalizeCvvInput(raw) };
    case 'nameOnCard':
      return { ...values, nameOnCard: normalizeCardNameInput(raw) };
    case 'country': {
      const country = COUNTRY_CODES.includes(raw) ? raw : values.country;
      return { ...values, country, cardNumber: normalizeCardNumberInput(values.cardNumber, country) };
    }
  }
}

const err = (r: RuleResult): MessageRef | undefined => (r.ok ? undefined : { key: r.key, values: r.values });

/** spec 2 §5: each card field's message, or none. `today` is 'YYYY-MM-DD' (expiry is not past). */
export function validateCard(v: CardFormValues, today: string): CardErrors {
  const errors: CardErrors = {
    cardNumber: err(validateCardNumber(v.cardNumber, v.country)),
    expiry: err(validateCardExpiry(v.expiry, today)),
    cvv: err(validateCvv(v.cvv)),
    nameOnCard: err(validateCardName(v.nameOnCard)),
  };
  for (const k of Object.keys(errors) as CardField[]) if (!errors[k]) delete errors[k];
  return errors;
}

/** The POST /create body of a valid card form (spec 1 §3 Credit card). */
export function cardBody(v: CardFormValues, billing: BillingChoice): CreateCardBody {
  // spec 1 §5: MM/YY, the year prefixed with 20
  const expiry = parseExpiry(v.expiry);
  return {
    type: 'TYPE_CREDIT_CARD',
    cardNumber: v.cardNumber,
    cvv: v.cvv,
    expiryMonth: expiry?.month ?? 0,
    expiryYear: expiry?.year ?? 0,
    nameOnCard: v.nameOnCard.trim(),
    country: v.country,
    ...billingBody(billing),
  };
}
