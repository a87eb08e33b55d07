// The sandbox partners' own sites: a quote as the partner's page shows it, and Buy, which issues the partner's policy
// number once (a second click or a retry gets the same number). The portal hears of the purchase through
// services/insurance/partner-purchase.ts (standing for the partner's purchase notification).
import { randomInt } from 'node:crypto';
import { INSURANCE_PARTNERS, type InsurancePartner } from '@portal/domain/entities';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sandboxInsurancePartnerQuotes } from '../../db/schema.ts';

export type SandboxPartnerQuote = typeof sandboxInsurancePartnerQuotes.$inferSelect;

const POLICY_PREFIX: Record<InsurancePartner, string> = { NUERA: 'NU', MELLO: 'ML', APOLLO: 'AP' };

/** 'nuera' → 'NUERA' (the pages' URL segment), else null. */
export function partnerFromSegment(segment: string): InsurancePartner | null {
  const upper = segment.toUpperCase();
  return (INSURANCE_PARTNERS as readonly string[]).includes(upper) ? (upper as InsurancePartner) : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findSandboxQuote(
  db: Executor,
  partner: InsurancePartner,
  ref: string,
): Promise<SandboxPartnerQuote | null> {
  if (!UUID.test(ref)) return null;
  const [row] = await db
    .select()
    .from(sandboxInsurancePartnerQuotes)
    .where(and(eq(sandboxInsurancePartnerQuotes.id, ref), eq(sandboxInsurancePartnerQuotes.partner, partner)));
  return row ?? null;
}

export async function findSandboxPolicy(
  db: Executor,
  partner: InsurancePartner,
  policyNumber: string,
): Promise<SandboxPartnerQuote | null> {
  if (policyNumber.length > 40) return null;
  const [row] = await db
    .select()
    .from(sandboxInsurancePartnerQuotes)
    .where(and(eq(sandboxInsurancePartnerQuotes.policyNumber, policyNumber), eq(sandboxInsurancePartnerQuotes.partner, partner)));
  return row ?? null;
}

/** Buy: the partner's policy number, issued once (a conditional update: two clicks at once still issue one). */
export async function buySandboxQuote(
  db: Executor,
  partner: InsurancePartner,
  ref: string,
  now: Date,
): Promise<{ quote: SandboxPartnerQuote; policyNumber: string } | null> {
  const found = await findSandboxQuote(db, partner, ref);
  if (!found) return null;
  if (found.policyNumber) return { quote: found, policyNumber: found.policyNumber };
  const candidate = `${POLICY_PREFIX[partner]}-${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  await db
    .update(sandboxInsurancePartnerQuotes)
    .set({ policyNumber: candidate, purchasedAt: now.toISOString() })
    .where(and(eq(sandboxInsurancePartnerQuotes.id, ref), isNull(sandboxInsurancePartnerQuotes.policyNumber)));
  const after = await findSandboxQuote(db, partner, ref);
  if (!after?.policyNumber) return null;
  return { quote: after, policyNumber: after.policyNumber };
}
