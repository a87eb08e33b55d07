// issue 23 "Properties" (/admin/properties): the company's properties, paged on the server, with their lease counts;
// "New property" opens the form. The admin picks the company (?companyId=).
import { Anchor, Button, Group, NativeSelect, Pagination, Table, Text, TextInput } from '@mantine/core';
import { regionName } from '@portal/domain/geography';
import { useState } from 'react';
import { Link, useSearchParams } from 'wouter';
import { PageContainer } from '../../../components/page-container';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { AdminLayout } from '../../admin';
import { useConsoleCompanies } from '../company/api/company-settings';
import { ScrollRegion } from '../company/components/scroll-region';
import { useProperties } from './api/properties';

export function PropertiesPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const companies = useConsoleCompanies();
  const records = companies.data?.records ?? [];
  const companyId = records.find((c) => c.id === params.get('companyId'))?.id ?? records[0]?.id ?? null;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const list = useProperties({ companyId, page, search });
  const newHref = `/admin/properties/new${companyId ? `?companyId=${encodeURIComponent(companyId)}` : ''}`;

  return (
    <AdminLayout>
      <PageContainer
        title={t('admin.properties.title')}
        actions={
          <Button component={Link} to={newHref}>
            {t('admin.properties.new')}
          </Button>
        }
      >
        {companies.isError && <ErrorState error={companies.error} onRetry={() => void companies.refetch()} />}
        <Group align="flex-end" gap="sm" wrap="wrap">
          {records.length > 1 && (
            <NativeSelect
              label={t('admin.company.picker')}
              value={companyId ?? ''}
              onChange={(e) => {
                setParams({ companyId: e.currentTarget.value });
                setPage(1);
              }}
              data={records.map((c) => ({ value: c.id, label: c.name }))}
            />
          )}
          <TextInput
            type="search"
            label={t('admin.properties.search')}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
        </Group>
        {(companies.isPending || list.isPending) && <LoadingState />}
        {list.isError && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
        {list.data && (
          <>
            <Text aria-live="polite">{t('admin.properties.count', { count: list.data.totalRecords })}</Text>
            <ScrollRegion label={t('admin.properties.title')}>
              <Table striped data-testid="properties-table">
                <Table.Caption>{t('admin.properties.title')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('admin.properties.propertyName')}</Table.Th>
                    <Table.Th>{t('admin.properties.address')}</Table.Th>
                    <Table.Th>{t('admin.properties.leases')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.data.records.map((p) => (
                    <Table.Tr key={p.id}>
                      <Table.Td>
                        <Anchor component={Link} to={`/admin/properties/${p.id}`}>
                          {p.propertyName}
                        </Anchor>
                        {p.propertyIdentifier && (
                          <Text size="xs" c="dimmed">
                            {p.propertyIdentifier}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>{`${p.street1}, ${p.city}, ${regionName(p.country, p.province, lang)}`}</Table.Td>
                      <Table.Td>
                        {t('admin.properties.leaseCounts', { active: p.activeLeaseCount ?? 0, all: p.leaseCount ?? 0 })}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollRegion>
            {list.data.totalPages > 1 && (
              <Pagination
                total={list.data.totalPages}
                value={page}
                onChange={setPage}
                siblings={1}
                getControlProps={(control) => ({ 'aria-label': t(`admin.properties.pager.${control}`) })}
                getItemProps={(n) => ({ 'aria-label': t('admin.properties.pager.page', { page: n }) })}
              />
            )}
          </>
        )}
      </PageContainer>
    </AdminLayout>
  );
}
