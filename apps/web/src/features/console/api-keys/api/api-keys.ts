// issue 24 "Access for machines": the console's API key calls (docs/api-contract.md "API keys and /authorizeapi").

import type { ApiKeyRecord as ApiKey, ApiKeyScope } from '@portal/domain/api-key-shapes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../../lib/api-client';

export type { ApiKeyRecord as ApiKey } from '@portal/domain/api-key-shapes';
export { API_KEY_SCOPE_NAMES as API_KEY_SCOPES, type ApiKeyScope } from '@portal/domain/api-key-shapes';

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
