import type { InsurancePartner } from '@portal/domain/entities';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A partner quote as POST /insurance/quote answers it (spec 2 §7 "Quote partners"; docs/api-contract.md). */
export interface PartnerQuote {
  id: string;
  partner: InsurancePartner;
  /** The partner's page where the tenant buys (RestoreQuoteLink / link of spec 2 §7). */
  link: string;
  monthlyCost: number;
  /** Null for the partner that answers a monthly payment only (APOLLO). */
  yearlyCost: number | null;
  currency: 'CAD' | 'USD';
}

/** Asks one partner for a quote on the tenant's lease. */
export function useRequestPartnerQuote() {
  return useMutation({
    mutationFn: (body: { leaseId: string; partner: InsurancePartner }) => api.post<PartnerQuote>('/insurance/quote', body),
  });
}
