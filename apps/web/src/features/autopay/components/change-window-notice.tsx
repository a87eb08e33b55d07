// spec 2 §9 (terms of use): a recurring payment can be changed or disabled until 2 full business days before its date.
// The server says until when (GET /recurring_schedule/{id}/upcomingpayment: lastChangeDate, changeable), with the
// bank holidays of the company's country, which the browser does not know.
import { Alert } from '@mantine/core';
import type { AutopayUpcomingPayment } from '@portal/domain/autopay-shapes';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';

export function ChangeWindowNotice({ query }: { query: Pick<UseQueryResult<AutopayUpcomingPayment>, 'data'> }) {
  const { t } = useTranslation();
  const lang = useLang();
  const upcoming = query.data;
  if (!upcoming) return null;
  const date = formatDate(upcoming.scheduledDate, lang);
  return upcoming.changeable ? (
    <Alert color="blue" variant="light" role="note" data-testid="autopay-change-window">
      {t('autopay.window.open', { date, lastDate: formatDate(upcoming.lastChangeDate, lang) })}
    </Alert>
  ) : (
    <Alert color="yellow" variant="light" role="note" title={t('autopay.window.lockedTitle')} data-testid="autopay-change-window">
      {t('autopay.window.locked', { date })}
    </Alert>
  );
}
