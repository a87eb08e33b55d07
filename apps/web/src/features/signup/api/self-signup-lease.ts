import type { SelfSignupPayload } from '@portal/domain/signup';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { leaseKeys } from '../../../api/query-keys';
import { api } from '../../../lib/api-client';
import { setToken } from '../../../lib/session';

export interface SelfSignupAnswer {
  lease: { id: string; status: string; propertyId: string; companyId: string; unit: string | null; startDate: string };
  autoApproved: boolean;
  /** issue 21 §1: the lease can be paid in the portal (the domain's leasePayability, as the lease card reads it). */
  payable: boolean;
}

// spec 2 §4 Self sign-up: POST /self_signup_Lease, then the token is refreshed (GET /refreshtoken)
export async function selfSignupLease(payload: SelfSignupPayload): Promise<SelfSignupAnswer> {
  const answer = await api.post<SelfSignupAnswer>('/self_signup_Lease', payload);
  try {
    const { access_token } = await api.get<{ access_token: string }>('/refreshtoken', { noRefresh: true });
    setToken(access_token);
  } catch {
    // the lease exists: a failed refresh leaves the current token, which the next call renews
  }
  return answer;
}

export function useSelfSignupLease() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: selfSignupLease,
    // the dashboard's lease cards show the new lease
    onSuccess: () => qc.invalidateQueries({ queryKey: leaseKeys.all }),
  });
}
