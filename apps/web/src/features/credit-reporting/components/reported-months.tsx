// Issue 22 "Reporting, as the industry does it": the tenant sees which months were reported to the bureau and with what
// result (GET /credit_report/{id}/reports, newest first): the month, what was paid and how the account was reported
// (on time or how late, from the Metro 2 account status), and the bureau's answer.
import { Stack, Table, Text, Title } from '@mantine/core';
import type { CreditReportMonth } from '@portal/domain/credit-report-shapes';
import { formatDisplayDate } from '@portal/domain/dates';
import { LoadingState } from '../../../components/query-state';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { useReportedMonths } from '../api/credit-report-calls';
import { CREDIT_REPORT_CURRENCY, Nowrap } from './parts';

// Metro 2 account status codes (CRRG): 11 current, 71 30–59 days late, 78 60–89, 80 90–119, 82–84 120 and more, 13 paid
const ACCOUNT_STATUS: Record<string, string> = {
  '11': 'current',
  '71': 'late30',
  '78': 'late60',
  '80': 'late90',
  '82': 'late120',
  '83': 'late120',
  '84': 'late120',
  '13': 'closed',
};

export function accountStatusKey(code: string | null): { key: string; values?: Record<string, string> } | null {
  if (!code) return null;
  const name = ACCOUNT_STATUS[code];
  return name
    ? { key: `creditReporting.months.account.${name}` }
    : { key: 'creditReporting.months.account.other', values: { code } };
}

/** 'YYYY-MM' → 'Oct-2026' (the month of DD-MMM-YYYY). */
const monthText = (month: string, lang: 'en' | 'fr') => formatDisplayDate(`${month}-01`, lang).slice(3);

export function ReportedMonths({ subscriptionId, headingLevel = 3 }: { subscriptionId: string; headingLevel?: 3 | 4 }) {
  const { t } = useTranslation();
  const lang = useLang();
  const months = useReportedMonths(subscriptionId);
  const titleId = `credit-reporting-months-${subscriptionId}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId} data-testid="credit-reporting-months">
      <Title order={headingLevel} size="h5" id={titleId}>
        {t('creditReporting.months.title')}
      </Title>
      {months.isPending && <LoadingState />}
      {months.isError && (
        <Text size="sm" c="red.8" role="alert">
          {t('creditReporting.months.loadError')}
        </Text>
      )}
      {months.isSuccess && months.data.length === 0 && <Text size="sm">{t('creditReporting.months.none')}</Text>}
      {months.isSuccess && months.data.length > 0 && (
        <Table layout="fixed" verticalSpacing={4} fz="sm" aria-labelledby={titleId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="28%">{t('creditReporting.months.month')}</Table.Th>
              <Table.Th>{t('creditReporting.months.reportedAs')}</Table.Th>
              <Table.Th>{t('creditReporting.months.result')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {months.data.map((m) => (
              <MonthRow key={m.reportedMonth} month={m} lang={lang} />
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function MonthRow({ month: m, lang }: { month: CreditReportMonth; lang: 'en' | 'fr' }) {
  const { t } = useTranslation();
  const account = accountStatusKey(m.accountStatus);
  return (
    <Table.Tr data-month={m.reportedMonth}>
      <Table.Td>
        <Nowrap>{monthText(m.reportedMonth, lang)}</Nowrap>
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        {account && <div>{t(account.key, account.values)}</div>}
        <Text span size="xs" c="dimmed">
          {t('creditReporting.months.paid', { amount: formatAmount(m.amountReported, CREDIT_REPORT_CURRENCY, lang) })}
        </Text>
      </Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        {m.status === 'REJECTED' && m.resultMessage
          ? t('creditReporting.months.rejected', { message: m.resultMessage })
          : t(`creditReporting.months.status.${m.status}`)}
      </Table.Td>
    </Table.Tr>
  );
}
