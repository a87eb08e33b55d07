// issue 24 "Access for machines": the console's API key calls (docs/api-contract.md "API keys and /authorizeapi").
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

export const API_KEY_SCOPES = ['ledger:read', 'properties:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export interface ApiKey {
  id: string;
  companyId: string;
  companyName: string;
  name: string;
  prefix: string;
  scopes: ApiKeyScope[];
  status: 'ACTIVE' | 'REVOKED';
  createdAt: string;
  createdBy: { id: string; type: string; name: string | null };
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  revokedAt: string | null;
}

export interface NewApiKey {
  companyId?: string;
  name: string;
  scopes: ApiKeyScope[];
}

export const apiKeyKeys = {
  all: ['api_key'] as const,
  list: () => [...apiKeyKeys.all, 'list'] as const,
};

export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.list(), queryFn: () => api.get<{ records: ApiKey[] }>('/api_key/list') });
}

export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NewApiKey) => api.post<ApiKey & { key: string }>('/api_key/create', body),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<ApiKey>(`/api_key/${encodeURIComponent(id)}/revoke`),
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
