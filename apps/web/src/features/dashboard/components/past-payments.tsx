import { Alert, Button, Group, Skeleton, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { isInLast7DaysDisclaimer, showLast7DaysDisclaimer, transactionStatusIcon } from '@portal/domain/display';
import { MSG } from '@portal/domain/message-keys';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'wouter';
import { useTransaction, useTransactions } from '../../../api/transactions/search-transactions';
import type { PaymentTransaction } from '../../../api/types';
import { lazyModal } from '../../../components/lazy-modal';
import { StatusIcon } from '../../../components/receipt/status-icon';
import { failedTooltipText, methodText, statusText, typeText } from '../../../components/receipt/transaction-texts';
import { Tooltip, type TooltipTriggerProps } from '../../../components/tooltip';
import { formatAmount, formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../lib/locale';
import { PageLinks } from './page-links';
import classes from './past-payments.module.css';

// The receipt loads on the first open (bundle budget); it is open while it has a transaction.
const ReceiptModal = lazyModal(() => import('./receipt-modal').then((m) => m.ReceiptModal), {
  isOpen: (p) => p.transaction !== null,
  asClosed: (p) => ({ ...p, transaction: null }),
});

/**
 * spec 1 §2: past payments, 5 per page (spec 1 §9), newest first; a click opens the receipt. issue 25: the address
 * /customer/dashboard?receipt=<transactionId> (a receipt e-mail's link) opens that transaction's receipt.
 */
export function PastPayments({ now = new Date() }: { now?: Date }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<PaymentTransaction | null>(null);
  const [params, setParams] = useSearchParams();
  const linkedId = params.get('receipt');
  const linked = useTransaction(linkedId);
  const query = useTransactions(page);
  const closeReceipt = () => {
    setSelected(null);
    if (linkedId === null) return;
    // Closed once: the address forgets the link, so a reload or Back does not open it again.
    const rest = new URLSearchParams(params);
    rest.delete('receipt');
    setParams(rest, { replace: true });
  };
  const shown = selected ?? (linkedId !== null ? (linked.data ?? null) : null);
  const records = query.data?.records ?? [];
  const totalPages = query.data?.totalPages ?? 0;

  return (
    <section aria-labelledby="past-payments-title">
      <Title order={3} size="h5" id="past-payments-title" mb="xs">
        {t('dashboard.payments.past')}
      </Title>
      {query.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={t('dashboard.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={56} radius="sm" />
          ))}
        </Stack>
      ) : query.isError && !query.data ? (
        <Alert color="red" variant="light" title={t('dashboard.payments.loadError')}>
          <Button size="compact-sm" variant="light" color="red" onClick={() => void query.refetch()}>
            {t('dashboard.retry')}
          </Button>
        </Alert>
      ) : records.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('dashboard.payments.noPast')}
        </Text>
      ) : (
        <Stack gap="sm">
          <ul className={classes.list} aria-busy={query.isPlaceholderData} style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            {records.map((tx) => (
              <li key={tx.id}>
                <PastPaymentRow tx={tx} now={now} onOpen={() => setSelected(tx)} />
              </li>
            ))}
          </ul>
          {query.isError && (
            <Alert color="red" variant="light" title={t('dashboard.payments.loadError')}>
              <Button size="compact-sm" variant="light" color="red" onClick={() => void query.refetch()}>
                {t('dashboard.retry')}
              </Button>
            </Alert>
          )}
          {showLast7DaysDisclaimer(records, now) && (
            <Text size="xs" c="dimmed" data-testid="disclaimer-footnote">
              <span aria-hidden="true">* </span>
              {t(MSG.transactionLast7DaysDisclaimer)}
            </Text>
          )}
          <PageLinks page={page} totalPages={totalPages} onChange={setPage} label={t('dashboard.payments.pages')} />
        </Stack>
      )}
      {linkedId !== null && linked.isSuccess && linked.data === null && (
        <Alert
          color="yellow"
          variant="light"
          mt="sm"
          data-testid="receipt-not-found"
          withCloseButton
          closeButtonLabel={t('dashboard.close')}
          onClose={closeReceipt}
        >
          {t('dashboard.payments.receiptNotFound')}
        </Alert>
      )}
      <ReceiptModal transaction={shown} onClose={closeReceipt} />
    </section>
  );
}

/** Billing accounts that are not a lease: the row names what the payment was for. */
const PAID_FOR = new Set(['TYPE_CREDIT_REPORT', 'TYPE_LEASE_APPLICATION']);

function PastPaymentRow({ tx, now, onOpen }: { tx: PaymentTransaction; now: Date; onOpen: () => void }) {
  const { t } = useTranslation();
  const failed = tx.status === 'FAILED';
  const tooltip = failed ? failedTooltipText(t, tx) : '';
  if (!tooltip) return <PastPaymentButton tx={tx} now={now} onOpen={onOpen} />;
  // spec 1 §8: a FAILED row explains the error in a tooltip (hover, keyboard focus or tap) that also describes the row.
  return (
    <Tooltip label={tooltip} align="end" width={260} block>
      {(trigger) => <PastPaymentButton tx={tx} now={now} onOpen={onOpen} trigger={trigger} />}
    </Tooltip>
  );
}

function PastPaymentButton({
  tx,
  now,
  onOpen,
  trigger,
}: {
  tx: PaymentTransaction;
  now: Date;
  onOpen: () => void;
  trigger?: TooltipTriggerProps;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const failed = tx.status === 'FAILED';
  const disclaimer = isInLast7DaysDisclaimer(tx, now);
  const status: ReactNode = (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <StatusIcon icon={transactionStatusIcon(tx.status)} />
      <Text size="sm" span c={failed ? 'red.8' : undefined}>
        {statusText(t, tx.status)}
      </Text>
    </Group>
  );
  return (
    <UnstyledButton
      {...trigger}
      className={classes.row}
      onClick={() => {
        trigger?.onClick();
        onOpen();
      }}
      data-testid="past-payment"
      data-status={tx.status}
    >
      <div className={classes.main}>
        <Text fw={600} size="sm">
          {formatDate(tx.createDate, lang)}
          {disclaimer && (
            <>
              <span aria-hidden="true" className={classes.marker}>
                *
              </span>
              <VisuallyHidden>{t('dashboard.payments.disclaimerMarker')}</VisuallyHidden>
            </>
          )}
        </Text>
        <Text size="sm" c="dimmed">
          {tx.joins.property?.propertyName ?? ''}
        </Text>
        <Text size="sm" c="dimmed">
          {methodText(t, tx)}
        </Text>
        {/* issue 22: a service's or an application's fee says what it paid for (rent payments need no line). */}
        {tx.billingAccountType && PAID_FOR.has(tx.billingAccountType) && (
          <Text size="sm" data-testid="past-payment-for">
            {t(`dashboard.payments.paidFor.${tx.billingAccountType}`)}
          </Text>
        )}
        {/* Anything but a plain payment (a refund, an NSF, a chargeback…) says what it was. */}
        {tx.transactionType !== 'PAYMENT' && (
          <Text size="sm" fw={600} data-testid="past-payment-type">
            {typeText(t, tx.transactionType)}
          </Text>
        )}
      </div>
      <div className={classes.side}>
        <Text fw={600} size="sm">
          {formatAmount(tx.amount, tx.currency, lang)}
        </Text>
        {status}
      </div>
    </UnstyledButton>
  );
}
