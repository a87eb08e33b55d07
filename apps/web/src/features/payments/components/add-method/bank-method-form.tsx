// spec 1 §5 "Card and bank forms": a bank account by hand. CA needs the institution and transit numbers (the server
// joins them into the routing number), US the routing number; account number 4 to 17; bank name optional; billing
// address limited to US and CA ones. Refusals map with mapAddBankAccountError (spec 1 §8).
import { Alert, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import type { Country } from '@portal/domain/entities';
import { mapAddBankAccountError } from '@portal/domain/errors';
import { countryName } from '@portal/domain/geography';
import { useState } from 'react';
import { toLang, useTranslation } from '../../../../lib/i18n';
import { type BankField, type BankFormValues, bankBody, emptyBank, setBankField, validateBank } from '../../forms/bank-form';
import { BillingAddressFields } from './billing-address-fields';
import { MethodFormFooter } from './method-form-footer';
import { StepHeading } from './step-heading';
import { useMethodForm } from './use-method-form';

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
  const { billing, setBilling, newAddressCountry, submitted, billingErrors, alert, alertRef, busy, submit } = useMethodForm(
    mapAddBankAccountError,
    { userId, use: 'other', fallbackCountry: defaultCountry },
  );
  const [values, setValues] = useState<BankFormValues>(() => emptyBank(defaultCountry));

  const errors = submitted ? validateBank(values) : {};
  const isCa = values.country === 'CA';

  const set = (field: BankField) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setValues(setBankField(values, field, e.currentTarget.value));
  const error = (field: BankField) => {
    const e = errors[field];
    return e ? t(e.key, e.values) : undefined;
  };

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void submit(e.currentTarget, validateBank(values), () => ({ body: bankBody(values, billing) }), onAdded);
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
          error={error('bankName')}
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
          newAddressCountry={newAddressCountry}
          errors={billingErrors}
          disabled={busy}
          idPrefix="bank"
        />
        <MethodFormFooter alert={alert} alertRef={alertRef} busy={busy} submitLabel={t('payments.bank.submit')} onBack={onBack} />
      </Stack>
    </form>
  );
}
