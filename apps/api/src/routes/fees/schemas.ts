// Request and answer schemas of the fee calls (docs/api-contract.md "Fees (issue 7)"; spec 1 §7 "Fees").
import { feeProfileRecordSchema } from '@portal/domain/api-shapes';
import { LEASE_SERVICES, WALLET_TYPES } from '@portal/domain/entities';
import { MSG } from '@portal/domain/message-keys';
import { fromCents, tryToCents } from '@portal/domain/money';
import { OVERPAYMENT_LIMIT_CENTS } from '@portal/domain/payment-amounts';
import { z } from 'zod';
import { OPTION_FEE_METHODS, SPLIT_PAY_METHOD } from '../../services/fees/calculate-fee.ts';

const idSchema = z.string().min(1).max(64);

// spec 1 §9: a positive amount with at most 2 decimals, at most the overpayment limit (100000)
export const feeAmountSchema = z
  .number({ error: MSG.moneyInvalid })
  .positive({ error: MSG.currencyInvalid })
  .max(fromCents(OVERPAYMENT_LIMIT_CENTS), { error: 'server.fees.amountAboveLimit' })
  .refine((n) => tryToCents(n) !== null, { error: MSG.moneyDecimals })
  .describe('Dollars, at most 2 decimals, 0.01 to 100000');

export const calculateFeeBodySchema = z
  .object({
    amount: feeAmountSchema,
    companyId: idSchema.optional().describe('Required with a saved method'),
    paymentMethod: idSchema.describe(
      `The caller's saved payment method id, ${SPLIT_PAY_METHOD} for split pay (6.99%), or ${OPTION_FEE_METHODS.join(' / ')} for an option without a saved method`,
    ),
    walletType: z.enum(WALLET_TYPES).optional().describe('TYPE_WALLET: the wallet paid with'),
    propertyId: idSchema.optional().describe("Split pay or an option: the property (its accepted types, else its company's)"),
    padSchedule: z.boolean().optional().describe('Priced as pre-authorised debit autopay on the 1st (bank PAD is free)'),
  })
  .superRefine((body, ctx) => {
    if (body.paymentMethod === SPLIT_PAY_METHOD) {
      if (!body.propertyId && !body.companyId) ctx.addIssue({ code: 'custom', path: ['propertyId'], message: MSG.requiredField });
    } else if (!body.companyId) ctx.addIssue({ code: 'custom', path: ['companyId'], message: MSG.requiredField });
  });

export const methodFeeProfileBodySchema = z.object({
  companyId: idSchema,
  paymentMethod: idSchema.describe("The caller's saved payment method id"),
  padSchedule: z.boolean().optional().describe('Pre-authorised debit autopay on the 1st (spec 1 §9: bank PAD is free)'),
  billingAccountId: idSchema.optional().describe("Accepted for the specification's body; the price does not depend on it"),
  billingAccountType: z.string().max(64).optional(),
  recurringSchedule: z.unknown().optional(),
});

export const methodFeeProfileSchema = z.object({ feeProfile: feeProfileRecordSchema.nullable() });

export const companyQuerySchema = z.object({ companyId: idSchema });

export const serviceFeeQuerySchema = z.object({ service: z.enum(LEASE_SERVICES), companyId: idSchema });

export const serviceFeeSchema = z.object({
  service: z.string(),
  feeAmount: z.number(),
  currency: z.enum(['CAD', 'USD']),
});

export const acceptedPaymentTypesSchema = z.object({ acceptedPaymentTypes: z.array(z.string()) });

export const feeOwnerParams = z.object({ recordType: z.string().min(1).max(64), id: idSchema });
