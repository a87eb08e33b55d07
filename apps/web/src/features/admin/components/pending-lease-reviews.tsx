// The inbox's self sign-up leases waiting for approval (issue 11; issue 23: a manager's company's, the admin's all):
// approved (ACTIVE) or declined with a comment (TERMINATED); the tenant is told either way.
import { Text } from '@mantine/core';
import { notifySuccess } from '../../../components/notify';
import { useErrorMessage } from '../../../components/query-state';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { useApprovePendingLease, useDeclinePendingLease } from '../api/decide-pending-lease';
import { usePendingLeases } from '../api/get-pending-leases';
import type { AdminPendingLease } from '../api/types';
import { DecisionButtons, DecisionDialog, ReviewTable, TwoLineCell, useReviewDecisions } from './review-table';

const RECORDS_PER_PAGE = 50;
const nameOf = (l: AdminPendingLease) => `${l.customer.firstName} ${l.customer.lastName}`.trim() || l.customer.email;

export function PendingLeaseReviews() {
  const { t } = useTranslation();
  const lang = useLang();
  const messageOf = useErrorMessage();
  const query = usePendingLeases({ page: 1, recordsPerPage: RECORDS_PER_PAGE });
  const approve = useApprovePendingLease();
  const decline = useDeclinePendingLease();
  const { approving, declining, comment, setComment, startApprove, startDecline, closeApprove, closeDecline } =
    useReviewDecisions<AdminPendingLease>(approve, decline);

  return (
    <>
      <ReviewTable<AdminPendingLease>
        id="admin-pending-leases"
        title={t('admin.applications.leasesTitle')}
        caption={t('admin.applications.leasesCaption')}
        emptyText={t('admin.applications.leasesEmpty')}
        loadErrorTitle={t('admin.applications.loadError')}
        query={query}
        rowKey={(l) => l.id}
        columns={[
          {
            header: t('admin.applications.columns.tenant'),
            cell: (l) => <TwoLineCell strong main={nameOf(l)} detail={l.customer.email} />,
          },
          {
            header: t('admin.applications.columns.property'),
            cell: (l) => (
              <TwoLineCell
                main={l.property.propertyName}
                detail={[l.property.city, l.property.province, l.property.postalCode].filter(Boolean).join(', ')}
              />
            ),
          },
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
        actionsHeader={t('admin.applications.columns.actions')}
        actions={(l) => {
          const name = nameOf(l);
          return (
            <DecisionButtons
              approveLabel={t('admin.applications.approve')}
              approveName={t('admin.applications.approveNamed', { name })}
              declineLabel={t('admin.applications.decline')}
              declineName={t('admin.applications.declineNamed', { name })}
              onApprove={() => startApprove(l)}
              onDecline={() => startDecline(l)}
            />
          );
        }}
      />
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
        onCancel={closeApprove}
        onConfirm={() => {
          if (!approving) return;
          approve.mutate(approving.id, {
            onSuccess: () => {
              closeApprove();
              notifySuccess(t('admin.applications.leaseApproved'));
            },
          });
        }}
      />
      <DecisionDialog
        opened={declining !== null}
        title={t('admin.applications.declineLeaseTitle', { name: declining ? nameOf(declining) : '' })}
        confirmLabel={t('admin.applications.decline')}
        danger
        loading={decline.isPending}
        error={decline.error ? messageOf(decline.error) : null}
        text={t('admin.applications.declineLeaseText', {
          name: declining ? nameOf(declining) : '',
          property: declining?.property.propertyName ?? '',
        })}
        commentLabel={t('admin.applications.fields.comment')}
        comment={comment}
        onCommentChange={setComment}
        onCancel={closeDecline}
        onConfirm={() => {
          if (!declining) return;
          decline.mutate(
            { id: declining.id, comment: comment.trim() },
            {
              onSuccess: () => {
                closeDecline();
                notifySuccess(t('admin.applications.leaseDeclined'));
              },
            },
          );
        }}
      />
    </>
  );
}
