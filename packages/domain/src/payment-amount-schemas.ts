// The charge-code rows as a zod schema, apart from payment-amounts.ts: the dashboard's first load uses that module's
// rules and none of zod (~23 KB brotli on a phone, issue 21 §4); the payment form that checks the rows loads this.
import { z } from 'zod';
import { MSG } from './message-keys.ts';
import type { MoneyLocale } from './money.ts';
import { parseAmountInput } from './money-input.ts';

// spec 1 §5: with charge codes each row has a code and an amount above 0; at least one row. issue 20 §1: the amount is
// read in the tenant's locale; a refused one answers the parser's message (required, ambiguous, decimals...).
export function chargeRowSchema(locale: MoneyLocale) {
  return z.object({
    code: z.string().trim().min(1, { error: MSG.requiredField }),
    amount: z.string().superRefine((v, ctx) => {
      const parsed = parseAmountInput(v, locale);
      if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.key, params: parsed.values });
      else if (parsed.cents <= 0) ctx.addIssue({ code: 'custom', message: MSG.currencyInvalid });
    }),
  });
}
export type ChargeRow = z.infer<ReturnType<typeof chargeRowSchema>>;

export const chargeRowsSchema = (locale: MoneyLocale) =>
  z.array(chargeRowSchema(locale)).min(1, { error: MSG.chargesAtLeastOne });
