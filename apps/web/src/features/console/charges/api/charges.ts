// issue 23 "Charges": POST /open_charge/create and the company's charge codes the console's charge modal offers
// (docs/api-contract.md "Charges and credits"). The codes come from GET /company/{id}; should that call be refused or
// missing, from the lease search's company join (the same company record).

import type { PostChargeResult, PostKind } from '@portal/domain/charge-shapes';
import { type ChargeCode, getChargeCodes } from '@portal/domain/payment-amounts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, api, search } from '../../../../lib/api-client';

export type { PostChargeResult, PostKind };

export interface PostChargeBody {
  leaseId: string;
  kind: PostKind;
  code: string;
  /** Dollars (a JSON decimal read from cents). */
  amount: number;
  dueDate?: string;
  description?: string;
}

export const chargeKeys = {
  codes: (companyId: string, leaseId: string) => ['console_charges', 'codes', companyId, leaseId] as const,
};

/** The company's charge codes, or the spec's default codes when it has none (spec 1 §3). */
export async function fetchChargeCodes(companyId: string, leaseId: string): Promise<ChargeCode[]> {
  try {
    const company = await api.get<{ chargeCodes?: ChargeCode[] | null }>(`/company/${encodeURIComponent(companyId)}`);
    return getChargeCodes(company);
  } catch (err) {
    if (!(err instanceof ApiError) || err.status >= 500 || err.status === 401) throw err;
    const found = await search<{ joins?: { company?: { chargeCodes?: ChargeCode[] | null } | null } }>('property_lease', {
      conditions: [{ field: 'id', operator: 'EQUALS', value: leaseId }],
      joins: ['company'],
    });
    return getChargeCodes(found.records[0]?.joins?.company ?? null);
  }
}

export function useChargeCodes(companyId: string, leaseId: string, enabled: boolean) {
  return useQuery({
    queryKey: chargeKeys.codes(companyId, leaseId),
    queryFn: () => fetchChargeCodes(companyId, leaseId),
    enabled,
    staleTime: 60_000,
  });
}

export function usePostCharge() {
  return useMutation({ mutationFn: (body: PostChargeBody) => api.post<PostChargeResult>('/open_charge/create', body) });
}
