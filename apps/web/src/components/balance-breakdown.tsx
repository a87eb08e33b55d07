// issue 20: a lease's balance as a tenant reads it, shared by the dashboard's lease card and the payment modal: what is
// overdue (with the red Overdue badge), what is due later this month, and what is coming due in a later month with its
// next date. "Overdue" sits only on the overdue amount, never on a total holding charges not yet due.
import { Badge, Group, Text } from '@mantine/core';
import { type BalanceCharge, balanceBreakdown } from '@portal/domain/balance-breakdown';
import { type Currency, formatMoney } from '@portal/domain/money';
import type { ReactNode } from 'react';
import { formatDate } from '../lib/format';
import { useTranslation } from '../lib/i18n';
import { useLang } from '../lib/locale';

interface BalanceBreakdownProps {
  openCharges: readonly BalanceCharge[] | null | undefined;
  /** 'YYYY-MM-DD' in the tenant's time zone. */
  today: string;
  currency: Currency;
  /** The payment modal also shows the whole balance (the lease card has it above, larger). */
  withTotal?: boolean;
  testId?: string;
}

function Row({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Group component="div" gap="xs" wrap="nowrap" justify="space-between">
      <Text component="dt" size="sm">
        {label}
      </Text>
      <Text component="dd" size="sm" fw={600} m={0} ta="right">
        {children}
      </Text>
    </Group>
  );
}

export function BalanceBreakdown({ openCharges, today, currency, withTotal = false, testId }: BalanceBreakdownProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const b = balanceBreakdown(openCharges, today);
  const money = (cents: number) => formatMoney(cents, currency, lang);
  return (
    <dl data-testid={testId} style={{ margin: 0, display: 'grid', gap: 2 }}>
      {b.overdueCents > 0 && (
        <Row
          label={
            <Badge color="red" variant="filled" size="md" component="span">
              {t('common.balance.overdue')}
            </Badge>
          }
        >
          <Text span c="red.8" fw={700} inherit>
            {money(b.overdueCents)}
          </Text>
        </Row>
      )}
      {b.dueThisMonthCents > 0 && <Row label={t('common.balance.dueThisMonth')}>{money(b.dueThisMonthCents)}</Row>}
      {b.comingDueCents > 0 && b.nextComingDueDate && (
        <Row label={t('common.balance.comingDue', { date: formatDate(b.nextComingDueDate, lang) })}>
          {money(b.comingDueCents)}
        </Row>
      )}
      {withTotal && <Row label={t('common.balance.total')}>{money(b.totalCents)}</Row>}
    </dl>
  );
}
