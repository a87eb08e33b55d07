// issue 23 "Money": the console's ledger calls (docs/api-contract.md "The ledger and refunds"): the properties to pick
// from, a page of a lease's or property's ledger, its CSV (streamed, with progress), a refund and the sandbox's bank return.

import type { LedgerPage, LedgerRow, LedgerType } from '@portal/domain/ledger-shapes';
import type { PaymentResult } from '@portal/domain/payment-shapes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../../lib/api-client';
import { fileNameFromDisposition, saveBlob } from '../../../../lib/download';
import { getToken } from '../../../../lib/session';

export type { LedgerPage, LedgerRow, LedgerType };
/** The types the page's filter offers (the ones a portal ledger holds today; the API knows every type). */
export const LEDGER_TYPES = [
  'CHARGE',
  'CREDIT',
  'PAYMENT',
  'REFUND',
  'RETURN',
  'FEE_PAYMENT',
] as const satisfies readonly LedgerType[];

export interface LedgerProperty {
  id: string;
  propertyName: string;
  city: string;
  companyId: string;
}

export interface LedgerFilter {
  propertyId?: string;
  leaseId?: string;
  from?: string;
  to?: string;
  types?: LedgerType[];
}

export function useLedgerProperties() {
  return useQuery({
    queryKey: ['ledger', 'properties'],
    queryFn: () => api.get<{ records: LedgerProperty[] }>('/ledger/properties'),
  });
}

/** The filter without its empty fields (the server refuses an empty date). */
function clean(filter: LedgerFilter): LedgerFilter {
  return Object.fromEntries(
    Object.entries(filter).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0)),
  ) as LedgerFilter;
}

export function useLedger(filter: LedgerFilter, page: number, recordsPerPage: number) {
  const body = { ...clean(filter), page, recordsPerPage };
  return useQuery({
    queryKey: ['ledger', 'search', body],
    queryFn: () => api.post<LedgerPage>('/ledger/search', body),
    enabled: Boolean(filter.propertyId || filter.leaseId),
    placeholderData: keepPreviousData,
  });
}

/**
 * Downloads the ledger's CSV, reporting the rows read so far against `totalRows` (the stream's lines): a property's
 * ledger can be long, and the manager sees it coming.
 */
export async function downloadLedgerCsv(
  filter: LedgerFilter,
  totalRows: number,
  onProgress: (fraction: number) => void,
): Promise<void> {
  const f = clean(filter);
  const url = new URL('/api/ledger/download', window.location.origin);
  for (const [k, v] of Object.entries(f)) url.searchParams.set(k, Array.isArray(v) ? v.join(',') : String(v));
  const token = getToken();
  const res = await fetch(url, {
    headers: {
      accept: 'text/csv',
      'accept-language': document.documentElement.lang || 'en',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!res.ok || !res.body) {
    const envelope = (await res.json().catch(() => ({}))) as { errorCode?: string; message?: string };
    throw new ApiError(res.status, envelope.errorCode ?? 'RM_ERROR_SYSTEM', envelope.message ?? res.statusText);
  }
  const reader = res.body.getReader();
  const parts: Uint8Array[] = [];
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    for (const byte of value) if (byte === 10) lines += 1;
    // The header line is not a row.
    onProgress(totalRows > 0 ? Math.min(1, Math.max(0, lines - 1) / totalRows) : 1);
  }
  onProgress(1);
  const name = fileNameFromDisposition(res.headers.get('content-disposition')) ?? 'ledger.csv';
  saveBlob(new Blob(parts as BlobPart[], { type: 'text/csv' }), name);
}

export interface RefundInput {
  transactionId: string;
  /** Cents. */
  amount: number;
  reason: string;
  idempotencyKey: string;
}

export function useRefund() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ transactionId, amount, reason, idempotencyKey }: RefundInput) =>
      api.post<PaymentResult>(
        `/payment_transaction/${encodeURIComponent(transactionId)}/refund`,
        { amount, reason },
        { headers: { 'Idempotency-Key': idempotencyKey } },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: ['ledger', 'search'] }),
  });
}

export function useSimulateReturn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ transactionId, code }: { transactionId: string; code: string }) =>
      api.post<{ transactionId: string; returnCode: string; returnedAt: string }>('/sandbox/processor/return', {
        transactionId,
        code,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['ledger', 'search'] }),
  });
}
