// POST /create TYPE_CREDIT_CARD (spec 1 §3, §7, §8 "Adding methods"). The processor tokenizes and verifies the card
// first; only then are the new billing address (if any) and the method written, in one transaction, so a refused card
// leaves nothing behind. The card number and CVV go to the processor and nowhere else.
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import { isCardExpired } from '@portal/domain/input-fields';
import { MSG } from '@portal/domain/message-keys';
import type { CreateCardBody } from '@portal/domain/payment-method-bodies';
import { AppError } from '../../lib/app-error.ts';
import { todayOf } from '../payments/payment-context.ts';
import { billingAddressIdOf, requireOwnAddress } from './addresses.ts';
import { type CreateContext, type Created, findByFingerprint, insertPaymentMethod, isUniqueViolation } from './create-context.ts';
import { toPaymentMethodRecord } from './payment-method-record.ts';
import { askProcessor, cardExistsError } from './processor-errors.ts';
import { assertMayAdd } from './tenant-leases.ts';

export async function createCard(c: CreateContext, body: CreateCardBody): Promise<Created<PaymentMethodRecord>> {
  const { ctx, customerId, actor } = c;
  await assertMayAdd(ctx.db, customerId, 'TYPE_CREDIT_CARD');
  // spec 1 §5: expired once the first day of the month after its expiry has passed
  if (isCardExpired(body.expiryMonth, body.expiryYear, todayOf(ctx.now())))
    throw AppError.onField('expiryMonth', MSG.cardExpiryInvalid);
  if (body.billingAddressId) await requireOwnAddress(ctx.db, customerId, body.billingAddressId);

  const card = await askProcessor(() =>
    ctx.providers.processor.tokenizeCard({
      cardNumber: body.cardNumber,
      cvv: body.cvv,
      expiryMonth: body.expiryMonth,
      expiryYear: body.expiryYear,
      nameOnCard: body.nameOnCard,
      country: body.country,
      deviceSessionId: c.deviceSessionId,
      billingPostalCode: body.billingAddress?.postalCode,
    }),
  );
  try {
    const row = await ctx.db.transaction(async (tx) => {
      // spec 1 §8: paysafe.7503 when the tenant already saved this card
      if (await findByFingerprint(tx, customerId, card.fingerprint)) throw cardExistsError();
      return insertPaymentMethod(tx, customerId, actor, {
        type: 'TYPE_CREDIT_CARD',
        country: card.country,
        processorToken: card.token,
        fingerprint: card.fingerprint,
        brand: card.brand,
        cardType: card.cardType,
        last4: card.last4,
        expiryMonth: card.expiryMonth,
        expiryYear: card.expiryYear,
        nameOnCard: body.nameOnCard,
        billingAddressId: await billingAddressIdOf(tx, customerId, body, actor),
      });
    });
    return { status: 201, record: toPaymentMethodRecord(row, c.lang) };
  } catch (err) {
    // Nothing was saved: the processor forgets the token it just made.
    await ctx.providers.processor.deleteToken(card.token).catch(() => undefined);
    if (isUniqueViolation(err, 'payment_methods_fingerprint_uq')) throw cardExistsError();
    throw err;
  }
}
