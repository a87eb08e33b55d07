// The application fee (when the page's fee is above 0): the amount in the user's locale, a saved payment method to pay
// it with (the payment page adds one), and that method's service fee at the page's company (the payment modal's
// fee rule: POST /calculatefeewithfeeprofile). It is charged on Submit, through the same payment service as rent.
import { Alert, Anchor, Loader, Radio, Stack, Text } from '@mantine/core';
import { isFeeFree } from '@portal/domain/fees';
import { MSG } from '@portal/domain/message-keys';
import { currencyForCountry, toCents } from '@portal/domain/money';
import { Link } from 'wouter';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { useSessionUser } from '../../../lib/use-session-user';
import { useFeeCalculation, useMethodLabel, usePaymentMethods } from '../../payments';
import type { ApplicationPage } from '../api/types';
import { useApplicationForm, useFieldError } from './field-helpers';

function ServiceFee({ page, methodId }: { page: ApplicationPage; methodId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const currency = currencyForCountry(page.country);
  const fee = useFeeCalculation({
    amountCents: toCents(page.applicationFeeAmount),
    companyId: page.companyId,
    paymentMethodId: methodId,
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
        {t('applicationForm.fee.serviceFeeLoading')}
      </Text>
    );
  }
  const free = isFeeFree(toCents(fee.data.feeAmount), fee.data.feeProfile?.paidByCompany);
  return (
    <Alert
      color="gray"
      variant="light"
      role="status"
      title={t('applicationForm.fee.serviceFeeTitle')}
      data-testid="application-service-fee"
    >
      <Text size="sm">
        {free
          ? t('applicationForm.fee.serviceFeeFree')
          : t('applicationForm.fee.serviceFee', { fee: formatAmount(fee.data.feeAmount, currency, lang) })}
      </Text>
      <Text size="sm" fw={600}>
        {t('applicationForm.fee.total', { total: formatAmount(fee.data.total, currency, lang) })}
      </Text>
    </Alert>
  );
}

export function FeeStep({ page, feePaid }: { page: ApplicationPage; feePaid: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useSessionUser();
  const label = useMethodLabel();
  const errorOf = useFieldError();
  const form = useApplicationForm();
  const methods = usePaymentMethods(user?.id);
  const selected = form.values.paymentMethodId;
  const amount = formatAmount(page.applicationFeeAmount, currencyForCountry(page.country), lang);

  if (feePaid) {
    return (
      <Alert color="green" variant="light" role="status">
        {t('applicationForm.fee.paid', { amount })}
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      <Text data-testid="application-fee-amount">{t('applicationForm.fee.amount', { amount })}</Text>
      <Text size="sm" c="dimmed">
        {t('applicationForm.fee.whenCharged')}
      </Text>
      {methods.isPending ? (
        <Loader size="sm" aria-label={t('common.loading')} />
      ) : methods.isError ? (
        <Alert color="red" variant="light" role="alert">
          {t('applicationForm.fee.methodsError')}
        </Alert>
      ) : (
        <Radio.Group
          name="paymentMethodId"
          label={t('applicationForm.fee.method')}
          withAsterisk
          value={selected}
          onChange={(id) => form.setValue('paymentMethodId', id)}
          error={errorOf('paymentMethodId')}
        >
          <Stack gap="xs" mt="xs">
            {methods.data.records.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('applicationForm.fee.noMethods')}
              </Text>
            )}
            {methods.data.records.map((m, i) => (
              <Radio
                key={m.id}
                value={m.id}
                label={label(m)}
                aria-invalid={i === 0 && errorOf('paymentMethodId') ? true : undefined}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
      {selected && <ServiceFee page={page} methodId={selected} />}
      <Text size="sm">
        <Anchor component={Link} to="/customer/payment">
          {t('applicationForm.fee.addMethod')}
        </Anchor>
      </Text>
    </Stack>
  );
}
