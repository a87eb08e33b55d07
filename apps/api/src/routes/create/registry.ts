// The record types POST /create makes, keyed by body.type. Each entry names its body schema (an object with a literal
// `type`), its answer schema and the service that creates it. Later record types (recurring schedules, insurance)
// add an entry to CREATORS.

import type { AddressRecord, PaymentMethodRecord } from '@portal/domain/api-shapes';
import { addressRecordSchema, paymentMethodRecordSchema } from '@portal/domain/api-shapes';
import { createRecurringScheduleBodySchema, recurringScheduleAnswerSchema } from '@portal/domain/autopay-shapes';
import { createInsurancePolicyBodySchema, insurancePolicyRecordSchema } from '@portal/domain/insurance-shapes';
import {
  createAddressBodySchema,
  createBankAccountBodySchema,
  createCardBodySchema,
  createPayPalBodySchema,
  createWalletBodySchema,
} from '@portal/domain/payment-method-bodies';
import type { z } from 'zod';
import { createRecurringSchedule } from '../../services/autopay/schedules.ts';
import { createInsurancePolicy } from '../../services/insurance/create-policy.ts';
import { createAddress } from '../../services/payment-methods/addresses.ts';
import { createBankAccount } from '../../services/payment-methods/create-bank-account.ts';
import { createCard } from '../../services/payment-methods/create-card.ts';
import type { CreateContext, Created } from '../../services/payment-methods/create-context.ts';
import { createPayPalFromBody } from '../../services/payment-methods/pay-pal.ts';
import { createWallet } from '../../services/payment-methods/wallet.ts';

/** A body schema that z.discriminatedUnion accepts (an object, or an object piped into a transform). */
type BodySchema = z.ZodType<{ type: string }> & z.core.$ZodTypeDiscriminable;

export interface Creator<B extends BodySchema = BodySchema, R = unknown> {
  type: string;
  summary: string;
  body: B;
  response: z.ZodType<R>;
  create(c: CreateContext, body: z.output<B>): Promise<Created<R>>;
}

const creator = <B extends BodySchema, R>(c: Creator<B, R>): Creator => c as unknown as Creator;

export const CREATORS: readonly Creator[] = [
  creator({
    type: 'TYPE_ADDRESS',
    summary: 'A billing address (addressType BILLING)',
    body: createAddressBodySchema,
    response: addressRecordSchema,
    create: async (c, body): Promise<Created<AddressRecord>> => ({
      status: 201,
      record: await createAddress(c.ctx, c.customerId, c.actor, body),
    }),
  }),
  creator({
    type: 'TYPE_CREDIT_CARD',
    summary: 'A card, tokenized and verified by the processor (session-id header)',
    body: createCardBodySchema,
    response: paymentMethodRecordSchema,
    create: (c, body): Promise<Created<PaymentMethodRecord>> => createCard(c, body),
  }),
  creator({
    type: 'TYPE_BANK_ACCOUNT',
    summary: 'A bank account: CA institution + transit, US routing number',
    body: createBankAccountBodySchema,
    response: paymentMethodRecordSchema,
    create: createBankAccount,
  }),
  creator({
    type: 'TYPE_PAY_PAL',
    summary: 'The online wallet provider account of an approved agreement',
    body: createPayPalBodySchema,
    response: paymentMethodRecordSchema,
    create: createPayPalFromBody,
  }),
  creator({
    type: 'TYPE_WALLET',
    summary: 'An Apple Pay / Google Pay wallet (reused while its expireIn is in the future: 200)',
    body: createWalletBodySchema,
    response: paymentMethodRecordSchema,
    create: createWallet,
  }),
  creator({
    type: 'TYPE_RECURRING_SCHEDULE',
    summary:
      "The tenant's monthly autopay of a lease (spec 2 §3, §5): one active per lease (409 RM_ERROR_RECORD_ALREADY_EXIST); " +
      "a lease's disabled schedule is reactivated (200); startDate = the next occurrence of the start day (bank: PAD rule)",
    body: createRecurringScheduleBodySchema,
    response: recurringScheduleAnswerSchema,
    create: (c, body) => createRecurringSchedule({ ctx: c.ctx, customerId: c.customerId, actor: c.actor, lang: c.lang }, body),
  }),
  creator({
    type: 'TYPE_INSURANCE_POLICY',
    summary:
      "The tenant's existing insurance policy (spec 2 §3, §4, §5): an ACTIVE lease of theirs whose property offers the " +
      'upload option (else 422 RM_ERROR_SERVICE_NOT_OFFERED); start date not after the end or effective date; the ' +
      'policy number unique per lease, case-insensitive (409 RM_ERROR_RECORD_ALREADY_EXIST). Created approvalStatus ' +
      'PENDING, status NEW, policyProvider TENANT_UPLOAD; the proof follows by POST /INSURANCE_POLICY/{id}/upload',
    body: createInsurancePolicyBodySchema,
    response: insurancePolicyRecordSchema,
    create: createInsurancePolicy,
  }),
];

export function findCreator(type: string): Creator | undefined {
  return CREATORS.find((c) => c.type === type);
}
