// Our minimal admin area (spec 1 §6: an admin may mimic a tenant): tenants' leases, searchable and paged.
import { Box, Group, Pagination, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { PageContainer } from '../../components/page-container';
import { ErrorState, LoadingState } from '../../components/query-state';
import { useTranslation } from '../../lib/i18n';
import { useAdminTenants } from './api/get-admin-tenants';
import { AdminLayout } from './components/admin-layout';
import { LeaseStatusBadge } from './components/lease-status-badge';
import { ViewAsTenantButton } from './components/view-as-tenant-button';

const RECORDS_PER_PAGE = 20;

export function AdminTenantsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [input, setInput] = useState(search);
  const [debounced] = useDebouncedValue(input.trim(), 300);

  useEffect(() => {
    if (debounced === search) return;
    setParams(debounced ? { search: debounced } : {}, { replace: true });
  }, [debounced, search, setParams]);

  const tenants = useAdminTenants({ search, page, recordsPerPage: RECORDS_PER_PAGE });
  const records = tenants.data?.records ?? [];

  return (
    <AdminLayout>
      <PageContainer title={t('admin.tenants.title')}>
        <TextInput
          label={t('admin.tenants.searchLabel')}
          description={t('admin.tenants.searchHint')}
          type="search"
          value={input}
          onChange={(e) => setInput(e.currentTarget.value)}
          maw={420}
        />
        {tenants.isPending && <LoadingState />}
        {tenants.isError && <ErrorState error={tenants.error} onRetry={() => void tenants.refetch()} />}
        {tenants.data && records.length === 0 && (
          <Text c="dimmed" role="status">
            {search ? t('admin.tenants.noMatch', { search }) : t('admin.tenants.empty')}
          </Text>
        )}
        {records.length > 0 && (
          <Stack gap="sm">
            <Text size="sm" c="dimmed" role="status">
              {t('admin.tenants.count', { count: tenants.data?.totalRecords ?? records.length })}
            </Text>
            {/* Plain overflow box: Table.ScrollContainer brings ScrollArea (and floating-ui) along. */}
            <Box style={{ overflowX: 'auto' }} tabIndex={0} aria-label={t('admin.tenants.caption')} role="region">
              <Table striped highlightOnHover verticalSpacing="sm" miw={680}>
                <Table.Caption>{t('admin.tenants.caption')}</Table.Caption>
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
                    const name = `${r.customer.firstName} ${r.customer.lastName}`;
                    return (
                      <Table.Tr key={r.leaseId}>
                        <Table.Td>
                          <Text
                            size="sm"
                            fw={500}
                            component={Link}
                            to={`/admin/tenants/${encodeURIComponent(r.leaseId)}/edit`}
                            c="blue.8"
                          >
                            {name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {r.customer.email}
                          </Text>
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
                          <ViewAsTenantButton leaseId={r.leaseId} tenantName={name} size="xs" />
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
                  onChange={(p) => setParams(search ? { search, page: String(p) } : { page: String(p) })}
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
