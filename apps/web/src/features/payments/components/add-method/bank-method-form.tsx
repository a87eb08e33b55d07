// spec 1 §5 "Card and bank forms": a bank account by hand. CA needs the institution and transit numbers (the server
// joins them into the routing number), US the routing number; account number 4 to 17; bank name optional; billing
// address limited to US and CA ones. Refusals map with mapAddBankAccountError (spec 1 §8).
import { Alert, SimpleGrid, Stack } from '@mantine/core';
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import type { Country } from '@portal/domain/entities';
import { mapAddBankAccountError } from '@portal/domain/errors';
import { Dropdown } from '../../../../components/form/dropdown';
import { FormInput } from '../../../../components/form/form-input';
import { useTranslation } from '../../../../lib/i18n';
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
  const { t } = useTranslation();
  const { form, billing, setBilling, newAddressCountry, billingErrors, alert, alertRef, busy, submit } = useMethodForm(
    mapAddBankAccountError,
    {
      userId,
      use: 'other',
      fallbackCountry: defaultCountry,
      initialValues: () => emptyBank(defaultCountry),
      validate: (v: BankFormValues) => validateBank(v),
    },
  );
  const values = form.values;
  const isCa = values.country === 'CA';

  /** The field's binding, a keystroke going through the bank rules (setBankField). */
  const field = (name: BankField) => ({
    ...form.bind(name),
    onChange: (raw: string) => form.setValues((v) => ({ ...v, ...setBankField(v, name, raw) })),
    disabled: busy,
  });
  const digits = (name: BankField) => ({ ...field(name), type: 'digits' as const, required: true });

  const onSubmit = submit((v, chosen) => ({ body: bankBody(v, chosen) }), onAdded);

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="add-bank-heading">
      <Stack gap="md">
        <StepHeading id="add-bank-heading">{t('payments.bank.title')}</StepHeading>
        {notice && (
          <Alert color="blue" role="status">
            {notice}
          </Alert>
        )}
        <Dropdown
          id="bank-country"
          type="lease-country"
          title={t('payments.bank.country')}
          required
          value={values.country}
          onChange={(value) => field('country').onChange(value)}
          disabled={busy}
        />
        <FormInput
          id="bank-holder"
          type="name"
          title={t('payments.bank.accountHolder')}
          required
          autoComplete="name"
          {...field('accountHolder')}
        />
        <FormInput id="bank-name" title={t('payments.bank.bankName')} optional autoComplete="off" {...field('bankName')} />
        {isCa ? (
          <SimpleGrid cols={{ base: 2 }} spacing="sm">
            <FormInput
              id="bank-institution"
              title={t('payments.bank.institutionNumber')}
              description={t('payments.bank.institutionHint')}
              {...digits('institutionNumber')}
            />
            <FormInput
              id="bank-transit"
              title={t('payments.bank.transitNumber')}
              description={t('payments.bank.transitHint')}
              {...digits('transitNumber')}
            />
          </SimpleGrid>
        ) : (
          <FormInput
            id="bank-routing"
            title={t('payments.bank.routingNumber')}
            description={t('payments.bank.routingHint')}
            {...digits('routingNumber')}
          />
        )}
        <FormInput
          id="bank-account-number"
          title={t('payments.bank.accountNumber')}
          description={t('payments.bank.accountNumberHint')}
          {...digits('bankAccountNumber')}
          type="bankAccount"
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
