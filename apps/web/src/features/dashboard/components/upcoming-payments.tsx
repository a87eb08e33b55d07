import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { isUpcomingPayment, transactionStatusKey, upcomingStatusKey } from '@portal/domain/display';
import { currencyForCountry } from '@portal/domain/money';
import type { PropertyLease } from '../../../api/types';
import { formatAmount, formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../lib/locale';

interface UpcomingRow {
  leaseId: string;
  /** Dollars; null: autopay is on without an amount, so the payment is the balance then due (spec 2 §4). */
  amount: number | null;
  date: string;
  property: string;
  pad: boolean;
  status: string | null;
  country: string | undefined;
}

/**
 * spec 1 §2 / §4: recurring-schedule entries with status PENDING (or none: 'No Status'), read from the lease records (no
 * extra call).
 */
export function upcomingRows(leases: readonly PropertyLease[]): UpcomingRow[] {
  const rows: UpcomingRow[] = [];
  for (const lease of leases) {
    const entry = lease.recurringScheduleUpcomingPayment;
    if (!entry || (entry.status && !isUpcomingPayment(entry))) continue;
    const custom = lease.recurringSchedule?.customAmount ?? 0;
    const amount = custom > 0 ? custom : entry.amount;
    rows.push({
      leaseId: lease.id,
      // spec 1 §2: the custom amount when the schedule has one, else the amount; spec 2 §4: autopay may be on while
      // the amount is empty (no custom amount, nothing owing yet): the payment is the balance then due
      amount: amount > 0 ? amount : null,
      date: entry.scheduledDate,
      property: lease.joins.property?.propertyName ?? '',
      pad: lease.recurringSchedule?.padSchedule ?? false,
      status: entry.status,
      country: lease.joins.company?.country,
    });
  }
  // ISO dates sort as text; not localeCompare, whose first call loads the browser's collation data (issue 9).
  return rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

export function UpcomingPayments({ leases }: { leases: readonly PropertyLease[] }) {
  const { t } = useTranslation();
  const lang = useLang();
  const rows = upcomingRows(leases);
  const statusLabel = (status: string | null) => {
    const noStatus = upcomingStatusKey(status);
    if (noStatus) return t(noStatus);
    const key = transactionStatusKey(status);
    return key ? t(key) : (status ?? '');
  };
  return (
    <section aria-labelledby="upcoming-payments-title">
      <Title order={3} size="h5" id="upcoming-payments-title" mb="xs">
        {t('dashboard.payments.upcoming')}
      </Title>
      {rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('dashboard.payments.noUpcoming')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((row) => (
            <li key={row.leaseId} data-testid="upcoming-payment">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Text fw={600}>
                    {row.amount === null
                      ? t('dashboard.payments.balanceThenDue')
                      : formatAmount(row.amount, currencyForCountry(row.country), lang)}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {formatDate(row.date, lang)} · {row.property}
                  </Text>
                  {row.amount === null && (
                    <Text size="sm" c="dimmed" data-testid="upcoming-empty-amount">
                      {t('dashboard.payments.balanceThenDueNote', { property: row.property, date: formatDate(row.date, lang) })}
                    </Text>
                  )}
                </div>
                <Group gap={6}>
                  {row.pad && (
                    <Badge variant="light" color="blue">
                      {t('dashboard.payments.preAuthorizedDebit')}
                    </Badge>
                  )}
                  <Badge variant="outline" color="gray">
                    {statusLabel(row.status)}
                  </Badge>
                </Group>
              </Group>
            </li>
          ))}
        </Stack>
      )}
      {rows.length > 0 && (
        <Text size="xs" c="dimmed" mt="xs" data-testid="upcoming-disclaimer">
          {t('dashboard.payments.upcomingDisclaimer')}
        </Text>
      )}
    </section>
  );
}
