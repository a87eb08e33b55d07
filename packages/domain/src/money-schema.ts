// The zod side of money (API boundary), apart from money.ts so browser code that only formats amounts
// does not pull zod into its bundle.
import { z } from 'zod';
import { MSG } from './message-keys.ts';
import { CURRENCIES, fromCents, toCents, tryToCents } from './money.ts';

// ARCHITECTURE: the API's JSON carries decimals: number >= 0 with at most 2 decimals
export const moneyDecimalSchema = z
  .number({ error: MSG.moneyInvalid })
  .nonnegative({ error: MSG.moneyInvalid })
  .refine((n) => tryToCents(n) !== null, { error: MSG.moneyDecimals });

/** A setting's amount: bounded as the amount fields read one (8 integer digits), so every number the API takes is. */
export const boundedMoneySchema = moneyDecimalSchema.max(99_999_999.99, { error: MSG.moneyInvalid });

/** Decimal in JSON ⇄ integer cents in code, for the API boundary. */
export const moneyCentsCodec = z.codec(moneyDecimalSchema, z.int().nonnegative(), {
  decode: (decimal) => toCents(decimal),
  encode: (cents) => fromCents(cents),
});

export const currencySchema = z.enum(CURRENCIES);
