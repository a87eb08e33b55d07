// The inbox's uploaded insurance policies waiting for approval (issue 22, spec 2 §4; issue 23: a manager's company's,
// the admin's all): each with its tenant, property, dates and proof, approved or rejected with a comment (the tenant is
// told).
import { Anchor, Text } from '@mantine/core';
import type { AdminInsurancePolicy } from '@portal/domain/insurance-shapes';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../../components/notify';
import { useErrorMessage } from '../../../components/query-state';
import { saveBlob } from '../../../lib/download';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { downloadAdminDocument, useAdminInsurancePolicies, useReviewInsurancePolicy } from '../api/insurance-policies';
import { DecisionButtons, DecisionDialog, ReviewTable, TwoLineCell } from './review-table';

const RECORDS_PER_PAGE = 50;
type Decision = 'APPROVED' | 'REJECTED';

const tenantName = (r: AdminInsurancePolicy) => `${r.tenant.firstName} ${r.tenant.lastName}`.trim() || r.tenant.email;

export function InsuranceReviews() {
  const { t } = useTranslation();
  const lang = useLang();
  const messageOf = useErrorMessage();
  const query = useAdminInsurancePolicies({ status: 'PENDING', page: 1, recordsPerPage: RECORDS_PER_PAGE });
  const review = useReviewInsurancePolicy();
  const [deciding, setDeciding] = useState<{ row: AdminInsurancePolicy; decision: Decision } | null>(null);
  const [comment, setComment] = useState('');

  const open = (row: AdminInsurancePolicy, decision: Decision) => {
    review.reset();
    setComment('');
    setDeciding({ row, decision });
  };
  const rejecting = deciding?.decision === 'REJECTED';
  const name = deciding ? tenantName(deciding.row) : '';

  return (
    <>
      <ReviewTable<AdminInsurancePolicy>
        id="admin-pending-insurance"
        title={t('admin.insurance.pendingTitle')}
        caption={t('admin.insurance.caption')}
        emptyText={t('admin.insurance.empty')}
        loadErrorTitle={t('admin.insurance.loadError')}
        query={query}
        rowKey={(r) => r.policy.id}
        minWidth={860}
        columns={[
          {
            header: t('admin.insurance.columns.tenant'),
            cell: (r) => <TwoLineCell strong main={tenantName(r)} detail={r.tenant.email} />,
          },
          {
            header: t('admin.insurance.columns.property'),
            cell: (r) => (
              <TwoLineCell
                main={
                  r.property.unit
                    ? t('admin.insurance.propertyUnit', { property: r.property.propertyName, unit: r.property.unit })
                    : r.property.propertyName
                }
                detail={`${r.property.city}, ${r.property.province}`}
              />
            ),
          },
          {
            header: t('admin.insurance.columns.policy'),
            cell: ({ policy: p }) => (
              <>
                <TwoLineCell main={p.carrierName} detail={t('admin.insurance.number', { number: p.policyIdentifier })} />
                {p.status === 'CHANGED' && (
                  <Text size="xs" c="dimmed">
                    {t('admin.insurance.changed')}
                  </Text>
                )}
              </>
            ),
          },
          {
            header: t('admin.insurance.columns.period'),
            // a DD-MMM-YYYY date never breaks at its hyphens
            cell: ({ policy: p }) => (
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {t('admin.insurance.period', { start: formatDate(p.startDate, lang), end: formatDate(p.endDate, lang) })}
              </Text>
            ),
          },
          {
            header: t('admin.insurance.columns.proof'),
            cell: (r) =>
              r.policy.documents.length === 0 ? (
                <Text size="sm">{t('admin.insurance.noProof')}</Text>
              ) : (
                r.policy.documents.map((d) => (
                  <Anchor
                    key={d.id}
                    component="button"
                    type="button"
                    size="sm"
                    style={{ minHeight: 24, overflowWrap: 'anywhere', textAlign: 'start' }}
                    aria-label={t('admin.insurance.downloadProof', { name: d.name, tenant: tenantName(r) })}
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
              ),
          },
        ]}
        actionsHeader={t('admin.insurance.columns.actions')}
        actions={(r) => (
          <DecisionButtons
            approveLabel={t('admin.insurance.approve')}
            approveName={t('admin.insurance.approveNamed', { name: tenantName(r) })}
            declineLabel={t('admin.insurance.reject')}
            declineName={t('admin.insurance.rejectNamed', { name: tenantName(r) })}
            onApprove={() => open(r, 'APPROVED')}
            onDecline={() => open(r, 'REJECTED')}
          />
        )}
      />
      <DecisionDialog
        opened={deciding !== null}
        title={rejecting ? t('admin.insurance.rejectTitle', { name }) : t('admin.insurance.approveTitle', { name })}
        confirmLabel={rejecting ? t('admin.insurance.reject') : t('admin.insurance.approve')}
        danger={rejecting}
        loading={review.isPending}
        error={review.error ? messageOf(review.error) : null}
        text={t('admin.insurance.decisionText')}
        commentLabel={t('admin.insurance.comment')}
        commentHint={t('admin.insurance.commentHint')}
        comment={comment}
        onCommentChange={setComment}
        onCancel={() => setDeciding(null)}
        onConfirm={() => {
          if (!deciding) return;
          review.mutate(
            { id: deciding.row.policy.id, approvalStatus: deciding.decision, comment },
            {
              onSuccess: () => {
                notifySuccess(rejecting ? t('admin.insurance.rejected') : t('admin.insurance.approved'));
                setDeciding(null);
              },
            },
          );
        }}
      />
    </>
  );
}
