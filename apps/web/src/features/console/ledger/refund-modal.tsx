// issue 23 "Money": refund a completed payment in full or in part (spec 2 §6: refunds are requested in writing, so the
// reason is required). Shows what is still refundable, reads the amount with the domain's one amount parser (the
// AmountInput), and shows the result: the REFUND's confirmation, or the server's message in the user's language.
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { parseAmountInput } from '@portal/domain/money-input';
import type { PaymentResult } from '@portal/domain/payment-shapes';
import { admin } from '@portal/i18n/locales/en.json';
import { useId, useState } from 'react';
import { AmountInput } from '../../../components/amount-input';
import { ApiError } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/format';
import { addEnglish, useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { type LedgerRow, useRefund } from './api/ledger';

// The console's texts (also registered by the admin layout; the modal may be shown on its own).
addEnglish({ admin });

export interface RefundModalProps {
  /** The COMPLETE payment row to refund; null closes the modal. */
  payment: LedgerRow | null;
  currency: 'CAD' | 'USD';
  onClose: () => void;
}

export function RefundModal({ payment, currency, onClose }: RefundModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={payment != null}
      onClose={onClose}
      title={t('admin.ledger.refund.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {payment && <RefundForm key={payment.id} payment={payment} currency={currency} onClose={onClose} />}
    </Modal>
  );
}

function RefundForm({ payment, currency, onClose }: { payment: LedgerRow; currency: 'CAD' | 'USD'; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const refund = useRefund();
  const reasonId = useId();
  // One key per refund the manager means: a double click or a retry after a lost answer refunds once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState<PaymentResult | null>(null);
  const refundableCents = Math.round(payment.refundable * 100);
  const money = (dollars: number) => formatAmount(dollars, currency, lang);

  const parsed = parseAmountInput(amount, lang);
  let amountError: string | undefined;
  if (submitted) {
    if (amount.trim() === '') amountError = t('admin.ledger.refund.amountRequired');
    else if (parsed.ok && parsed.cents <= 0) amountError = t('admin.ledger.refund.amountPositive');
    else if (parsed.ok && parsed.cents > refundableCents)
      amountError = t('admin.ledger.refund.amountTooLarge', { refundable: money(payment.refundable) });
  }
  const reasonError = submitted && reason.trim() === '' ? t('admin.ledger.refund.reasonRequired') : undefined;
  const serverError = refund.error instanceof ApiError ? refund.error : null;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!parsed.ok || parsed.cents <= 0 || parsed.cents > refundableCents || reason.trim() === '') return;
    refund.mutate(
      { transactionId: payment.id, amount: parsed.cents, reason: reason.trim(), idempotencyKey },
      { onSuccess: (result) => setDone(result) },
    );
  };

  if (done)
    return (
      <Stack>
        <Alert color="green" role="status" title={t('admin.ledger.refund.doneTitle')}>
          {t('admin.ledger.refund.done', { amount: money(done.amount), confirmationId: done.confirmationId ?? '' })}
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose} data-autofocus>
            {t('admin.ledger.refund.close')}
          </Button>
        </Group>
      </Stack>
    );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text>
          {t('admin.ledger.refund.payment', {
            amount: money(payment.amount),
            confirmationId: payment.confirmationId ?? '',
          })}
        </Text>
        <Text fw={600} data-testid="refundable">
          {t('admin.ledger.refund.refundable', { amount: money(payment.refundable) })}
        </Text>
        <AmountInput
          label={t('admin.ledger.refund.amount')}
          value={amount}
          onChange={setAmount}
          error={amountError}
          required
          data-autofocus
        />
        <Textarea
          id={reasonId}
          label={t('admin.ledger.refund.reason')}
          description={t('admin.ledger.refund.reasonHelp')}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={reasonError}
          maxLength={500}
          rows={3}
          required
        />
        {serverError && (
          <Alert color="red" role="alert" title={t('admin.ledger.refund.failedTitle')}>
            {serverError.fieldErrors[0]?.message ?? serverError.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('admin.ledger.refund.cancel')}
          </Button>
          <Button type="submit" loading={refund.isPending}>
            {t('admin.ledger.refund.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
