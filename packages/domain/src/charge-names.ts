// issue 20: a charge is shown by its name, never its raw code (`parking`, `bike-storage`, `KEY`). The portal's own
// codes (spec 1 §3 default list) have names the portal translates; a name the manager wrote is shown as written.
import { type MessageKey, MSG } from './message-keys.ts';
import type { DEFAULT_CHARGE_CODES } from './payment-amounts.ts';

export type StandardChargeCode = (typeof DEFAULT_CHARGE_CODES)[number];

/** Each default code's message key and the English name the portal (and the demo seed) gives it. */
export const STANDARD_CHARGE_NAMES: Readonly<Record<StandardChargeCode, { key: MessageKey; english: string }>> = {
  Rent: { key: MSG.chargeCodeRent, english: 'Rent' },
  parking: { key: MSG.chargeCodeParking, english: 'Parking' },
  storage: { key: MSG.chargeCodeStorage, english: 'Storage' },
  'bike-storage': { key: MSG.chargeCodeBikeStorage, english: 'Bike storage' },
  'damage-deposit': { key: MSG.chargeCodeDamageDeposit, english: 'Damage deposit' },
  'pet-damage-deposit': { key: MSG.chargeCodePetDamageDeposit, english: 'Pet damage deposit' },
  'security-deposit': { key: MSG.chargeCodeSecurityDeposit, english: 'Security deposit' },
  'first-months-rent': { key: MSG.chargeCodeFirstMonthsRent, english: "First month's rent" },
  'last-months-rent': { key: MSG.chargeCodeLastMonthsRent, english: "Last month's rent" },
  'late-fee': { key: MSG.chargeCodeLateFee, english: 'Late fee' },
  invoice: { key: MSG.chargeCodeInvoice, english: 'Invoice' },
  utilities: { key: MSG.chargeCodeUtilities, english: 'Utilities' },
  other: { key: MSG.chargeCodeOther, english: 'Other' },
  'landlord-signup-fee': { key: MSG.chargeCodeLandlordSignupFee, english: 'Landlord sign-up fee' },
  KEY: { key: MSG.chargeCodeKey, english: 'Key' },
};

const isStandardCode = (code: string): code is StandardChargeCode => Object.hasOwn(STANDARD_CHARGE_NAMES, code);

/** How a charge's name is shown: a message key (the portal's own name, translated) or the manager's text as is. */
export type ChargeNameDisplay = { key: MessageKey } | { text: string };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.toLowerCase();

/**
 * A standard code whose name is missing, is the code itself or is the portal's English name reads in the tenant's
 * language; any other name is the manager's own words (shown as written, in every language).
 */
export function chargeNameDisplay(charge: { code?: string | null; name?: string | null }): ChargeNameDisplay {
  const code = charge.code?.trim() ?? '';
  const name = charge.name?.trim() ?? '';
  if (isStandardCode(code)) {
    const own = STANDARD_CHARGE_NAMES[code];
    if (name === '' || same(name, code) || same(name, own.english)) return { key: own.key };
  }
  return { text: name || code };
}
