// spec 1 §2 "Payment page": the cash slip view, only for Canada (isCashSlipViewable): the tenant's active loadhub cash
// slips (GET /cash), each opening the cash slip modal (print, edit, delete), and a new slip for a lease that accepts
// cash and can be paid.
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { getLeasePaymentButtons } from '@portal/domain/display';
import { leaseAcceptedPaymentTypes } from '@portal/domain/lease-payment-options';
import { toCents } from '@portal/domain/money';
import { getExtraPaymentOptions, isCashSlipViewable } from '@portal/domain/payment-methods';
import type { CashSlip } from '@portal/domain/payment-shapes';
import { useId, useState } from 'react';
import type { PropertyLease } from '../../../../api/types';
import { lazyModal } from '../../../../components/lazy-modal';
import { ErrorState, LoadingState } from '../../../../components/query-state';
import wrapping from '../../../../components/wrapping-button.module.css';
import { useTranslation } from '../../../../lib/i18n';
import { useCashSlips } from '../../api/cash-slips';
import { useLeaseMoney } from './mode-support';
import { groupSlipNumber, useLeaseLabel } from './slip-format';

// The modal (and the QR code library) loads on its first open (components/lazy-modal.tsx).
const CashSlipModal = lazyModal(() => import('./cash-slip-modal').then((m) => m.CashSlipModal));

/** spec 1 §5: a lease can have a cash slip when it is Canadian, accepts loadhub cash and its payments are not disabled. */
export function canHaveCashSlip(lease: PropertyLease): boolean {
  const country = lease.joins.company?.country;
  if (!isCashSlipViewable(country)) return false;
  const offered = getExtraPaymentOptions({
    country,
    acceptedPaymentTypes: [...leaseAcceptedPaymentTypes(lease)],
    province: lease.joins.property?.province,
  });
  return offered.includes('TYPE_LOADHUB_CASH') && !getLeasePaymentButtons(lease.status, { leaseOnlyCard: false }).disabled;
}

export interface CashSlipViewProps {
  /** The tenant's leases (with their company and property joins). */
  leases: readonly PropertyLease[];
}

/** Renders nothing unless one of the leases is Canadian (spec 1 §2: cash slip viewable only for country CA). */
export function CashSlipView({ leases }: CashSlipViewProps) {
  if (!leases.some((l) => isCashSlipViewable(l.joins.company?.country))) return null;
  return <CashSlipList leases={leases} />;
}

function CashSlipList({ leases }: CashSlipViewProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const leaseLabel = useLeaseLabel();
  const slips = useCashSlips();
  const [opened, setOpened] = useState(false);
  // the last slip opened stays while the modal closes (its transition, focus back to the button)
  const [target, setTarget] = useState<{ lease: PropertyLease; slip: CashSlip | null } | null>(null);
  const setOpen = (next: { lease: PropertyLease; slip: CashSlip | null }) => {
    setTarget(next);
    setOpened(true);
  };

  const records = slips.data?.records ?? [];
  const leaseOf = (slip: CashSlip) => leases.find((l) => l.id === slip.billingAccountId) ?? null;
  const shown = records.filter((s) => leaseOf(s) !== null);
  const withoutSlip = leases.filter((l) => canHaveCashSlip(l) && !records.some((s) => s.billingAccountId === l.id));

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {t('payments.cashSlip.viewTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('payments.cashSlip.viewIntro')}
        </Text>
        {slips.isPending ? (
          <LoadingState />
        ) : slips.isError ? (
          <ErrorState error={slips.error} title={t('payments.cashSlip.loadError')} onRetry={() => void slips.refetch()} />
        ) : (
          <>
            {shown.length === 0 && <Text size="sm">{t('payments.cashSlip.none')}</Text>}
            {shown.length > 0 && (
              <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
                {shown.map((slip) => {
                  const lease = leaseOf(slip) as PropertyLease;
                  return (
                    <SlipRow
                      key={slip.id}
                      slip={slip}
                      lease={lease}
                      label={leaseLabel(lease)}
                      onOpen={() => setOpen({ lease, slip })}
                    />
                  );
                })}
              </Stack>
            )}
            {withoutSlip.length > 0 && (
              <Group gap="sm" wrap="wrap">
                {withoutSlip.map((lease) => (
                  <Button
                    key={lease.id}
                    variant="light"
                    classNames={{ root: wrapping.root, label: wrapping.label }}
                    onClick={() => setOpen({ lease, slip: null })}
                  >
                    {withoutSlip.length === 1 && leases.length === 1
                      ? t('payments.cashSlip.new')
                      : t('payments.cashSlip.newFor', { lease: leaseLabel(lease) })}
                  </Button>
                ))}
              </Group>
            )}
          </>
        )}
      </Stack>
      {target && <CashSlipModal opened={opened} onClose={() => setOpened(false)} lease={target.lease} slip={target.slip} />}
    </Card>
  );
}

function SlipRow({ slip, lease, label, onOpen }: { slip: CashSlip; lease: PropertyLease; label: string; onOpen: () => void }) {
  const { t } = useTranslation();
  const { money } = useLeaseMoney(lease);
  return (
    <Group component="li" justify="space-between" wrap="wrap" gap="xs" data-testid="cash-slip-row">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {label}
        </Text>
        <Text size="sm">
          {money(toCents(slip.amount))} · <span style={{ fontFamily: 'monospace' }}>{groupSlipNumber(slip.token)}</span>
        </Text>
      </Stack>
      <Button variant="default" size="sm" onClick={onOpen} aria-label={t('payments.cashSlip.openFor', { lease: label })}>
        {t('payments.cashSlip.open')}
      </Button>
    </Group>
  );
}
