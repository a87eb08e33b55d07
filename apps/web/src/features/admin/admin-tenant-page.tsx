// /admin/tenants/{leaseId}/edit: one lease's tenant and property; where stopping a mimic lands (spec 2 §2).
import { Anchor, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'wouter';
import { PageContainer } from '../../components/page-container';
import { ErrorState, LoadingState } from '../../components/query-state';
import { useTranslation } from '../../lib/i18n';
import { useAdminTenant } from './api/get-admin-tenant';
import { AdminLayout } from './components/admin-layout';
import { LeaseStatusBadge } from './components/lease-status-badge';
import { ViewAsTenantButton } from './components/view-as-tenant-button';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

export function AdminTenantPage() {
  const { t } = useTranslation();
  const { leaseId = '' } = useParams();
  const lease = useAdminTenant(leaseId);
  const r = lease.data;
  const name = r ? `${r.customer.firstName} ${r.customer.lastName}` : '';

  return (
    <AdminLayout>
      <PageContainer title={r ? t('admin.tenant.title', { name }) : t('admin.tenant.titleLoading')} size="md">
        <Anchor component={Link} to="/admin/tenants" size="sm">
          ← {t('admin.tenant.back')}
        </Anchor>
        {lease.isPending && <LoadingState />}
        {lease.isError && <ErrorState error={lease.error} onRetry={() => void lease.refetch()} />}
        {r && (
          <Card withBorder padding="lg">
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
                <Field label={t('admin.tenant.tenant')}>{name}</Field>
                <Field label={t('admin.tenant.email')}>{r.customer.email}</Field>
                <Field label={t('admin.tenant.property')}>{r.property.propertyName}</Field>
                <Field label={t('admin.tenant.location')}>
                  {r.property.city}, {r.property.province}
                </Field>
                <Field label={t('admin.tenant.unit')}>{r.unit ?? '—'}</Field>
                <Stack gap={2}>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                    {t('admin.tenant.status')}
                  </Text>
                  <div>
                    <LeaseStatusBadge status={r.status} />
                  </div>
                </Stack>
                <Field label={t('admin.tenant.leaseId')}>{r.leaseId}</Field>
              </SimpleGrid>
              <Group>
                <ViewAsTenantButton leaseId={r.leaseId} tenantName={name} />
              </Group>
            </Stack>
          </Card>
        )}
      </PageContainer>
    </AdminLayout>
  );
}
