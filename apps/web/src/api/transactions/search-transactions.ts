import { TRANSACTION_PAGE_SIZE } from '@portal/domain/display';
import { pastPaymentConditions } from '@portal/domain/receipt';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { search } from '../../lib/api-client';
import { transactionKeys } from '../query-keys';
import type { PaymentTransaction } from '../types';

/**
 * spec 1 §7: POST /payment_transaction/search?recordsPerPage=5&page=n (newest first); property and company joined for
 * the receipt. issue 20: cancelled attempts (nothing charged) are not past payments: the server leaves them out.
 */
export const searchTransactions = (page: number) =>
  search<PaymentTransaction>(
    'payment_transaction',
    { conditions: pastPaymentConditions(), joins: ['property', 'company'] },
    { page, recordsPerPage: TRANSACTION_PAGE_SIZE },
  );

export const transactionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: transactionKeys.list({ page, recordsPerPage: TRANSACTION_PAGE_SIZE }),
    queryFn: () => searchTransactions(page),
    // Paging keeps the previous page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export function useTransactions(page: number) {
  return useQuery(transactionsQueryOptions(page));
}

/**
 * issue 25: one transaction of the tenant by id, joined as the past payments are (a receipt e-mail's link opens its
 * receipt: /customer/dashboard?receipt=<id>); null when the tenant has no such transaction.
 */
export const transactionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: transactionKeys.detail(id),
    queryFn: async () =>
      (
        await search<PaymentTransaction>(
          'payment_transaction',
          { conditions: [{ field: 'id', operator: 'EQUALS', value: id }], joins: ['property', 'company'] },
          { page: 1, recordsPerPage: 1 },
        )
      ).records[0] ?? null,
  });

export function useTransaction(id: string | null) {
  return useQuery({ ...transactionQueryOptions(id ?? ''), enabled: id !== null });
}
