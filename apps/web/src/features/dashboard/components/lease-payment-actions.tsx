import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { autopayButtonMode } from '@portal/domain/autopay-display';
import { leaseShowsPayLater } from '@portal/domain/lease-payment-options';
import { useEffect, useId, useState } from 'react';
import type { PropertyLease } from '../../../api/types';
import { lazyModal } from '../../../components/lazy-modal';
import wrapping from '../../../components/wrapping-button.module.css';
import { useTranslation } from '../../../lib/i18n';
import { loadAutopayModal } from '../../autopay';
import { getLeasePaymentAvailability, onLeasePaymentRequest } from './lease-payment-state';

// The payment flow (features/payments) loads on the first open, through its loader so that the list of chunks it
// preloads stays out of the dashboard route too (bundle budget: the dashboard route is capped at 170 KB gzip).
const PaymentModal = lazyModal(() => import('../../payments').then((m) => m.loadPaymentModal()));
// The autopay modal (features/autopay) likewise.
const AutopayModal = lazyModal(loadAutopayModal);

// lease-card.tsx reads the PENDING warning from here
export { getLeaseCardPaymentState } from './lease-payment-state';

type PayMode = 'PAY_NOW' | 'PAY_LATER';

/**
 * The lease card's footer actions (spec 1 §2): auto-pay (edit auto-pay when the schedule is active), one-time payment,
 * and pay later where the lease accepts instalment pay or the online wallet provider's pay later. Auto-pay is disabled,
 * with the reason, where the domain's leasePayability says an autopay cannot be saved (issue 21 §1: no form that can
 * never be saved); an active schedule still opens, so the tenant sees it and why it cannot be changed (spec 2 §5).
 */
export function LeasePaymentActions({ lease }: { lease: PropertyLease }) {
  const { t } = useTranslation();
  const reasonId = useId();
  const autopayReasonId = useId();
  const [opened, setOpened] = useState(false);
  const [mode, setMode] = useState<PayMode>('PAY_NOW');
  const [autopayOpened, setAutopayOpened] = useState(false);
  const availability = getLeasePaymentAvailability(lease);
  const scheduleActive = autopayButtonMode(lease.recurringSchedule) === 'edit';
  // the lease status disables it always; what the company forbids, only when there is no schedule to look at
  const autopayDisabled = availability.reasonShown || (availability.autopayDisabled && !scheduleActive);
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
        <Button
          variant="light"
          classNames={{ root: wrapping.root, label: wrapping.label }}
          disabled={autopayDisabled}
          aria-describedby={autopayDisabled ? (availability.autopayReasonKey ? autopayReasonId : describedBy) : undefined}
          onClick={() => setAutopayOpened(true)}
        >
          {/* spec 1 §2 / spec 2 §4: edit auto-pay when the schedule is active */}
          {scheduleActive ? t('dashboard.payActions.editAutopay') : t('dashboard.payActions.autopay')}
        </Button>
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
      {autopayDisabled && availability.autopayReasonKey && (
        <Text size="sm" c="dimmed" id={autopayReasonId}>
          {t(availability.autopayReasonKey)}
        </Text>
      )}
      <PaymentModal opened={opened} onClose={() => setOpened(false)} lease={lease} mode={mode} />
      <AutopayModal opened={autopayOpened} onClose={() => setAutopayOpened(false)} lease={lease} />
    </Stack>
  );
}
