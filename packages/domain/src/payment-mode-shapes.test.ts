// The bodies of the extra payment modes (issue 8): instalment update and the online wallet provider's order.
import { describe, expect, it } from 'vitest';
import { payPalCreateOrderBodySchema, updateInstalmentBodySchema } from './payment-shapes.ts';

describe('updateInstalmentBodySchema', () => {
  it.each([
    [{ acceptedTermsAndConditions: true }, true],
    [{ acceptedTermsAndConditions: false }, true],
    [{ fundingMethodId: 'card-1' }, true],
    [{ acceptedTermsAndConditions: true, fundingMethodId: 'card-1' }, true],
    [{}, false],
    [{ fundingMethodId: '' }, false],
  ])('%j → valid %s', (body, valid) => {
    expect(updateInstalmentBodySchema.safeParse(body).success).toBe(valid);
  });

  it('names the message key when nothing is given', () => {
    const result = updateInstalmentBodySchema.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['acceptedTermsAndConditions'],
      message: 'server.paymentModes.instalmentUpdateEmpty',
    });
  });
});

describe('payPalCreateOrderBodySchema', () => {
  const base = { billingAccountId: 'lease-1', billingAccountType: 'TYPE_PROPERTY_LEASE' };
  it.each([
    [{ ...base, amount: 75 }, true],
    [{ ...base, charges: [{ code: 'Rent', amount: 75 }] }, true],
    [{ ...base }, false],
    [{ ...base, amount: 75, charges: [{ code: 'Rent', amount: 75 }] }, false],
    [{ ...base, amount: 75.001 }, false],
    [{ ...base, billingAccountType: 'TYPE_OTHER', amount: 75 }, false],
  ])('%j → valid %s', (body, valid) => {
    expect(payPalCreateOrderBodySchema.safeParse(body).success).toBe(valid);
  });
});
