// POST /calculatefee and /calculatefeewithfeeprofile (spec 1 §7 "Fees", §9; spec 2 §9): the fee of an amount paid with
// a saved method, or by split pay (6.99%), from the packages/domain fee rules: cents, rounded down.
import type { FeeCalculation, FeeProfileRecord } from '@portal/domain/api-shapes';
import type { WalletType } from '@portal/domain/entities';
import { calculateFee, SPLIT_PAY_FEE_PERCENT } from '@portal/domain/fees';
import { type Currency, currencyForCountry, fromCents } from '@portal/domain/money';
import type { Database, Executor } from '../../db/client.ts';
import { acceptedTypesOf, requireAcceptedType } from './accepted-payment-types.ts';
import {
  type FeeCompany,
  findCompanyFeeProfiles,
  findCompanyInScope,
  findPaymentTypeFeeProfile,
  findPropertyInScope,
} from './find-fee-profiles.ts';
import { loadMethodFeeProfile, priceMethod } from './method-fee-profile.ts';

/** The paymentMethod value that asks for the split-pay fee instead of a saved method's. */
export const SPLIT_PAY_METHOD = 'TYPE_INSTALLMENT_PAY';

/**
 * issue 20: paymentMethod values that price a payment-flow option without a saved method (a new PayPal approval, an
 * Apple Pay / Google Pay sheet), as the payment will be priced: PayPal by the company's TYPE_PAY_PAL profile
 * (priceModePayment), a wallet as a new TYPE_WALLET method of that wallet type (priceMethod).
 */
export const OPTION_FEE_METHODS = ['TYPE_PAY_PAL', 'TYPE_WALLET'] as const;
type OptionFeeMethod = (typeof OPTION_FEE_METHODS)[number];
const isOptionFeeMethod = (m: string): m is OptionFeeMethod => (OPTION_FEE_METHODS as readonly string[]).includes(m);

export interface CalculateFeeInput {
  customerId: string;
  amountCents: number;
  /** A saved method id, SPLIT_PAY_METHOD, or one of OPTION_FEE_METHODS. */
  paymentMethod: string;
  /** TYPE_WALLET: the wallet the tenant pays with. */
  walletType?: WalletType;
  companyId?: string;
  /** Split pay: the property whose accepted types apply. */
  propertyId?: string;
  /** spec 1 §9: priced as pre-authorised debit autopay on the 1st. */
  padSchedule?: boolean;
}

type FeeContext = { db: Executor; database: Pick<Database, 'raw'> };

/** The answer for an amount priced by a profile (null: no fee). */
export function feeCalculationOf(
  amountCents: number,
  feeProfile: FeeProfileRecord | null,
  opts: { international: boolean; currency: Currency },
): FeeCalculation {
  const quote = calculateFee(amountCents, feeProfile, { international: opts.international });
  return {
    amount: fromCents(amountCents),
    feeAmount: fromCents(quote.feeCents),
    total: fromCents(quote.tenantTotalCents),
    currency: opts.currency,
    feeProfile,
  };
}

/** spec 1 §9: split pay costs 6.99% per transaction unless the company has its own split-pay profile. */
function splitPayProfile(country: string): FeeProfileRecord {
  return {
    id: `platform-${country}-split-pay`,
    companyId: null,
    country: country as FeeProfileRecord['country'],
    paymentType: 'TYPE_INSTALLMENT_PAY',
    cardType: null,
    cardBrand: null,
    walletType: null,
    processor: null,
    padSchedule: null,
    feeRate: SPLIT_PAY_FEE_PERCENT,
    rateType: 'PERCENT',
    feeType: 'ADD',
    internationalFeeRate: null,
    internationalRateType: null,
    paidByCompany: false,
  };
}

/** The profile that prices split pay at the company: its own split-pay profile, else the 6.99% above. */
export async function findSplitPayFeeProfile(
  db: Executor,
  company: Pick<FeeCompany, 'id' | 'country'>,
): Promise<FeeProfileRecord> {
  return (await findPaymentTypeFeeProfile(db, company, [SPLIT_PAY_METHOD])) ?? splitPayProfile(company.country);
}

/** The company (and the property's accepted types when named) that prices a payment of `type`; it must accept it. */
async function payeeAccepting(ctx: FeeContext, input: CalculateFeeInput, type: string): Promise<FeeCompany> {
  const property = input.propertyId ? await findPropertyInScope(ctx.db, input.customerId, input.propertyId) : null;
  const company = property?.company ?? (await findCompanyInScope(ctx.db, input.customerId, input.companyId ?? ''));
  requireAcceptedType(acceptedTypesOf(property?.acceptedPaymentTypes, company.acceptedPaymentTypes), type);
  return company;
}

async function calculateOptionFee(ctx: FeeContext, input: CalculateFeeInput, type: OptionFeeMethod): Promise<FeeCalculation> {
  const company = await payeeAccepting(ctx, input, type);
  const feeProfile =
    type === 'TYPE_PAY_PAL'
      ? await findPaymentTypeFeeProfile(ctx.db, company, [type])
      : priceMethod(
          await findCompanyFeeProfiles(ctx.db, company),
          { type, country: null, cardType: null, cardBrand: null, walletType: input.walletType ?? null },
          company.country,
          false,
        ).feeProfile;
  return feeCalculationOf(input.amountCents, feeProfile, { international: false, currency: currencyForCountry(company.country) });
}

async function calculateSplitPayFee(ctx: FeeContext, input: CalculateFeeInput): Promise<FeeCalculation> {
  const company = await payeeAccepting(ctx, input, SPLIT_PAY_METHOD);
  return feeCalculationOf(input.amountCents, await findSplitPayFeeProfile(ctx.db, company), {
    international: false,
    currency: currencyForCountry(company.country),
  });
}

/**
 * The fee of paying an amount with one of the caller's saved methods at one of their companies (the international rate
 * for a card of another country; paid by the company; SUBTRACT), or by split pay. The company must accept the type.
 */
export async function calculateFeeFor(ctx: FeeContext, input: CalculateFeeInput): Promise<FeeCalculation> {
  if (input.paymentMethod === SPLIT_PAY_METHOD) return calculateSplitPayFee(ctx, input);
  if (isOptionFeeMethod(input.paymentMethod)) return calculateOptionFee(ctx, input, input.paymentMethod);
  const loaded = await loadMethodFeeProfile(ctx, {
    customerId: input.customerId,
    companyId: input.companyId ?? '',
    paymentMethodId: input.paymentMethod,
    padSchedule: input.padSchedule,
  });
  requireAcceptedType(acceptedTypesOf(null, loaded.company.acceptedPaymentTypes), loaded.method.type);
  return feeCalculationOf(input.amountCents, loaded.feeProfile, loaded);
}
