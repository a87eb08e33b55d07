// spec 2 §9 (terms of use): a recurring payment can be changed or disabled until 2 full business days before its date.
// The server says until when (GET /recurring_schedule/{id}/upcomingpayment: lastChangeDate, changeable), with the
// bank holidays of the company's country, which the browser does not know.
import { Alert } from '@mantine/core';
import type { AutopayUpcomingPayment } from '@portal/domain/autopay-shapes';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';

export function ChangeWindowNotice({
  query,
  locked,
  id,
}: {
  query: Pick<UseQueryResult<AutopayUpcomingPayment>, 'data'>;
  /** recurringChangeLocked on the editor's today (issue 21 §1: the form is read-only then). */
  locked: boolean;
  id?: string;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const upcoming = query.data;
  if (!upcoming) return null;
  const date = formatDate(upcoming.scheduledDate, lang);
  const lastDate = formatDate(upcoming.lastChangeDate, lang);
  return locked ? (
    <Alert
      color="yellow"
      variant="light"
      role="note"
      id={id}
      title={t('autopay.window.lockedTitle')}
      data-testid="autopay-change-window"
    >
      {t('autopay.window.locked', { date, lastDate })}
    </Alert>
  ) : (
    <Alert color="blue" variant="light" role="note" id={id} data-testid="autopay-change-window">
      {t('autopay.window.open', { date, lastDate })}
    </Alert>
  );
}
