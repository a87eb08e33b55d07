// spec 1 §7 "Payments": the loadhub cash slips of Canada (docs/api-contract.md "Cash slips"): the new-slip template, the
// tenant's active slips, create (one active slip per lease: creating again updates it), change the amount, delete.
import type { CashSlip } from '@portal/domain/payment-shapes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { cashSlipKeys, leaseKeys, transactionKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

/** GET /cash/new: the template of a new slip (the amount due now, within 10..1993). */
export interface CashSlipTemplate {
  type: 'TYPE_LOADHUB_CASH';
  billingAccountId: string;
  amount: number;
}

export const getNewCashSlip = (leaseId: string) => api.get<CashSlipTemplate>('/cash/new', { query: { leaseId } });

export const newCashSlipQueryOptions = (leaseId: string) =>
  queryOptions({ queryKey: [...cashSlipKeys.details(), 'new', leaseId] as const, queryFn: () => getNewCashSlip(leaseId) });

export function useNewCashSlip(leaseId: string, enabled = true) {
  return useQuery({ ...newCashSlipQueryOptions(leaseId), enabled });
}

/** GET /cash: the tenant's active slips, newest first. */
export const getCashSlips = () => api.get<{ records: CashSlip[] }>('/cash');

export const cashSlipsQueryOptions = () => queryOptions({ queryKey: cashSlipKeys.list({}), queryFn: getCashSlips });

export function useCashSlips(enabled = true) {
  return useQuery({ ...cashSlipsQueryOptions(), enabled });
}

export const createCashSlip = (body: { amount: number; billingAccountId: string }) => api.post<CashSlip>('/cash', body);
export const updateCashSlip = ({ id, amount }: { id: string; amount: number }) =>
  api.patch<CashSlip>(`/cash/${encodeURIComponent(id)}/update`, { amount });
export const deleteCashSlip = (id: string) => api.delete<{ id: string }>(`/cash/${encodeURIComponent(id)}/delete`);

/** A slip is paid at the store later: the lists of slips, leases and transactions are what may change. */
function useInvalidateSlips() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: cashSlipKeys.lists() }),
      qc.invalidateQueries({ queryKey: leaseKeys.lists() }),
      qc.invalidateQueries({ queryKey: transactionKeys.lists() }),
    ]);
}

export function useCreateCashSlip() {
  const invalidate = useInvalidateSlips();
  return useMutation({ mutationFn: createCashSlip, onSuccess: invalidate });
}

export function useUpdateCashSlip() {
  const invalidate = useInvalidateSlips();
  return useMutation({ mutationFn: updateCashSlip, onSuccess: invalidate });
}

export function useDeleteCashSlip() {
  const invalidate = useInvalidateSlips();
  return useMutation({ mutationFn: deleteCashSlip, onSuccess: invalidate });
}
