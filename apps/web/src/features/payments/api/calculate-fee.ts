import type { FeeCalculation } from '@portal/domain/api-shapes';
import type { WalletType } from '@portal/domain/entities';
import { fromCents } from '@portal/domain/money';
import { queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { feeProfileKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';

export interface FeeQuestion {
  amountCents: number;
  companyId: string;
  /** The saved payment method's id, or an option's type without a saved method: TYPE_PAY_PAL, TYPE_WALLET (issue 20). */
  paymentMethodId: string;
  /** TYPE_WALLET: the wallet paid with. */
  walletType?: WalletType;
}

// spec 1 §7: POST /calculatefeewithfeeprofile {amount, companyId, paymentMethod} → {amount, feeAmount, total, currency, feeProfile}
export const calculateFee = ({ amountCents, companyId, paymentMethodId, walletType }: FeeQuestion) =>
  api.post<FeeCalculation>('/calculatefeewithfeeprofile', {
    amount: fromCents(amountCents),
    companyId,
    paymentMethod: paymentMethodId,
    ...(walletType ? { walletType } : {}),
  });

// Under the fee-profile entity: a change of profiles (invalidating feeProfileKeys.all) reprices too.
export const feeCalculationQueryOptions = (q: FeeQuestion) =>
  queryOptions({
    queryKey: [...feeProfileKeys.all, 'calculation', q] as const,
    queryFn: () => calculateFee(q),
    staleTime: 5 * 60_000,
  });

const isAskable = (q: FeeQuestion) => q.amountCents > 0 && !!q.companyId && !!q.paymentMethodId;

export function useFeeCalculation(q: FeeQuestion | null) {
  return useQuery({
    ...feeCalculationQueryOptions(q ?? { amountCents: 0, companyId: '', paymentMethodId: '' }),
    enabled: !!q && isAskable(q),
  });
}

/** The fee of one amount with each of several methods (one call per method), in the order given. */
export function useFeeCalculations(questions: readonly FeeQuestion[]) {
  return useQueries({ queries: questions.map((q) => ({ ...feeCalculationQueryOptions(q), enabled: isAskable(q) })) });
}
