// spec 1 §7 "Payments": instalment (split) pay: POST /installment_pay/initiate {amount, billingAccount} → the plan;
// GET /INSTALLMENT_PAY/{id}; PATCH /INSTALLMENT_PAY/{id}/update (accept the terms, choose the funding card);
// GET /INSTALLMENT_PAY/{id}/amount ("instalment pay by payment method id": the funded amount, fee, first instalment).
// The plan is paid with POST /processpayment (api/process-payment.ts), paymentMethodType TYPE_INSTALLMENT_PAY.
import type { InstalmentAmount, InstalmentPlan } from '@portal/domain/payment-shapes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { paymentMethodKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

export interface InitiateInstalmentInput {
  leaseId: string;
  /** The funded amount, decimal dollars (80..20000). */
  amount: number;
  fundingMethodId?: string;
  installments?: number;
  /** Optional on this call: with it, a double click makes one plan. */
  idempotencyKey?: string;
}

export const initiateInstalmentPay = ({
  leaseId,
  amount,
  fundingMethodId,
  installments,
  idempotencyKey,
}: InitiateInstalmentInput) =>
  api.post<InstalmentPlan>(
    '/installment_pay/initiate',
    {
      amount,
      billingAccount: { id: leaseId },
      ...(fundingMethodId ? { fundingMethodId } : {}),
      ...(installments ? { installments } : {}),
    },
    idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : undefined,
  );

export const getInstalmentPlan = (id: string) => api.get<InstalmentPlan>(`/INSTALLMENT_PAY/${encodeURIComponent(id)}`);
export const getInstalmentAmount = (id: string) => api.get<InstalmentAmount>(`/INSTALLMENT_PAY/${encodeURIComponent(id)}/amount`);

// A plan is a payment method of type TYPE_INSTALLMENT_PAY: its keys live under the payment methods' details.
const planKey = (id: string) => [...paymentMethodKeys.detail(id), 'instalment'] as const;

export const instalmentPlanQueryOptions = (id: string) =>
  queryOptions({ queryKey: planKey(id), queryFn: () => getInstalmentPlan(id) });
export const instalmentAmountQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...planKey(id), 'amount'] as const, queryFn: () => getInstalmentAmount(id) });

export function useInstalmentPlan(id: string | null | undefined) {
  return useQuery({ ...instalmentPlanQueryOptions(id ?? ''), enabled: !!id });
}

export function useInstalmentAmount(id: string | null | undefined) {
  return useQuery({ ...instalmentAmountQueryOptions(id ?? ''), enabled: !!id });
}

export const updateInstalmentPlan = ({
  id,
  ...body
}: {
  id: string;
  acceptedTermsAndConditions?: boolean;
  fundingMethodId?: string;
}) => api.patch<InstalmentPlan>(`/INSTALLMENT_PAY/${encodeURIComponent(id)}/update`, body);

export function useInitiateInstalmentPay() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: initiateInstalmentPay,
    onSuccess: (plan) => qc.setQueryData(planKey(plan.id), plan),
  });
}

export function useUpdateInstalmentPlan() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateInstalmentPlan,
    onSuccess: (plan) => qc.setQueryData(planKey(plan.id), plan),
  });
}
