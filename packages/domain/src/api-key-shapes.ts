// issue 24 "Access for machines": an API key as the API answers it (GET /api_key/list, POST /api_key/create, POST
// /api_key/{id}/revoke) and the console reads it, one definition for both.

/** What a key may read (the API maps each scope to the routes it opens: services/api-keys/api-keys.ts). */
export const API_KEY_SCOPE_NAMES = ['ledger:read', 'properties:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPE_NAMES)[number];

export interface ApiKeyRecord {
  id: string;
  companyId: string;
  companyName: string;
  name: string;
  /** The first characters of the key (rpk_ and its public id): how lists tell keys apart. */
  prefix: string;
  scopes: ApiKeyScope[];
  status: 'ACTIVE' | 'REVOKED';
  createdAt: string;
  createdBy: { id: string; type: string; name: string | null };
  lastUsedAt: string | null;
  lastUsedIp: string | null;
  revokedAt: string | null;
}
