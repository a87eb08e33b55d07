// The invitee's calls (docs/api-contract.md "Leases (issue 23)"): what the link offers, and accepting it.
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export interface PublicInvitation {
  companyName: string;
  propertyName: string;
  unit: string | null;
  startDate: string | null;
  charges: { code: string; name: string; amount: number }[];
  email: string;
  firstName: string | null;
  lastName: string | null;
  languageCode: string;
  country: string;
}

export interface AcceptBody {
  firstName?: string;
  lastName?: string;
  phone?: string;
  password?: string;
  confirmPassword?: string;
}

const path = (token: string) => `/lease_invitation/${encodeURIComponent(token)}`;

export function useInvitation(token: string) {
  return useQuery({ queryKey: ['lease_invitation', token], queryFn: () => api.get<PublicInvitation>(path(token)), retry: false });
}

export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: (body: AcceptBody) => api.post<{ access_token: string; leaseId: string }>(`${path(token)}/accept`, body),
  });
}
