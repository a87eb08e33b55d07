// The console's lease calls (docs/api-contract.md "Leases (issue 23)"): one query-key factory, the fetchers and hooks.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminTenantKeys } from '../../../../api/query-keys';
import { api, type SearchResult, search } from '../../../../lib/api-client';

export const consoleLeaseKeys = {
  all: ['console_lease'] as const,
  details: () => [...consoleLeaseKeys.all, 'detail'] as const,
  detail: (id: string) => [...consoleLeaseKeys.details(), id] as const,
  notes: (id: string) => [...consoleLeaseKeys.all, 'notes', id] as const,
  documents: (id: string) => [...consoleLeaseKeys.all, 'documents', id] as const,
  properties: () => [...consoleLeaseKeys.all, 'properties'] as const,
};

export type BlockType = 'TYPE_BANK_ACCOUNT' | 'TYPE_CREDIT_CARD' | 'TYPE_PAY_PAL' | 'TYPE_CASH' | 'TYPE_WALLET';
export const BLOCK_TYPES: readonly BlockType[] = [
  'TYPE_BANK_ACCOUNT',
  'TYPE_CREDIT_CARD',
  'TYPE_PAY_PAL',
  'TYPE_CASH',
  'TYPE_WALLET',
];

export interface ChargeLine {
  code: string;
  name: string;
  /** Dollars, as the API carries amounts (at most 2 decimals). */
  amount: number;
}

export interface LeaseInvitation {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  languageCode: string;
  state: 'PENDING' | 'EXPIRED' | 'ACCEPTED' | 'REVOKED';
  expiresAt: string;
  createdAt: string;
  acceptedAt: string | null;
}

export interface ConsoleLease {
  id: string;
  status: string;
  origin: string | null;
  unit: string | null;
  propertyId: string;
  propertyName: string;
  propertyPayByTextEnabled: boolean;
  companyId: string;
  companyName: string;
  currency: 'CAD' | 'USD';
  startDate: string | null;
  endDate: string | null;
  monthlyPaymentDueDay: number;
  charges: ChargeLine[];
  requireAutoPay: boolean;
  blockPayments: Partial<Record<BlockType, { blocked?: boolean; blockedSplit?: boolean }>>;
  blockPartialPayments: boolean;
  payByTextEnabled: boolean | null;
  tenantNotes: string | null;
  terminatedAt: string | null;
  tenant: { id: string; firstName: string; lastName: string; email: string } | null;
  invitation: LeaseInvitation | null;
  chargeCodes: { code: string; name: string }[];
  openCharges: { count: number; balance: number };
}

export interface LeaseSettingsBody {
  unit: string | null;
  startDate: string;
  endDate: string | null;
  monthlyPaymentDueDay: number;
  charges: { code: string; amount: number }[];
  requireAutoPay: boolean;
  blockPayments: Partial<Record<BlockType, { blocked: boolean; blockedSplit?: boolean }>>;
  blockPartialPayments: boolean;
  payByTextEnabled: boolean | null;
  tenantNotes: string | null;
}

export interface LeaseProperty {
  id: string;
  propertyName: string;
  city: string;
  companyId: string;
  companyName: string;
  chargeCodes: { code: string; name: string }[];
}

export interface LeaseNote {
  id: string;
  body: string;
  authorId: string;
  authorType: string;
  authorName: string | null;
  createdAt: string;
}

export interface LeaseDocument {
  id: string;
  url: string;
  ownerType: string;
  name: string;
  size: number;
  createDate: string;
}

const leasePath = (id: string) => `/property_lease/${encodeURIComponent(id)}`;

export function useConsoleLease(id: string) {
  return useQuery(
    queryOptions({ queryKey: consoleLeaseKeys.detail(id), queryFn: () => api.get<ConsoleLease>(`${leasePath(id)}/details`) }),
  );
}

export function useLeaseProperties() {
  return useQuery({
    queryKey: consoleLeaseKeys.properties(),
    queryFn: () => api.get<{ records: LeaseProperty[] }>('/property_lease/properties'),
    staleTime: 60_000,
  });
}

/** After a change: the lease page and the console's lease list read it again. */
function useLeaseChanged() {
  const qc = useQueryClient();
  return (lease?: ConsoleLease) => {
    if (lease) qc.setQueryData(consoleLeaseKeys.detail(lease.id), lease);
    void qc.invalidateQueries({ queryKey: consoleLeaseKeys.details() });
    void qc.invalidateQueries({ queryKey: adminTenantKeys.all });
  };
}

export function useCreateLease() {
  const changed = useLeaseChanged();
  return useMutation({
    mutationFn: (body: LeaseSettingsBody & { propertyId: string }) => api.post<ConsoleLease>('/property_lease/create', body),
    onSuccess: (lease) => changed(lease),
  });
}

export function useUpdateLease(id: string) {
  const changed = useLeaseChanged();
  return useMutation({
    mutationFn: (body: Partial<LeaseSettingsBody>) => api.patch<ConsoleLease>(`${leasePath(id)}/update`, body),
    onSuccess: (lease) => changed(lease),
  });
}

export function useTerminateLease(id: string) {
  const changed = useLeaseChanged();
  return useMutation({
    mutationFn: (body: { endDate: string }) =>
      api.post<{ lease: ConsoleLease; schedulesDeactivated: number; openCharges: { count: number; balance: number } }>(
        `${leasePath(id)}/terminate`,
        body,
      ),
    onSuccess: (answer) => changed(answer.lease),
  });
}

export interface InviteBody {
  email: string;
  firstName: string;
  lastName: string;
  languageCode: 'en' | 'fr';
}

export function useInviteTenant(id: string) {
  const changed = useLeaseChanged();
  return useMutation({
    mutationFn: (body: InviteBody) =>
      api.post<{ invitation: LeaseInvitation; link: string; mailSent: boolean }>(`${leasePath(id)}/invite`, body),
    onSuccess: () => changed(),
  });
}

export function useRevokeInvitation(id: string) {
  const changed = useLeaseChanged();
  return useMutation({
    mutationFn: () => api.post<{ invitation: LeaseInvitation }>(`${leasePath(id)}/invite/revoke`),
    onSuccess: () => changed(),
  });
}

export function useLeaseNotes(id: string) {
  return useQuery({
    queryKey: consoleLeaseKeys.notes(id),
    queryFn: () => api.get<{ records: LeaseNote[] }>(`${leasePath(id)}/notes`),
  });
}

export function useAddLeaseNote(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => api.post<LeaseNote>(`${leasePath(id)}/notes`, { body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: consoleLeaseKeys.notes(id) }),
  });
}

export function useLeaseDocuments(id: string, enabled: boolean) {
  return useQuery({
    queryKey: consoleLeaseKeys.documents(id),
    enabled,
    queryFn: (): Promise<SearchResult<LeaseDocument>> =>
      search<LeaseDocument>(
        'document',
        {
          conditions: [
            { field: 'recordType', operator: 'EQUALS', value: 'PROPERTY_LEASE' },
            { field: 'recordId', operator: 'EQUALS', value: id },
          ],
        },
        { page: 1, recordsPerPage: 100 },
      ),
  });
}

export function useUploadLeaseDocument(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<{ id: string }>(`/PROPERTY_LEASE/${encodeURIComponent(id)}/upload`, form);
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: consoleLeaseKeys.documents(id) }),
  });
}
