// The inbox's lists of a person's request on a property (issue 23 "Approvals in one inbox"): lease applications and
// self sign-up leases render their rows the same way: the person (name, e-mail), the property (name, where), the
// list's own columns, Approve and Decline named with the person, and the decline dialog whose comment the tenant is
// sent. Each list keeps what differs: its query, its columns and how it approves (a lease form, a confirmation).
import type { ReactNode } from 'react';
import { notifySuccess } from '../../../components/notify';
import { useErrorMessage } from '../../../components/query-state';
import { useTranslation } from '../../../lib/i18n';
import {
  DecisionButtons,
  DecisionDialog,
  type ReviewColumn,
  type ReviewListQuery,
  ReviewTable,
  TwoLineCell,
  useReviewDecisions,
} from './review-table';

/** The decline call: a TanStack mutation of `{ id, comment }`. */
export interface DeclineMutation {
  mutate: (variables: { id: string; comment: string }, options: { onSuccess: () => void }) => void;
  isPending: boolean;
  error: unknown;
  reset: () => void;
}

export interface PersonReviewsProps<T extends { id: string }> {
  /** The heading's id and the list's data-testid. */
  id: string;
  title: string;
  caption: string;
  emptyText: string;
  query: ReviewListQuery<T>;
  /** The first column's header (applicant, tenant). */
  personHeader: string;
  nameOf: (row: T) => string;
  emailOf: (row: T) => string | null | undefined;
  /** The property's name and where it is (city, province…). */
  propertyOf: (row: T) => { name: string; place: string };
  /** The list's own columns, after the person and the property. */
  columns: ReviewColumn<T>[];
  /** The approve call (its last error is cleared when a row's approval opens). */
  approve: { reset: () => void };
  /** The approval of `row` (null: none open; a dialog stays mounted to close with its transition). */
  renderApproval: (row: T | null, close: () => void) => ReactNode;
  decline: DeclineMutation;
  /** The decline dialog's title and text (the person's name; the row for its property). */
  declineTitle: (name: string) => string;
  declineText: (row: T, name: string) => string;
  /** The toast once declined. */
  declinedText: string;
}

export function PersonReviews<T extends { id: string }>({
  id,
  title,
  caption,
  emptyText,
  query,
  personHeader,
  nameOf,
  emailOf,
  propertyOf,
  columns,
  approve,
  renderApproval,
  decline,
  declineTitle,
  declineText,
  declinedText,
}: PersonReviewsProps<T>) {
  const { t } = useTranslation();
  const messageOf = useErrorMessage();
  const { approving, declining, comment, setComment, startApprove, startDecline, closeApprove, closeDecline } =
    useReviewDecisions<T>(approve, decline);
  const decliningName = declining ? nameOf(declining) : '';

  return (
    <>
      <ReviewTable<T>
        id={id}
        title={title}
        caption={caption}
        emptyText={emptyText}
        loadErrorTitle={t('admin.applications.loadError')}
        query={query}
        rowKey={(row) => row.id}
        columns={[
          { header: personHeader, cell: (row) => <TwoLineCell strong main={nameOf(row)} detail={emailOf(row)} /> },
          {
            header: t('admin.applications.columns.property'),
            cell: (row) => {
              const property = propertyOf(row);
              return <TwoLineCell main={property.name} detail={property.place} />;
            },
          },
          ...columns,
        ]}
        actionsHeader={t('admin.applications.columns.actions')}
        actions={(row) => {
          const name = nameOf(row);
          return (
            <DecisionButtons
              approveLabel={t('admin.applications.approve')}
              approveName={t('admin.applications.approveNamed', { name })}
              declineLabel={t('admin.applications.decline')}
              declineName={t('admin.applications.declineNamed', { name })}
              onApprove={() => startApprove(row)}
              onDecline={() => startDecline(row)}
            />
          );
        }}
      />
      {renderApproval(approving, closeApprove)}
      <DecisionDialog
        opened={declining !== null}
        title={declineTitle(decliningName)}
        confirmLabel={t('admin.applications.decline')}
        danger
        loading={decline.isPending}
        error={decline.error ? messageOf(decline.error) : null}
        text={declining ? declineText(declining, decliningName) : ''}
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
                notifySuccess(declinedText);
              },
            },
          );
        }}
      />
    </>
  );
}
