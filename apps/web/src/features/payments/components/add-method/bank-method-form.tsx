// spec 1 §5 "Card and bank forms": a bank account by hand. CA needs the institution and transit numbers (the server
// joins them into the routing number), US the routing number; account number 4 to 17; bank name optional; billing
// address limited to US and CA ones. Refusals map with mapAddBankAccountError (spec 1 §8).
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import type { Country } from '@portal/domain/entities';
import { mapAddBankAccountError } from '@portal/domain/errors';
import { countryName } from '@portal/domain/geography';
import type { MessageRef } from '@portal/domain/rule';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client';
import { toLang } from '../../../../lib/i18n';
import { useCreatePaymentMethod } from '../../api/create-payment-method';
import { type BankField, type BankFormValues, bankBody, emptyBank, setBankField, validateBank } from '../../forms/bank-form';
import { type BillingChoice, emptyAddress, NEW_ADDRESS, validateBilling } from '../../forms/billing-address-form';
import { BillingAddressFields } from './billing-address-fields';
import { StepHeading } from './step-heading';

interface Props {
  userId: string;
  defaultCountry: Country;
  /** Shown when the bank-linking widget was closed or lost: the tenant may enter the account by hand. */
  notice?: string | null;
  onAdded: (method: PaymentMethodRecord) => void;
  onBack: () => void;
}

export function BankMethodForm({ userId, defaultCountry, notice, onAdded, onBack }: Props) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const create = useCreatePaymentMethod();
  const [values, setValues] = useState<BankFormValues>(() => emptyBank(defaultCountry));
  const [billing, setBilling] = useState<BillingChoice>(() => ({ addressId: NEW_ADDRESS, values: emptyAddress() }));
  const [submitted, setSubmitted] = useState(false);
  const [alert, setAlert] = useState<MessageRef | null>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const errors = submitted ? validateBank(values) : {};
  const billingErrors = submitted ? validateBilling(billing) : {};
  const busy = create.isPending;
  const isCa = values.country === 'CA';

  const set = (field: BankField) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setValues(setBankField(values, field, e.currentTarget.value));
  const error = (field: BankField) => {
    const e = errors[field];
    return e ? t(e.key, e.values) : undefined;
  };

  const onSubmit = async (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    setSubmitted(true);
    setAlert(null);
    const found = { ...validateBank(values), ...validateBilling(billing) };
    if (Object.keys(found).length > 0) {
      setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    try {
      onAdded(await create.mutateAsync({ body: bankBody(values, billing) }));
    } catch (err) {
      setAlert(
        mapAddBankAccountError(
          err instanceof ApiError ? { errorCode: err.errorCode, message: err.message, fieldErrors: err.fieldErrors } : {},
        ),
      );
      setTimeout(() => alertRef.current?.focus());
    }
  };

  const digitsProps = { inputMode: 'numeric' as const, autoComplete: 'off', withAsterisk: true, disabled: busy };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="add-bank-heading">
      <Stack gap="md">
        <StepHeading id="add-bank-heading">{t('payments.bank.title')}</StepHeading>
        {notice && (
          <Alert color="blue" role="status">
            {notice}
          </Alert>
        )}
        <NativeSelect
          id="bank-country"
          label={t('payments.bank.country')}
          withAsterisk
          value={values.country}
          onChange={set('country')}
          disabled={busy}
          data={[
            { value: 'CA', label: countryName('CA', lang) },
            { value: 'US', label: countryName('US', lang) },
          ]}
        />
        <TextInput
          id="bank-holder"
          label={t('payments.bank.accountHolder')}
          withAsterisk
          autoComplete="name"
          value={values.accountHolder}
          onChange={set('accountHolder')}
          error={error('accountHolder')}
          disabled={busy}
        />
        <TextInput
          id="bank-name"
          label={t('payments.bank.bankName')}
          autoComplete="off"
          value={values.bankName}
          onChange={set('bankName')}
          disabled={busy}
        />
        {isCa ? (
          <SimpleGrid cols={{ base: 2 }} spacing="sm">
            <TextInput
              id="bank-institution"
              label={t('payments.bank.institutionNumber')}
              description={t('payments.bank.institutionHint')}
              value={values.institutionNumber}
              onChange={set('institutionNumber')}
              error={error('institutionNumber')}
              {...digitsProps}
            />
            <TextInput
              id="bank-transit"
              label={t('payments.bank.transitNumber')}
              description={t('payments.bank.transitHint')}
              value={values.transitNumber}
              onChange={set('transitNumber')}
              error={error('transitNumber')}
              {...digitsProps}
            />
          </SimpleGrid>
        ) : (
          <TextInput
            id="bank-routing"
            label={t('payments.bank.routingNumber')}
            description={t('payments.bank.routingHint')}
            value={values.routingNumber}
            onChange={set('routingNumber')}
            error={error('routingNumber')}
            {...digitsProps}
          />
        )}
        <TextInput
          id="bank-account-number"
          label={t('payments.bank.accountNumber')}
          description={t('payments.bank.accountNumberHint')}
          value={values.bankAccountNumber}
          onChange={set('bankAccountNumber')}
          error={error('bankAccountNumber')}
          {...digitsProps}
        />
        <BillingAddressFields
          use="other"
          userId={userId}
          value={billing}
          onChange={setBilling}
          errors={billingErrors}
          disabled={busy}
          idPrefix="bank"
        />
        {alert && (
          <Alert color="red" role="alert" ref={alertRef} tabIndex={-1}>
            {t(alert.key, alert.values)}
          </Alert>
        )}
        <Group justify="space-between">
          <Button variant="default" onClick={onBack} disabled={busy}>
            {t('payments.add.back')}
          </Button>
          <Button type="submit" loading={busy} disabled={busy}>
            {t('payments.bank.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
