// spec 1 §4 Mimic mode: on when a customer session has a stored mimic lease id. Stopping refreshes the token with
// stopMimic, clears the stored id and goes to /admin/tenants/{leaseId}/edit (the admin's or, issue 23, the manager's).
import { useMutation } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { notifyError } from '../../components/notify';
import { api } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { decodeToken, getMimicLeaseId, getSessionUser, setMimicLeaseId, setToken, subscribeSession } from '../../lib/session';
import { useSessionUser } from '../../lib/use-session-user';
import { hardNavigate } from './hard-navigate';

export function useMimicLeaseId(): string | null {
  return useSyncExternalStore(subscribeSession, getMimicLeaseId, getMimicLeaseId);
}

export function useIsMimicking(): boolean {
  const user = useSessionUser();
  const leaseId = useMimicLeaseId();
  return !!user && user.type === 'TYPE_CUSTOMER' && !!leaseId;
}

export function useStopMimic() {
  const { t } = useTranslation();
  return useMutation({
    mutationFn: async () => {
      const leaseId = getMimicLeaseId() ?? getSessionUser()?.mimic?.leaseId ?? null;
      const answer = await api.get<{ access_token: string }>('/refreshtoken', { query: { stopMimic: true }, noRefresh: true });
      return { token: answer.access_token, leaseId };
    },
    onSuccess: ({ token, leaseId }) => {
      const user = decodeToken(token);
      setMimicLeaseId(null);
      if (!user || user.type === 'TYPE_CUSTOMER') {
        // Not a mimic token after all: the tenant session simply goes on without the banner.
        setToken(token);
        return;
      }
      // The admin's or manager's console (spec 1 §6, spec 2 §2: both go back to the lease's edit page) is another
      // world: a fresh page load drops every cached tenant answer.
      queryClient.clear();
      setToken(token);
      hardNavigate(leaseId ? `/admin/tenants/${encodeURIComponent(leaseId)}/edit` : '/admin/tenants');
    },
    onError: () => {
      notifyError(t('shell.mimic.stopFailed'));
    },
  });
}
