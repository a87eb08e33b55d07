// Insurance reviews until the manager console exists (issue 22; spec 2 §4): the uploaded policies waiting for approval,
// each with its tenant, property, dates and proof, approved or rejected with a comment (the tenant is told).
import { Anchor, Box, Button, Group, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import type { AdminInsurancePolicy } from '@portal/domain/insurance-shapes';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notifyError, notifySuccess } from '../../components/notify';
import { PageContainer } from '../../components/page-container';
import { ErrorState, LoadingState, useErrorMessage } from '../../components/query-state';
import { saveBlob } from '../../lib/download';
import { formatDate } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import { useLang } from '../../lib/locale';
import { downloadAdminDocument, useAdminInsurancePolicies, useReviewInsurancePolicy } from './api/insurance-policies';
import { AdminLayout } from './components/admin-layout';

const RECORDS_PER_PAGE = 50;
type Decision = 'APPROVED' | 'REJECTED';

const tenantName = (r: AdminInsurancePolicy) => `${r.tenant.firstName} ${r.tenant.lastName}`.trim() || r.tenant.email;

export function AdminInsurancePage() {
  const { t } = useTranslation();
  return (
    <AdminLayout>
      <PageContainer title={t('admin.insurance.title')}>
        <PendingPolicies />
      </PageContainer>
    </AdminLayout>
  );
}

function PendingPolicies() {
  const { t } = useTranslation();
  const lang = useLang();
  const messageOf = useErrorMessage();
  const query = useAdminInsurancePolicies({ status: 'PENDING', page: 1, recordsPerPage: RECORDS_PER_PAGE });
  const review = useReviewInsurancePolicy();
  const [deciding, setDeciding] = useState<{ row: AdminInsurancePolicy; decision: Decision } | null>(null);
  const [comment, setComment] = useState('');
  const records = query.data?.records ?? [];

  const open = (row: AdminInsurancePolicy, decision: Decision) => {
    review.reset();
    setComment('');
    setDeciding({ row, decision });
  };

  return (
    <section aria-labelledby="admin-pending-insurance">
      <Title order={2} size="h3" id="admin-pending-insurance" mb="sm">
        {t('admin.insurance.pendingTitle')}
      </Title>
      {query.isPending && <LoadingState />}
      {query.isError && (
        <ErrorState error={query.error} title={t('admin.insurance.loadError')} onRetry={() => void query.refetch()} />
      )}
      {query.data && records.length === 0 && (
        <Text c="dimmed" role="status">
          {t('admin.insurance.empty')}
        </Text>
      )}
      {records.length > 0 && (
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('admin.insurance.caption')}>
          <Table striped verticalSpacing="sm" miw={860} data-testid="admin-pending-insurance">
            <Table.Caption>{t('admin.insurance.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('admin.insurance.columns.tenant')}</Table.Th>
                <Table.Th scope="col">{t('admin.insurance.columns.property')}</Table.Th>
                <Table.Th scope="col">{t('admin.insurance.columns.policy')}</Table.Th>
                <Table.Th scope="col">{t('admin.insurance.columns.period')}</Table.Th>
                <Table.Th scope="col">{t('admin.insurance.columns.proof')}</Table.Th>
                <Table.Th scope="col">{t('admin.insurance.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((r) => {
                const name = tenantName(r);
                const p = r.policy;
                return (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {r.tenant.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {r.property.unit
                          ? t('admin.insurance.propertyUnit', { property: r.property.propertyName, unit: r.property.unit })
                          : r.property.propertyName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {`${r.property.city}, ${r.property.province}`}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{p.carrierName}</Text>
                      <Text size="xs" c="dimmed">
                        {t('admin.insurance.number', { number: p.policyIdentifier })}
                      </Text>
                      {p.status === 'CHANGED' && (
                        <Text size="xs" c="dimmed">
                          {t('admin.insurance.changed')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {/* a DD-MMM-YYYY date never breaks at its hyphens */}
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {t('admin.insurance.period', {
                          start: formatDate(p.startDate, lang),
                          end: formatDate(p.endDate, lang),
                        })}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {p.documents.length === 0 ? (
                        <Text size="sm">{t('admin.insurance.noProof')}</Text>
                      ) : (
                        p.documents.map((d) => (
                          <Anchor
                            key={d.id}
                            component="button"
                            type="button"
                            size="sm"
                            style={{ minHeight: 24 }}
                            aria-label={t('admin.insurance.downloadProof', { name: d.name, tenant: name })}
                            onClick={() =>
                              downloadAdminDocument(d.id).then(
                                (blob) => saveBlob(blob, d.name),
                                (error: unknown) => notifyError(messageOf(error)),
                              )
                            }
                          >
                            {d.name}
                          </Anchor>
                        ))
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          onClick={() => open(r, 'APPROVED')}
                          aria-label={t('admin.insurance.approveNamed', { name })}
                        >
                          {t('admin.insurance.approve')}
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          onClick={() => open(r, 'REJECTED')}
                          aria-label={t('admin.insurance.rejectNamed', { name })}
                        >
                          {t('admin.insurance.reject')}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Box>
      )}
      <ConfirmDialog
        opened={deciding !== null}
        title={
          deciding?.decision === 'REJECTED'
            ? t('admin.insurance.rejectTitle', { name: deciding ? tenantName(deciding.row) : '' })
            : t('admin.insurance.approveTitle', { name: deciding ? tenantName(deciding.row) : '' })
        }
        confirmLabel={deciding?.decision === 'REJECTED' ? t('admin.insurance.reject') : t('admin.insurance.approve')}
        danger={deciding?.decision === 'REJECTED'}
        loading={review.isPending}
        error={review.error ? messageOf(review.error) : null}
        onCancel={() => setDeciding(null)}
        onConfirm={() => {
          if (!deciding) return;
          review.mutate(
            { id: deciding.row.policy.id, approvalStatus: deciding.decision, comment },
            {
              onSuccess: () => {
                notifySuccess(deciding.decision === 'REJECTED' ? t('admin.insurance.rejected') : t('admin.insurance.approved'));
                setDeciding(null);
              },
            },
          );
        }}
      >
        <Stack gap="sm">
          <Text>{t('admin.insurance.decisionText')}</Text>
          <Textarea
            label={t('admin.insurance.comment')}
            description={t('admin.insurance.commentHint')}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            maxLength={500}
            rows={3}
          />
        </Stack>
      </ConfirmDialog>
    </section>
  );
}
