// spec 2 §2 / §9: the service fee of the chosen method for this schedule (POST /fee_profile/payment_method with
// padSchedule when the autopay job prices it as a pre-authorised debit: a bank account's on the 1st, isPadPricedAutopay,
// the job's own rule; issue 20: a bank autopay on the 15th pays the bank fee); 'Free' for a fee of 0 or one the company
// pays (spec 1 §9); spec 2 §8: a failed fetch is an alert.
import { Alert, Text } from '@mantine/core';
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import { isPadPricedAutopay } from '@portal/domain/autopay';
import { formatRate, isFeeFree } from '@portal/domain/fees';
import { MSG } from '@portal/domain/message-keys';
import { currencyForCountry, toCents } from '@portal/domain/money';
import type { PropertyLease } from '../../../api/types';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { useMethodFeeProfile } from '../api/get-method-fee-profile';

interface FeeNoticeProps {
  lease: PropertyLease;
  method: PaymentMethodRecord;
  /** The schedule's day of the month (null until chosen: priced as any other day). */
  day: number | null;
}

export function FeeNotice({ lease, method, day }: FeeNoticeProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const fee = useMethodFeeProfile({
    companyId: lease.companyId,
    paymentMethodId: method.id,
    billingAccountId: lease.id,
    padSchedule: day != null && isPadPricedAutopay(method.type === 'TYPE_BANK_ACCOUNT', day),
  });
  if (fee.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t(MSG.serviceFeeFetch)}
      </Alert>
    );
  }
  if (!fee.data) {
    return (
      <Text size="sm" c="dimmed" role="status">
        {t('autopay.fee.loading')}
      </Text>
    );
  }
  const profile = fee.data.feeProfile;
  let text: string;
  if (!profile || isFeeFree(toCents(profile.feeRate), profile.paidByCompany)) text = t('autopay.fee.free');
  else {
    const rate = formatRate(profile.feeRate, profile.rateType, currencyForCountry(profile.country), lang);
    text = profile.feeType === 'SUBTRACT' ? t('autopay.fee.subtracted', { rate }) : t('autopay.fee.added', { rate });
  }
  return (
    <Alert color="gray" variant="light" role="status" title={t('autopay.fee.title')} data-testid="autopay-fee">
      {text}
    </Alert>
  );
}
