// The inbox's self sign-up leases waiting for approval (issue 11; issue 23: a manager's company's, the admin's all):
// approved (ACTIVE) or declined with a comment (TERMINATED); the tenant is told either way. The rows, the buttons and
// the decline are the inbox's one PersonReviews (shared with the lease applications).
import { Text } from '@mantine/core';
import { notifySuccess } from '../../../components/notify';
import { useErrorMessage } from '../../../components/query-state';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { useApprovePendingLease, useDeclinePendingLease } from '../api/decide-pending-lease';
import { usePendingLeases } from '../api/get-pending-leases';
import type { AdminPendingLease } from '../api/types';
import { PersonReviews } from './person-reviews';
import { DecisionDialog } from './review-table';

const RECORDS_PER_PAGE = 50;
const nameOf = (l: AdminPendingLease) => `${l.customer.firstName} ${l.customer.lastName}`.trim() || l.customer.email;

export function PendingLeaseReviews() {
  const { t } = useTranslation();
  const lang = useLang();
  const messageOf = useErrorMessage();
  const query = usePendingLeases({ page: 1, recordsPerPage: RECORDS_PER_PAGE });
  const approve = useApprovePendingLease();
  const decline = useDeclinePendingLease();

  return (
    <PersonReviews<AdminPendingLease>
      id="admin-pending-leases"
      title={t('admin.applications.leasesTitle')}
      caption={t('admin.applications.leasesCaption')}
      emptyText={t('admin.applications.leasesEmpty')}
      query={query}
      personHeader={t('admin.applications.columns.tenant')}
      nameOf={nameOf}
      emailOf={(l) => l.customer.email}
      propertyOf={(l) => ({
        name: l.property.propertyName,
        place: [l.property.city, l.property.province, l.property.postalCode].filter(Boolean).join(', '),
      })}
      columns={[
        { header: t('admin.applications.columns.unit'), cell: (l) => <Text size="sm">{l.unit ?? '—'}</Text> },
        {
          header: t('admin.applications.columns.startDate'),
          cell: (l) => <Text size="sm">{formatDate(l.startDate, lang) || '—'}</Text>,
        },
        {
          header: t('admin.applications.columns.residencyType'),
          cell: (l) => (
            <Text size="sm">
              {l.residencyType ? t(`admin.applications.residency.${l.residencyType}`, { defaultValue: l.residencyType }) : '—'}
            </Text>
          ),
        },
      ]}
      approve={approve}
      // the lease exists already: approving it is a confirmation
      renderApproval={(approving, close) => (
        <DecisionDialog
          opened={approving !== null}
          title={t('admin.applications.approveLeaseTitle', { name: approving ? nameOf(approving) : '' })}
          confirmLabel={t('admin.applications.approve')}
          loading={approve.isPending}
          error={approve.error ? messageOf(approve.error) : null}
          text={t('admin.applications.approveLeaseText', {
            name: approving ? nameOf(approving) : '',
            property: approving?.property.propertyName ?? '',
          })}
          onCancel={close}
          onConfirm={() => {
            if (!approving) return;
            approve.mutate(approving.id, {
              onSuccess: () => {
                close();
                notifySuccess(t('admin.applications.leaseApproved'));
              },
            });
          }}
        />
      )}
      decline={decline}
      declineTitle={(name) => t('admin.applications.declineLeaseTitle', { name })}
      declineText={(l, name) => t('admin.applications.declineLeaseText', { name, property: l.property.propertyName })}
      declinedText={t('admin.applications.leaseDeclined')}
    />
  );
}
