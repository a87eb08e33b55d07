// /admin/tenants/new: a new lease for a unit (issue 23 "Leases"), then its page, where the tenant is invited.
import { Anchor, Card } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { PageContainer } from '../../../components/page-container';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/navigation';
import { AdminLayout } from '../../admin';
import { useCreateLease, useLeaseProperties } from './api/leases';
import { LeaseForm } from './lease-form';

export function LeaseNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const properties = useLeaseProperties();
  const create = useCreateLease();
  const [propertyId, setPropertyId] = useState(params.get('propertyId') ?? '');
  const list = properties.data?.records ?? [];
  const chosen = list.find((p) => p.id === propertyId);
  // the lines' codes are the chosen property's company's (the spec's defaults until a property is chosen)
  const chargeCodes = chosen?.chargeCodes ?? list[0]?.chargeCodes ?? [];

  return (
    <AdminLayout>
      <PageContainer title={t('admin.leases.new.title')} size="md">
        <Anchor component={Link} to="/admin/tenants" size="sm">
          ← {t('admin.tenant.back')}
        </Anchor>
        {properties.isPending && <LoadingState />}
        {properties.isError && <ErrorState error={properties.error} onRetry={() => void properties.refetch()} />}
        {properties.data && (
          <Card withBorder padding="md">
            <LeaseForm
              lease={null}
              properties={list}
              propertyId={propertyId}
              onPropertyChange={setPropertyId}
              chargeCodes={chargeCodes}
              submitLabel={t('admin.leases.new.create')}
              onSubmit={async (body) => {
                const lease = await create.mutateAsync(body);
                void navigate(`/admin/tenants/${encodeURIComponent(lease.id)}/edit`);
              }}
            />
          </Card>
        )}
      </PageContainer>
    </AdminLayout>
  );
}
