import { Button } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { notifyError } from '../../../components/notify';
import { useErrorMessage } from '../../../components/query-state';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/navigation';
import { setMimicLeaseId, setToken } from '../../../lib/session';
import { useMimicTenant } from '../api/mimic-tenant';

/** Starts mimic mode: the admin's session becomes the tenant's, with the lease id kept for the way back. */
export function ViewAsTenantButton({
  leaseId,
  tenantName,
  size = 'sm',
}: {
  leaseId: string;
  tenantName: string;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const mimic = useMimicTenant();
  const messageOf = useErrorMessage();
  return (
    <Button
      size={size}
      variant="light"
      loading={mimic.isPending}
      aria-label={t('admin.viewAsTenantNamed', { name: tenantName })}
      onClick={() =>
        mimic.mutate(leaseId, {
          onSuccess: ({ access_token }) => {
            qc.clear();
            // The lease id first: the shell must already know it is mimicking when the tenant token lands.
            setMimicLeaseId(leaseId);
            setToken(access_token);
            navigate('/customer/dashboard', { replace: false });
          },
          onError: (error) => notifyError(messageOf(error)),
        })
      }
    >
      {t('admin.viewAsTenant')}
    </Button>
  );
}
