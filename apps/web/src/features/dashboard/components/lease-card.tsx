import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { leaseNameMarkerKey } from '@portal/domain/display';
import { MSG } from '@portal/domain/message-keys';
import { currencyForCountry, formatMoney } from '@portal/domain/money';
import { pendingPaymentsOf, shownBalanceCents, shownOpenCharges } from '@portal/domain/pending-payments';
import { useId, useState } from 'react';
import { useProviderReturn } from '../../../api/provider-return';
import type { PropertyLease } from '../../../api/types';
import { BalanceBreakdown } from '../../../components/balance-breakdown';
import { lazyModal } from '../../../components/lazy-modal';
import { PendingPayments } from '../../../components/pending-payments';
import { useTranslation } from '../../../lib/i18n';
import { BankBlockedAlert } from '../../autopay';
import { countryName, useLang } from '../lib/locale';
import { getLeaseCardPaymentState, LeasePaymentActions } from './lease-payment-actions';

// Loads on the first open (bundle budget).
const BillingDetailsModal = lazyModal(() => import('./billing-details-modal').then((m) => m.BillingDetailsModal));

interface Props {
  lease: PropertyLease;
  /** 'YYYY-MM-DD' in the tenant's time zone. */
  today: string;
}

/** spec 1 §2: one lease card — name with marker, tenant note, address, balance and overdue flag, billing details, PENDING warning. */
export function LeaseCard({ lease, today }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const headingId = useId();
  const [billingOpen, setBillingOpen] = useState(false);
  const property = lease.joins.property;
  const company = lease.joins.company;
  const currency = currencyForCountry(company?.country);
  const propertyName = property?.propertyName ?? '';
  const leaseName = lease.unit ? t('dashboard.lease.name', { property: propertyName, unit: lease.unit }) : propertyName;
  const markerKey = leaseNameMarkerKey(lease.status);
  // spec 1 §2: the balance (and with it the overdue flag) shows only when the company manages balances
  const showBalance = company?.manageBalance !== 'NO';
  const hasBalance = showBalance && lease.balance > 0;
  const payment = getLeaseCardPaymentState(lease);
  // issue 21 §1: a payment waiting at the provider is read again when its tab reports or the tenant comes back
  useProviderReturn(pendingPaymentsOf(lease).length > 0);
  const cityLine = [property?.city, property?.province, property?.postalCode].filter(Boolean).join(', ');

  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="article"
      aria-labelledby={headingId}
      data-testid="lease-card"
      data-lease-status={lease.status}
    >
      <Stack gap="sm">
        <Title order={3} size="h4" id={headingId}>
          {leaseName}
          {markerKey && (
            <>
              {' '}
              <Text span c="dimmed" fw={500}>
                {t(markerKey)}
              </Text>
            </>
          )}
        </Title>
        {property && (
          <Text component="address" fs="normal" size="sm" c="dimmed" aria-label={t('dashboard.lease.address')}>
            {property.street1}
            {property.street2 && (
              <>
                <br />
                {property.street2}
              </>
            )}
            <br />
            {cityLine}
            <br />
            {countryName(property.country, lang)}
          </Text>
        )}
        {lease.tenantNotes && (
          <Text size="sm">
            <Text span fw={600}>
              {t('dashboard.lease.tenantNote')}
            </Text>{' '}
            {lease.tenantNotes}
          </Text>
        )}
        {showBalance && (
          <Stack gap={4}>
            <div>
              <Text size="sm" c="dimmed">
                {t('dashboard.lease.balanceDue')}
              </Text>
              <Text size="xl" fw={700} data-testid="lease-balance">
                {/* issue 21 §1: money not yet paid (a pending union pay / paysafe cash payment) is not off the balance */}
                {formatMoney(shownBalanceCents(lease), currency, lang)}
              </Text>
            </div>
            <PendingPayments lease={lease} currency={currency} testId="lease-pending" />
            {/* issue 20: the overdue flag sits on the overdue amount, apart from what is not due yet (spec 2 §4) */}
            {/* issue 21 §1: the breakdown is of the balance shown (pending money given back to its charges), never of less */}
            {shownBalanceCents(lease) !== 0 && (
              <BalanceBreakdown
                openCharges={shownOpenCharges(lease)}
                today={today}
                currency={currency}
                testId="lease-breakdown"
              />
            )}
          </Stack>
        )}
        {payment.showPendingWarning && (
          <Alert color="yellow" variant="light" role="status">
            {t(MSG.leasePendingWarning)}
          </Alert>
        )}
        {hasBalance && (
          <Group>
            <Button variant="light" onClick={() => setBillingOpen(true)}>
              {t('dashboard.lease.billingDetails')}
            </Button>
          </Group>
        )}
        {!payment.disabled && <BankBlockedAlert lease={lease} />}
        <LeasePaymentActions lease={lease} />
      </Stack>
      {hasBalance && (
        <BillingDetailsModal lease={lease} leaseName={leaseName} opened={billingOpen} onClose={() => setBillingOpen(false)} />
      )}
    </Card>
  );
}
