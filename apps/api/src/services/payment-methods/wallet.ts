// Apple Pay / Google Pay (spec 1 §3 Wallet, §4, §9): the sandbox session stands for the wallet sheet; POST /create
// TYPE_WALLET verifies its token and saves a method usable for an hour; while a method of that wallet type has not
// expired it is answered instead of a new one (spec 1 §4, isWalletReusable).
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import { toIsoInstant } from '@portal/domain/dates';
import type { WalletType } from '@portal/domain/entities';
import { type Currency, currencyForCountry } from '@portal/domain/money';
import type { CreateWalletBody } from '@portal/domain/payment-method-bodies';
import { isWalletReusable } from '@portal/domain/payment-methods';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { companies, paymentMethods } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { WalletSession } from '../../providers/wallet/wallet.ts';
import { companyInTenantScope } from '../customer/tenant-scope.ts';
import { type CreateContext, type Created, insertPaymentMethod } from './create-context.ts';
import { liveMethodsOf, toPaymentMethodRecord } from './payment-method-record.ts';
import { assertMayAdd, countryOfCurrency, findCustomerBasics, findTenantLeases, payeeCurrency } from './tenant-leases.ts';

/** A wallet method can be charged for an hour after the sheet answered. */
export const WALLET_METHOD_LIFETIME_MS = 60 * 60 * 1000;

// spec 1 §9: wallet currency USD for a US company, otherwise CAD (the company named, else the one the tenant pays)
async function walletCurrency(ctx: AppContext, customerId: string, companyId?: string): Promise<Currency> {
  if (companyId) {
    const [company] = await ctx.db
      .select({ country: companies.country })
      .from(companies)
      .where(and(eq(companies.id, companyId), companyInTenantScope(ctx.db, customerId)))
      .limit(1);
    if (!company) throw new AppError('RM_ERROR_RECORD_NOT_FOUND', 'server.paymentMethods.companyNotFound');
    return currencyForCountry(company.country);
  }
  const leases = await findTenantLeases(ctx.db, customerId);
  const customer = await findCustomerBasics(ctx.db, customerId);
  return payeeCurrency(leases, customer.country);
}

// POST /sandbox/wallet/session: what the Apple Pay / Google Pay sheet answers
export async function createWalletSession(
  ctx: AppContext,
  customerId: string,
  body: { walletType: WalletType; companyId?: string },
): Promise<Omit<WalletSession, 'expiresAt'>> {
  const currency = await walletCurrency(ctx, customerId, body.companyId);
  const { walletToken, walletValidationUrl } = await ctx.providers.wallet.createSession({
    customerId,
    walletType: body.walletType,
    currency,
  });
  return { walletToken, walletValidationUrl, currency };
}

export async function createWallet(c: CreateContext, body: CreateWalletBody): Promise<Created<PaymentMethodRecord>> {
  const { ctx, customerId, actor } = c;
  const verified = ctx.providers.wallet.verifyToken(body.walletToken);
  if (!verified || verified.customerId !== customerId)
    throw AppError.onField('walletToken', 'server.paymentMethods.walletTokenInvalid');
  if (verified.walletType !== body.walletType) throw AppError.onField('walletType', 'server.paymentMethods.walletTypeMismatch');
  await assertMayAdd(ctx.db, customerId, 'TYPE_WALLET');
  if (body.companyId) await walletCurrency(ctx, customerId, body.companyId);

  const now = ctx.now();
  const [latest] = await ctx.db
    .select()
    .from(paymentMethods)
    .where(liveMethodsOf(customerId, 'TYPE_WALLET', eq(paymentMethods.walletType, body.walletType)))
    .orderBy(desc(paymentMethods.expireIn))
    .limit(1);
  // spec 1 §4: reused while its expireIn is in the future
  if (latest?.expireIn && isWalletReusable({ expireIn: toIsoInstant(latest.expireIn) }, now))
    return { status: 200, record: toPaymentMethodRecord(latest, c.lang) };

  const row = await ctx.db.transaction((tx) =>
    insertPaymentMethod(tx, customerId, actor, {
      type: 'TYPE_WALLET',
      country: countryOfCurrency(verified.currency),
      walletType: body.walletType,
      // The session's id, not the token: the processor charges the network token below.
      walletToken: verified.sessionId,
      walletValidationUrl: body.walletValidationUrl,
      processorToken: verified.paymentToken,
      expireIn: new Date(now.getTime() + WALLET_METHOD_LIFETIME_MS).toISOString(),
    }),
  );
  return { status: 201, record: toPaymentMethodRecord(row, c.lang) };
}
