import { z } from 'zod';
import { COUNTRIES, WALLET_TYPES } from './entities.ts';
import { COUNTRY_CODES, isValidRegion } from './geography.ts';
import {
  canadianRoutingNumber,
  hasForbiddenNameCharacters,
  STREET_MAX_LENGTH,
  SUITE_MAX_LENGTH,
  validateBankAccountNumber,
  validateCardName,
  validateCardNumber,
  validateCity,
  validateCvv,
  validateInstitutionNumber,
  validatePostalCode,
  validateRoutingNumber,
  validateStreet,
  validateTransitNumber,
} from './input-fields.ts';
import { MSG } from './message-keys.ts';
import type { RuleResult } from './rule.ts';

// The bodies of POST /create for payment methods and addresses (spec 1 §3, §5 "Card and bank forms", §7), checked by
// the API with the very rules the web forms use (spec 2 §5 input-field rules). Issue messages are message keys.

type Rule = (value: string) => RuleResult;
const check = (rule: Rule) =>
  z.string().superRefine((value, ctx) => {
    const r = rule(value);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.key, params: r.values });
  });
/** An optional one-line text: no control or invisible character (issue 20: refused with the field named, not stored). */
const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !hasForbiddenNameCharacters(v), { error: MSG.nameControlCharacters })
    .transform((v) => v.trim())
    .nullish();
/** An optional part of a street (suite, street2): the street rule when given (spec 2 §5), blank allowed. */
const optionalStreetPart = (limit: number) =>
  z
    .string()
    .nullish()
    .superRefine((v, ctx) => {
      if (v == null || v.trim() === '') return;
      const r = validateStreet(v, limit);
      if (!r.ok) ctx.addIssue({ code: 'custom', message: r.key });
    });

/** A province code as stored: trimmed, upper-cased ('bc' → 'BC'). */
export const normalizeProvince = (province: string): string => province.trim().toUpperCase();

// spec 1 §3 Address; spec 1 §5: every field required except suite and the optional state; postal format by country
export const addressFieldsSchema = z
  .object({
    addressType: z.literal('BILLING').default('BILLING'),
    suite: optionalStreetPart(SUITE_MAX_LENGTH),
    street1: check(validateStreet),
    street2: optionalStreetPart(STREET_MAX_LENGTH),
    city: check(validateCity),
    // one of the country's list (the refinement below), so no length of its own
    province: z.string().nullish(),
    postalCode: z.string().max(20),
    country: z.enum(COUNTRIES),
  })
  .superRefine((a, ctx) => {
    const r = validatePostalCode(a.postalCode, a.country);
    if (!r.ok) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: r.key });
    // spec 1 §5: the state/province select is required for CA and US, and (spec 1 §9) is one of the country's list
    if (!a.province || a.province.trim() === '') ctx.addIssue({ code: 'custom', path: ['province'], message: MSG.requiredField });
    else if (!isValidRegion(a.country, normalizeProvince(a.province)))
      ctx.addIssue({ code: 'custom', path: ['province'], message: MSG.provinceInvalid });
  });
export type AddressFields = z.infer<typeof addressFieldsSchema>;

const owner = { userId: z.string().max(64).optional(), userType: z.literal('TYPE_CUSTOMER').optional() };

// An object (safeExtend keeps the address refinements), so POST /create can pick the body by its `type` (discriminated union).
export const createAddressBodySchema = addressFieldsSchema.safeExtend({ type: z.literal('TYPE_ADDRESS'), ...owner });

/** A method's billing address: a saved one by id, or a new one created with the method (atomically). */
const billingAddressChoice = {
  billingAddressId: z.string().min(1).max(64).optional(),
  billingAddress: addressFieldsSchema.optional(),
};
function requireBillingAddress(body: { billingAddressId?: string; billingAddress?: unknown }, ctx: z.RefinementCtx) {
  if (!body.billingAddressId && !body.billingAddress)
    ctx.addIssue({ code: 'custom', path: ['billingAddressId'], message: MSG.requiredField });
}

/** Two-digit (after 20, spec 1 §9) or four-digit expiry year → four digits. */
export function fullExpiryYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

// spec 1 §3 Credit card: cardNumber, cvv or securityCode, expiryMonth, expiryYear, nameOnCard, country, billingAddressId
export const createCardBodySchema = z
  .object({
    type: z.literal('TYPE_CREDIT_CARD'),
    ...owner,
    cardNumber: z.string().max(40),
    cvv: z.string().max(8).optional(),
    securityCode: z.string().max(8).optional(),
    expiryMonth: z.coerce.number().int().min(1, { error: MSG.cardExpiryInvalid }).max(12, { error: MSG.cardExpiryInvalid }),
    expiryYear: z.coerce.number().int().min(0).max(2099).transform(fullExpiryYear),
    nameOnCard: check(validateCardName).transform((v) => v.trim()),
    // issue 21 §2 (spec 2 §5): the card's country may be any; outside CA/US its number has 8 to 19 digits
    country: z.enum(COUNTRY_CODES as [string, ...string[]], { error: MSG.applicationCountryInvalid }),
    ...billingAddressChoice,
  })
  .superRefine((b, ctx) => {
    const n = validateCardNumber(b.cardNumber, b.country);
    if (!n.ok) ctx.addIssue({ code: 'custom', path: ['cardNumber'], message: n.key });
    const cvv = b.cvv ?? b.securityCode;
    const c = validateCvv(cvv);
    if (!c.ok) ctx.addIssue({ code: 'custom', path: [b.cvv != null ? 'cvv' : 'securityCode'], message: c.key });
    requireBillingAddress(b, ctx);
  })
  .transform(({ securityCode, cvv, cardNumber, ...rest }) => ({
    ...rest,
    cardNumber: cardNumber.replace(/\s/g, ''),
    cvv: (cvv ?? securityCode ?? '').trim(),
  }));
export type CreateCardBody = z.infer<typeof createCardBodySchema>;

// spec 1 §3 Bank account; spec 1 §5: CA needs institution + transit (routing = their concatenation), US the routing number
export const createBankAccountBodySchema = z
  .object({
    type: z.literal('TYPE_BANK_ACCOUNT'),
    ...owner,
    country: z.enum(COUNTRIES),
    accountHolder: check(validateCardName).transform((v) => v.trim()),
    bankName: optionalText(100),
    bankAccountNumber: z.string().max(40),
    routingNumber: z.string().max(20).optional(),
    institutionNumber: z.string().max(10).optional(),
    transitNumber: z.string().max(10).optional(),
    ...billingAddressChoice,
  })
  .superRefine((b, ctx) => {
    const issue = (path: string, r: RuleResult) => {
      if (!r.ok) ctx.addIssue({ code: 'custom', path: [path], message: r.key });
    };
    issue('bankAccountNumber', validateBankAccountNumber(b.bankAccountNumber));
    if (b.country === 'CA') {
      issue('institutionNumber', validateInstitutionNumber(b.institutionNumber));
      issue('transitNumber', validateTransitNumber(b.transitNumber));
    } else {
      issue('routingNumber', validateRoutingNumber(b.routingNumber));
    }
    requireBillingAddress(b, ctx);
  })
  .transform((b) => ({
    ...b,
    bankAccountNumber: b.bankAccountNumber.trim(),
    routingNumber:
      b.country === 'CA'
        ? canadianRoutingNumber(b.institutionNumber ?? '', b.transitNumber ?? '')
        : (b.routingNumber ?? '').trim(),
    institutionNumber: b.country === 'CA' ? (b.institutionNumber ?? '').trim() : undefined,
    transitNumber: b.country === 'CA' ? (b.transitNumber ?? '').trim() : undefined,
  }));
export type CreateBankAccountBody = z.infer<typeof createBankAccountBodySchema>;

// spec 1 §7: the online wallet provider's approved agreement token
export const createPayPalBodySchema = z.object({ type: z.literal('TYPE_PAY_PAL'), ...owner, token: z.string().min(1).max(4096) });
export type CreatePayPalBody = z.infer<typeof createPayPalBodySchema>;

// spec 1 §3 Wallet: walletType APPLE_PAY or GOOGLE_PAY, walletToken, walletValidationUrl
export const createWalletBodySchema = z.object({
  type: z.literal('TYPE_WALLET'),
  ...owner,
  walletType: z.enum(WALLET_TYPES),
  walletToken: z.string().min(1).max(4096),
  walletValidationUrl: z.string().min(1).max(2048),
  /** The company being paid: its country sets the wallet currency (spec 1 §9: USD for a US company, else CAD). */
  companyId: z.string().max(64).optional(),
});
export type CreateWalletBody = z.infer<typeof createWalletBodySchema>;

/** POST /bank_account/createfromplaid (spec 1 §7). loginId is the widget's public token, accountId the picked account. */
export const createFromPlaidBodySchema = z.object({
  userType: z.literal('TYPE_CUSTOMER').optional(),
  userId: z.string().max(64).optional(),
  country: z.enum(COUNTRIES),
  loginId: z.string().min(1).max(4096),
  accountId: z.string().min(1).max(200),
});
export type CreateFromPlaidBody = z.infer<typeof createFromPlaidBodySchema>;
