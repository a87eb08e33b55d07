// POST /calculatefee and /calculatefeewithfeeprofile (spec 1 §7 "Fees", §9; spec 2 §9): the fee of an amount paid with
// a saved method, or by split pay (6.99%), from the packages/domain fee rules: cents, rounded down.
import type { FeeCalculation, FeeProfileRecord } from '@portal/domain/api-shapes';
import { calculateFee, SPLIT_PAY_FEE_PERCENT } from '@portal/domain/fees';
import { type Currency, currencyForCountry, fromCents } from '@portal/domain/money';
import type { Database, Executor } from '../../db/client.ts';
import { acceptedTypesOf, requireAcceptedType } from './accepted-payment-types.ts';
import { type FeeCompany, findCompanyInScope, findPaymentTypeFeeProfile, findPropertyInScope } from './find-fee-profiles.ts';
import { loadMethodFeeProfile } from './method-fee-profile.ts';

/** The paymentMethod value that asks for the split-pay fee instead of a saved method's. */
export const SPLIT_PAY_METHOD = 'TYPE_INSTALLMENT_PAY';

export interface CalculateFeeInput {
  customerId: string;
  amountCents: number;
  /** A saved method id, or SPLIT_PAY_METHOD. */
  paymentMethod: string;
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

async function calculateSplitPayFee(ctx: FeeContext, input: CalculateFeeInput): Promise<FeeCalculation> {
  const property = input.propertyId ? await findPropertyInScope(ctx.db, input.customerId, input.propertyId) : null;
  const company = property?.company ?? (await findCompanyInScope(ctx.db, input.customerId, input.companyId ?? ''));
  requireAcceptedType(acceptedTypesOf(property?.acceptedPaymentTypes, company.acceptedPaymentTypes), SPLIT_PAY_METHOD);
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
  const loaded = await loadMethodFeeProfile(ctx, {
    customerId: input.customerId,
    companyId: input.companyId ?? '',
    paymentMethodId: input.paymentMethod,
    padSchedule: input.padSchedule,
  });
  requireAcceptedType(acceptedTypesOf(null, loaded.company.acceptedPaymentTypes), loaded.method.type);
  return feeCalculationOf(input.amountCents, loaded.feeProfile, loaded);
}
