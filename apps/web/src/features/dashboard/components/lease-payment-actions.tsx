import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { leaseShowsPayLater } from '@portal/domain/lease-payment-options';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PropertyLease } from '../../../api/types';
import { lazyModal } from '../../../components/lazy-modal';
import { getLeasePaymentAvailability, onLeasePaymentRequest } from './lease-payment-state';

// The payment flow (features/payments) loads on the first open, through its loader so that the list of chunks it
// preloads stays out of the dashboard route too (bundle budget: the dashboard route is capped at 170 KB gzip).
const PaymentModal = lazyModal(() =>
  import('../../payments/components/pay/load-payment-modal').then((m) => m.loadPaymentModal()),
);

// lease-card.tsx reads the PENDING warning from here
export { getLeaseCardPaymentState } from './lease-payment-state';

type PayMode = 'PAY_NOW' | 'PAY_LATER';

/**
 * The lease card's footer actions (spec 1 §2): one-time payment, and pay later where the lease accepts instalment pay
 * or the online wallet provider's pay later. The auto-pay buttons arrive with the autopay issue.
 */
export function LeasePaymentActions({ lease }: { lease: PropertyLease }) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [opened, setOpened] = useState(false);
  const [mode, setMode] = useState<PayMode>('PAY_NOW');
  const availability = getLeasePaymentAvailability(lease);
  const payLater = leaseShowsPayLater(lease);
  const open = (next: PayMode) => {
    setMode(next);
    setOpened(true);
  };

  useEffect(
    () =>
      onLeasePaymentRequest(lease.id, () => {
        if (availability.disabled) return;
        setMode('PAY_NOW');
        setOpened(true);
      }),
    [lease.id, availability.disabled],
  );

  const describedBy = availability.reasonKey ? reasonId : undefined;
  const reason = availability.reasonKey ? t(availability.reasonKey) : null;
  return (
    <Stack gap={4}>
      <Group gap="sm" wrap="wrap">
        <Button disabled={availability.disabled} aria-describedby={describedBy} onClick={() => open('PAY_NOW')}>
          {t('dashboard.payActions.payNow')}
        </Button>
        {payLater && (
          <Button
            variant="light"
            disabled={availability.disabled}
            aria-describedby={describedBy}
            onClick={() => open('PAY_LATER')}
          >
            {t('dashboard.payActions.payLater')}
          </Button>
        )}
      </Group>
      {reason &&
        (availability.reasonShown ? (
          <VisuallyHidden id={reasonId}>{reason}</VisuallyHidden>
        ) : (
          <Text size="sm" c="dimmed" id={reasonId}>
            {reason}
          </Text>
        ))}
      <PaymentModal opened={opened} onClose={() => setOpened(false)} lease={lease} mode={mode} />
    </Stack>
  );
}
