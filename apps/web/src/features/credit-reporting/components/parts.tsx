// Small pieces shared by the credit-reporting views: the lease's name, the card's label, the money and date texts,
// the error alert of spec 2 §8 (the birth-date one links to Account) and the read-only detail rows.
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import type { CreditReportSubscription } from '@portal/domain/credit-report-shapes';
import { MSG } from '@portal/domain/message-keys';
import type { Currency } from '@portal/domain/money';
import { paymentMethodLabel } from '@portal/domain/payment-method-label';
import type { MessageRef } from '@portal/domain/rule';
import { Fragment, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { PropertyLease } from '../../../api/types';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import type { CreditReportAlert } from '../lib/subscription-state';
import classes from './credit-reporting.module.css';

// spec 2 §9: credit reporting is offered in Canada only (BC, AB, MB, ON): its fees are in Canadian dollars
export const CREDIT_REPORT_CURRENCY: Currency = 'CAD';

type LeaseName = Pick<PropertyLease, 'unit'> & { joins: { property?: { propertyName: string } | null } };

/** "Harbourview Residences, unit 804" (the property alone when the lease has no unit). */
export function useLeaseName(): (lease: LeaseName) => string {
  const { t } = useTranslation();
  return (lease) => {
    const property = lease.joins.property?.propertyName ?? '';
    return lease.unit ? t('creditReporting.lease', { property, unit: lease.unit }) : property;
  };
}

/** The yearly fee in the user's locale, or Free when 0 (spec 2 §9). */
export function useFeeText(): (amount: number, currency?: Currency) => string {
  const { t } = useTranslation();
  const lang = useLang();
  return (amount, currency = CREDIT_REPORT_CURRENCY) => (amount > 0 ? formatAmount(amount, currency, lang) : t(MSG.feeFree));
}

/** The subscription's card ('Visa 4242'), or None. */
export function useCardText(): (s: Pick<CreditReportSubscription, 'paymentMethod'>) => string {
  const { t } = useTranslation();
  return (s) => {
    const ref = s.paymentMethod ? paymentMethodLabel(s.paymentMethod) : null;
    return ref ? t(ref.key, ref.values) : t('creditReporting.manage.noCard');
  };
}

/** A date that never breaks across lines (DD-MMM-YYYY has hyphens a narrow screen would break at). */
export function Nowrap({ children }: { children: ReactNode }) {
  return <span className={classes.nowrap}>{children}</span>;
}

/** A translated text whose date values never break across lines (the other values as given). */
export function useDatedText(): (key: string, values: Record<string, string>, dates?: readonly string[]) => ReactNode {
  const { t } = useTranslation();
  return (key, values, dates = ['date']) => {
    const marked = { ...values };
    for (const name of dates) marked[name] = `\u0001${name}\u0001`;
    return t(key, marked)
      .split('\u0001')
      .map((piece, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one fixed text, in order
        i % 2 === 1 ? <Nowrap key={i}>{values[piece]}</Nowrap> : <Fragment key={i}>{piece}</Fragment>,
      );
  };
}

export function messageOf(
  t: (key: string, values?: Record<string, unknown>) => string,
  ref: { key: string; values?: MessageRef['values'] },
): string {
  return t(ref.key, ref.values);
}

/** spec 2 §8: an alert of the credit-reporting calls; a missing birth date sends the tenant to Account. */
export function CreditReportAlertView({ alert }: { alert: CreditReportAlert }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" data-testid="credit-reporting-alert">
      <Stack gap={4}>
        <Text size="sm">{messageOf(t, alert.message)}</Text>
        {alert.accountLink && (
          <Anchor component={Link} href="/customer/account" size="sm" fw={600}>
            {t('creditReporting.modal.accountLink')}
          </Anchor>
        )}
      </Stack>
    </Alert>
  );
}

/** Read-only name/value rows (a description list: read in order by screen readers). */
export function DetailList({
  rows,
  testId,
  compact = false,
}: {
  rows: [field: string, name: ReactNode, value: ReactNode][];
  testId?: string;
  /** Names beside their values on a phone too (short names, a long list). */
  compact?: boolean;
}) {
  return (
    <dl className={compact ? `${classes.details} ${classes.compact}` : classes.details} data-testid={testId}>
      {rows.map(([field, name, value]) => (
        <div key={field} className={classes.detailRow} data-field={field}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
