// spec 1 §4 / spec 2 §6 Admin mimic: POST /admin/mimic { leaseId } answers a token acting as the lease's tenant.
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const mimicTenant = (leaseId: string) => api.post<{ access_token: string }>('/admin/mimic', { leaseId });

export function useMimicTenant() {
  return useMutation({ mutationFn: mimicTenant });
}
