// The approvals inbox's one review list (issue 23): lease applications, self sign-up leases and uploaded insurance
// policies share its shape: a titled section; loading, error and empty states; a captioned table whose first column
// names the person and whose last holds the row's Approve and Decline/Reject buttons (named with the person for screen
// readers); and the decision dialog with a comment for the tenant. Below 48em (a phone at 375 px) each row is a card
// with the same cells labelled by their column, so nothing needs a sideways scroll.
import { Box, Button, Card, Group, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorState, LoadingState } from '../../../components/query-state';

export interface ReviewColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/** The part of a TanStack query the list reads. */
export interface ReviewListQuery<T> {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: { records: T[] };
  refetch: () => unknown;
}

export interface ReviewTableProps<T> {
  /** The heading's id (the section is labelled by it) and the list's data-testid. */
  id: string;
  title: string;
  caption: string;
  emptyText: string;
  loadErrorTitle: string;
  query: ReviewListQuery<T>;
  rowKey: (row: T) => string;
  columns: ReviewColumn<T>[];
  actionsHeader: string;
  actions: (row: T) => ReactNode;
  /** The table's least width on wide screens (it scrolls inside its region below it). */
  minWidth?: number;
}

const NARROW = '(max-width: 47.99em)';

export function ReviewTable<T>({
  id,
  title,
  caption,
  emptyText,
  loadErrorTitle,
  query,
  rowKey,
  columns,
  actionsHeader,
  actions,
  minWidth = 820,
}: ReviewTableProps<T>) {
  // read at once (not after a first wide render): a phone never flashes the wide table
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  const records = query.data?.records ?? [];
  return (
    <section aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="sm">
        {title}
      </Title>
      {query.isPending && <LoadingState />}
      {query.isError && <ErrorState error={query.error} title={loadErrorTitle} onRetry={() => void query.refetch()} />}
      {query.data && records.length === 0 && (
        <Text c="dimmed" role="status">
          {emptyText}
        </Text>
      )}
      {records.length > 0 && narrow && (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={caption} data-testid={id}>
          {records.map((row) => (
            <Card component="li" key={rowKey(row)} withBorder padding="sm">
              <Stack gap={6}>
                {columns.map((column, i) => (
                  <div key={column.header}>
                    {i > 0 && (
                      <Text size="xs" c="dimmed" fw={600}>
                        {column.header}
                      </Text>
                    )}
                    {column.cell(row)}
                  </div>
                ))}
                <Group gap="xs" mt={4}>
                  {actions(row)}
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      {records.length > 0 && !narrow && (
        <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={caption}>
          <Table striped verticalSpacing="sm" miw={minWidth} data-testid={id}>
            <Table.Caption>{caption}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th scope="col" key={column.header}>
                    {column.header}
                  </Table.Th>
                ))}
                <Table.Th scope="col">{actionsHeader}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {records.map((row) => (
                <Table.Tr key={rowKey(row)}>
                  {columns.map((column) => (
                    <Table.Td key={column.header}>{column.cell(row)}</Table.Td>
                  ))}
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      {actions(row)}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </section>
  );
}

/** A cell of two lines: the main text and a dimmed detail (a person and their e-mail, a property and its city). */
export function TwoLineCell({ main, detail, strong = false }: { main: ReactNode; detail?: ReactNode; strong?: boolean }) {
  return (
    <>
      <Text size="sm" fw={strong ? 600 : undefined}>
        {main}
      </Text>
      {detail ? (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      ) : null}
    </>
  );
}

/** A row's Approve and Decline (or Reject) buttons; each aria-label names the person. */
export function DecisionButtons({
  approveLabel,
  approveName,
  declineLabel,
  declineName,
  onApprove,
  onDecline,
}: {
  approveLabel: string;
  approveName: string;
  declineLabel: string;
  declineName: string;
  onApprove: () => void;
  onDecline: () => void;
}) {
  return (
    <>
      <Button size="compact-sm" onClick={onApprove} aria-label={approveName}>
        {approveLabel}
      </Button>
      <Button size="compact-sm" variant="light" color="red" onClick={onDecline} aria-label={declineName}>
        {declineLabel}
      </Button>
    </>
  );
}

/** The confirmation of a decision, with the optional comment sent to the tenant (at most 500 characters). */
export function DecisionDialog({
  opened,
  title,
  confirmLabel,
  danger = false,
  loading,
  error,
  text,
  commentLabel,
  commentHint,
  comment,
  onCommentChange,
  onCancel,
  onConfirm,
}: {
  opened: boolean;
  title: string;
  confirmLabel: string;
  danger?: boolean;
  loading: boolean;
  error: string | null;
  text: ReactNode;
  /** Without a label, the dialog asks no comment. */
  commentLabel?: string;
  commentHint?: string;
  comment?: string;
  onCommentChange?: (comment: string) => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      opened={opened}
      title={title}
      confirmLabel={confirmLabel}
      danger={danger}
      loading={loading}
      error={error}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {commentLabel ? (
        <Stack gap="sm">
          <Text>{text}</Text>
          <Textarea
            label={commentLabel}
            description={commentHint}
            value={comment ?? ''}
            onChange={(e) => onCommentChange?.(e.currentTarget.value)}
            maxLength={500}
            rows={3}
          />
        </Stack>
      ) : (
        text
      )}
    </ConfirmDialog>
  );
}

/**
 * The state of a review list's two dialogs: the row being approved, the row being declined and the decline's comment.
 * Opening one clears the mutation's last error (reset) so an earlier refusal is not shown again.
 */
export function useReviewDecisions<T>(approve: { reset: () => void }, decline: { reset: () => void }) {
  const [approving, setApproving] = useState<T | null>(null);
  const [declining, setDeclining] = useState<T | null>(null);
  const [comment, setComment] = useState('');
  return {
    approving,
    declining,
    comment,
    setComment,
    startApprove: (row: T) => {
      approve.reset();
      setApproving(row);
    },
    startDecline: (row: T) => {
      decline.reset();
      setComment('');
      setDeclining(row);
    },
    closeApprove: () => setApproving(null),
    closeDecline: () => setDeclining(null),
  };
}
