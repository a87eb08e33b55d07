// The online wallet provider (PayPal-style, spec 1 §7): GET /paypal_create_agreement answers an agreement to approve
// on the provider's page, or the account already linked; the approved agreement becomes the TYPE_PAY_PAL method
// (from the approval page, or POST /create { type: 'TYPE_PAY_PAL', token }), once per agreement.
import type { PaymentMethodRecord, PayPalAgreement } from '@portal/domain/api-shapes';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { paymentMethods } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Actor } from '../../lib/audit.ts';
import type { Lang } from '../../lib/i18n.ts';
import { type CreateContext, type Created, insertPaymentMethod, isUniqueViolation } from './create-context.ts';
import { liveMethodsOf, type PaymentMethodRow, toPaymentMethodRecord } from './payment-method-record.ts';
import { assertMayAdd, countryOfCurrency, findCustomerBasics, findTenantLeases, payeeCurrency } from './tenant-leases.ts';

async function findLivePayPal(ctx: AppContext, customerId: string, agreementId?: string): Promise<PaymentMethodRow | undefined> {
  const [row] = await ctx.db
    .select()
    .from(paymentMethods)
    .where(liveMethodsOf(customerId, 'TYPE_PAY_PAL', agreementId ? eq(paymentMethods.agreementId, agreementId) : undefined))
    .orderBy(asc(paymentMethods.createdAt))
    .limit(1);
  return row;
}

// spec 1 §7: GET /paypal_create_agreement?userType&userId
export async function getPayPalAgreement(ctx: AppContext, customerId: string, lang: Lang): Promise<PayPalAgreement> {
  const customer = await findCustomerBasics(ctx.db, customerId);
  const leases = await findTenantLeases(ctx.db, customerId);
  const currency = payeeCurrency(leases, customer.country);
  const agreement = await ctx.providers.onlineWallet.createAgreement({ customerId, email: customer.email, currency });
  const linked = await findLivePayPal(ctx, customerId);
  return {
    merchantId: agreement.merchantId,
    currency: agreement.currency,
    orderId: agreement.orderId,
    token: agreement.token,
    approvalUrl: agreement.approvalUrl,
    paymentMethod: linked ? toPaymentMethodRecord(linked, lang) : null,
  };
}

/**
 * The approved agreement's method. `customerId` is the signed-in tenant (POST /create), or null on the approval page,
 * where the signed agreement token alone names the tenant.
 */
export async function createPayPalMethod(
  ctx: AppContext,
  input: { token: string; customerId: string | null; actor: Actor | null; lang: Lang },
): Promise<Created<PaymentMethodRecord>> {
  const agreement = ctx.providers.onlineWallet.verifyAgreement(input.token);
  if (!agreement || (input.customerId !== null && agreement.customerId !== input.customerId))
    throw AppError.onField('token', 'server.paymentMethods.payPalAgreementInvalid');
  const customerId = agreement.customerId;
  const actor = input.actor ?? { id: customerId, type: 'TYPE_CUSTOMER' };
  await assertMayAdd(ctx.db, customerId, 'TYPE_PAY_PAL');
  // Approving twice, or approving a second agreement, answers the account already linked.
  const linked = (await findLivePayPal(ctx, customerId, agreement.agreementId)) ?? (await findLivePayPal(ctx, customerId));
  if (linked) return { status: 200, record: toPaymentMethodRecord(linked, input.lang) };
  try {
    const row = await ctx.db.transaction((tx) =>
      insertPaymentMethod(tx, customerId, actor, {
        type: 'TYPE_PAY_PAL',
        country: countryOfCurrency(agreement.currency),
        email: agreement.email,
        agreementId: agreement.agreementId,
      }),
    );
    return { status: 201, record: toPaymentMethodRecord(row, input.lang) };
  } catch (err) {
    if (!isUniqueViolation(err, 'payment_methods_agreement_uq')) throw err;
    const row = await findLivePayPal(ctx, customerId, agreement.agreementId);
    if (!row) throw err;
    return { status: 200, record: toPaymentMethodRecord(row, input.lang) };
  }
}

export const createPayPalFromBody = (c: CreateContext, body: { token: string }) =>
  createPayPalMethod(c.ctx, { token: body.token, customerId: c.customerId, actor: c.actor, lang: c.lang });
