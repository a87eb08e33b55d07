// /admin/tenants/{leaseId}/edit: the lease page of the console (issue 23 "Leases"; spec 2 §2: where stopping a mimic
// lands): its settings, the tenant or the invitation, notes, documents, End lease, View as tenant, the ledger.
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'wouter';
import { PageContainer } from '../../components/page-container';
import { ErrorState, LoadingState } from '../../components/query-state';
import { formatAmount } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { useLang } from '../../lib/locale';
import {
  DocumentsPanel,
  EndLeaseDialog,
  InvitationPanel,
  LeaseForm,
  NotesPanel,
  useConsoleLease,
  useUpdateLease,
} from '../console';
import { AdminLayout } from './components/admin-layout';
import { LeaseStatusBadge } from './components/lease-status-badge';
import { ViewAsTenantButton } from './components/view-as-tenant-button';

// issue 23: the charges feature's modal, loaded when the manager opens it (not part of the lease page's chunk)
const PostChargeModal = lazy(() => import('../console').then((m) => ({ default: m.PostChargeModal })));

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

export function AdminTenantPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { leaseId = '' } = useParams();
  const lease = useConsoleLease(leaseId);
  const update = useUpdateLease(leaseId);
  const [ending, setEnding] = useState(false);
  const [posting, setPosting] = useState(false);
  const r = lease.data;
  const tenantName = r?.tenant ? `${r.tenant.firstName} ${r.tenant.lastName}` : null;
  const title = r
    ? tenantName
      ? t('admin.tenant.title', { name: tenantName })
      : t('admin.leases.page.titleNoTenant', { property: r.propertyName, unit: r.unit ?? '—' })
    : t('admin.tenant.titleLoading');
  const terminated = r?.status === 'TERMINATED';

  return (
    <AdminLayout>
      <PageContainer title={title} size="md">
        <Anchor component={Link} to="/admin/tenants" size="sm">
          ← {t('admin.tenant.back')}
        </Anchor>
        {lease.isPending && <LoadingState />}
        {lease.isError && <ErrorState error={lease.error} onRetry={() => void lease.refetch()} />}
        {r && (
          <Stack gap="md">
            <Card withBorder padding="md">
              <Stack gap="xs">
                <Group gap="xs" wrap="wrap">
                  <LeaseStatusBadge status={r.status} />
                  <Text size="sm">
                    {r.propertyName}
                    {r.unit ? ` · ${t('admin.leases.page.unit', { unit: r.unit })}` : ''}
                  </Text>
                </Group>
                {r.tenant ? (
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {tenantName} · {r.tenant.email}
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('admin.leases.page.noTenant')}
                  </Text>
                )}
                <Text size="sm">
                  {t('admin.leases.page.openCharges', {
                    count: r.openCharges.count,
                    amount: formatAmount(r.openCharges.balance, r.currency, lang),
                  })}
                </Text>
                <Group gap="sm" wrap="wrap">
                  {r.tenant && tenantName && <ViewAsTenantButton leaseId={r.id} tenantName={tenantName} />}
                  <Button component={Link} to={`/admin/ledger?leaseId=${encodeURIComponent(r.id)}`} variant="light">
                    {t('admin.leases.page.ledger')}
                  </Button>
                  {!terminated && (
                    <Button variant="light" onClick={() => setPosting(true)}>
                      {t('admin.leases.page.postCharge')}
                    </Button>
                  )}
                  {!terminated && (
                    <Button variant="outline" color="red" onClick={() => setEnding(true)}>
                      {t('admin.leases.end.button')}
                    </Button>
                  )}
                </Group>
                {terminated && (
                  <Text size="sm" c="dimmed" role="note">
                    {t('admin.leases.page.terminated')}
                  </Text>
                )}
              </Stack>
            </Card>

            {!r.tenant && !terminated && (
              <Section title={t('admin.leases.invite.title')}>
                <InvitationPanel lease={r} />
              </Section>
            )}

            <Section title={t('admin.leases.page.settings')}>
              <LeaseForm
                key={r.id}
                lease={r}
                chargeCodes={r.chargeCodes}
                readOnly={terminated}
                submitLabel={t('admin.leases.form.save')}
                onSubmit={(body) => {
                  const { propertyId: _propertyId, ...settings } = body;
                  return update.mutateAsync(settings);
                }}
              />
            </Section>

            <Section title={t('admin.leases.notes.title')}>
              <NotesPanel leaseId={r.id} />
            </Section>

            <Section title={t('admin.leases.documents.title')}>
              <DocumentsPanel leaseId={r.id} hasTenant={!!r.tenant} />
            </Section>

            {ending && <EndLeaseDialog lease={r} opened={ending} onClose={() => setEnding(false)} />}
            {posting && (
              <Suspense fallback={null}>
                <PostChargeModal
                  leaseId={r.id}
                  companyId={r.companyId}
                  opened={posting}
                  onClose={() => setPosting(false)}
                  onPosted={() => void lease.refetch()}
                />
              </Suspense>
            )}
          </Stack>
        )}
      </PageContainer>
    </AdminLayout>
  );
}
