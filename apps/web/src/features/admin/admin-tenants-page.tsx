// /admin/tenants: the console's leases (issue 23 "Leases"; spec 1 §6 mimic): every lease of the caller's company (the
// admin's: every company), those waiting for their invited tenant too, searchable, filtered by property and status,
// paged on the server; "New lease".
import { Badge, Box, Button, Group, NativeSelect, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { PageContainer } from '../../components/page-container';
import { ErrorState, LoadingState } from '../../components/query-state';
import { useTranslation } from '../../lib/i18n';
import { useLeaseProperties } from '../console';
import { useAdminTenants } from './api/get-admin-tenants';
import { AdminLayout } from './components/admin-layout';
import { LeaseStatusBadge } from './components/lease-status-badge';
import { ViewAsTenantButton } from './components/view-as-tenant-button';

const RECORDS_PER_PAGE = 20;
const STATUSES = ['ACTIVE', 'PENDING', 'TERMINATED', 'SUSPENDED'] as const;

export function AdminTenantsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const propertyId = params.get('propertyId') ?? '';
  const status = params.get('status') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [input, setInput] = useState(search);
  const [debounced] = useDebouncedValue(input.trim(), 300);
  const properties = useLeaseProperties();

  /** The address keeps the filters (a reload or a shared link shows the same list); a new filter starts at page 1. */
  const setFilters = (next: { search?: string; propertyId?: string; status?: string; page?: number }) => {
    const merged = { search, propertyId, status, page: String(next.page ?? 1), ...next };
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(merged)) if (v && !(k === 'page' && String(v) === '1')) out[k] = String(v);
    setParams(out, { replace: true });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new search text moves the address
  useEffect(() => {
    if (debounced === search) return;
    setFilters({ search: debounced });
  }, [debounced, search]);

  const tenants = useAdminTenants({ search, propertyId, status, page, recordsPerPage: RECORDS_PER_PAGE });
  const records = tenants.data?.records ?? [];
  const filtered = !!(search || propertyId || status);

  return (
    <AdminLayout>
      <PageContainer title={t('admin.leases.list.title')}>
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <Group align="flex-end" wrap="wrap" gap="sm">
            <TextInput
              label={t('admin.tenants.searchLabel')}
              description={t('admin.tenants.searchHint')}
              type="search"
              value={input}
              onChange={(e) => setInput(e.currentTarget.value)}
              w={{ base: '100%', xs: 280 }}
            />
            <NativeSelect
              label={t('admin.leases.list.property')}
              value={propertyId}
              onChange={(e) => setFilters({ propertyId: e.currentTarget.value })}
              data={[
                { value: '', label: t('admin.leases.list.allProperties') },
                ...(properties.data?.records ?? []).map((p) => ({ value: p.id, label: p.propertyName })),
              ]}
              w={{ base: '100%', xs: 220 }}
            />
            <NativeSelect
              label={t('admin.leases.list.status')}
              value={status}
              onChange={(e) => setFilters({ status: e.currentTarget.value })}
              data={[
                { value: '', label: t('admin.leases.list.allStatuses') },
                ...STATUSES.map((s) => ({ value: s, label: t(`admin.leaseStatus.${s}`, { defaultValue: s }) })),
              ]}
              w={{ base: '100%', xs: 180 }}
            />
          </Group>
          <Button
            component={Link}
            to={propertyId ? `/admin/tenants/new?propertyId=${encodeURIComponent(propertyId)}` : '/admin/tenants/new'}
          >
            {t('admin.leases.list.new')}
          </Button>
        </Group>
        {tenants.isPending && <LoadingState />}
        {tenants.isError && <ErrorState error={tenants.error} onRetry={() => void tenants.refetch()} />}
        {tenants.data && records.length === 0 && (
          <Text c="dimmed" role="status">
            {search
              ? t('admin.tenants.noMatch', { search })
              : filtered
                ? t('admin.leases.list.noneFiltered')
                : t('admin.tenants.empty')}
          </Text>
        )}
        {records.length > 0 && (
          <Stack gap="sm">
            <Text size="sm" c="dimmed" role="status">
              {t('admin.leases.list.count', { count: tenants.data?.totalRecords ?? records.length })}
            </Text>
            {/* Plain overflow box: Table.ScrollContainer brings ScrollArea (and floating-ui) along. */}
            <Box style={{ overflowX: 'auto' }} tabIndex={0} aria-label={t('admin.leases.list.caption')} role="region">
              <Table striped highlightOnHover verticalSpacing="sm" miw={680}>
                <Table.Caption>{t('admin.leases.list.caption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('admin.tenants.columns.tenant')}</Table.Th>
                    <Table.Th scope="col">{t('admin.tenants.columns.property')}</Table.Th>
                    <Table.Th scope="col">{t('admin.tenants.columns.unit')}</Table.Th>
                    <Table.Th scope="col">{t('admin.tenants.columns.status')}</Table.Th>
                    <Table.Th scope="col">{t('admin.tenants.columns.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {records.map((r) => {
                    const name = r.customer ? `${r.customer.firstName} ${r.customer.lastName}` : null;
                    const to = `/admin/tenants/${encodeURIComponent(r.leaseId)}/edit`;
                    return (
                      <Table.Tr key={r.leaseId}>
                        <Table.Td>
                          <Text size="sm" fw={500} component={Link} to={to} c="blue.8">
                            {name ?? t('admin.leases.list.noTenant')}
                          </Text>
                          {r.customer ? (
                            <Text size="xs" c="dimmed">
                              {r.customer.email}
                            </Text>
                          ) : r.invitation ? (
                            <Group gap={4} wrap="wrap">
                              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                                {r.invitation.email}
                              </Text>
                              <Badge size="xs" variant="light" color={r.invitation.state === 'EXPIRED' ? 'orange' : 'blue'}>
                                {t(`admin.leases.invite.state.${r.invitation.state}`)}
                              </Badge>
                            </Group>
                          ) : (
                            <Text size="xs" c="dimmed">
                              {t('admin.leases.list.notInvited')}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{r.property.propertyName}</Text>
                          <Text size="xs" c="dimmed">
                            {r.property.city}, {r.property.province}
                          </Text>
                        </Table.Td>
                        <Table.Td>{r.unit ?? '—'}</Table.Td>
                        <Table.Td>
                          <LeaseStatusBadge status={r.status} />
                        </Table.Td>
                        <Table.Td>
                          {name ? (
                            <ViewAsTenantButton leaseId={r.leaseId} tenantName={name} size="xs" />
                          ) : (
                            <Button size="xs" variant="subtle" component={Link} to={to}>
                              {t('admin.leases.list.open')}
                            </Button>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Box>
            {(tenants.data?.totalPages ?? 1) > 1 && (
              <Group justify="center">
                <Pagination
                  total={tenants.data?.totalPages ?? 1}
                  value={page}
                  onChange={(p) => setFilters({ page: p })}
                  getControlProps={(control) => ({
                    'aria-label': control === 'previous' ? t('common.previousPage') : t('common.nextPage'),
                  })}
                  getItemProps={(p) => ({ 'aria-label': t('common.pageN', { page: p }) })}
                />
              </Group>
            )}
          </Stack>
        )}
      </PageContainer>
    </AdminLayout>
  );
}
