// spec 1 §5 "Card and bank forms" / spec 2 §5 card rules: digits-only number with the live brand logo, focus moving to
// the expiry once the number is complete, MM/YY with the slash added, CVV, name on card, card country, billing address.
// Errors show only after a submit attempt, then follow the inputs. Refusals map with mapAddCardError (spec 1 §8).
import { SimpleGrid, Stack } from '@mantine/core';
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import type { Country } from '@portal/domain/entities';
import { mapAddCardError } from '@portal/domain/errors';
import { detectCardBrand, EXPIRY_MAX_LENGTH, isCardNumberComplete } from '@portal/domain/input-fields';
import { useRef } from 'react';
import { Dropdown } from '../../../../components/form/dropdown';
import { FormInput } from '../../../../components/form/form-input';
import { useTranslation } from '../../../../lib/i18n';
import { type CardField, type CardFormValues, cardBody, emptyCard, setCardField, validateCard } from '../../forms/card-form';
import { BrandLogo } from '../brand-logo';
import { localToday } from '../method-display';
import { BillingAddressFields } from './billing-address-fields';
import { MethodFormFooter } from './method-form-footer';
import { StepHeading } from './step-heading';
import { useMethodForm } from './use-method-form';

interface Props {
  userId: string;
  /** spec 1 §7: the session-id header of this modal opening. */
  sessionId: string;
  defaultCountry: Country;
  onAdded: (method: PaymentMethodRecord) => void;
  onBack: () => void;
}

export function CardMethodForm({ userId, sessionId, defaultCountry, onAdded, onBack }: Props) {
  const { t } = useTranslation();
  const { form, billing, setBilling, newAddressCountry, billingErrors, alert, alertRef, busy, submit } = useMethodForm(
    mapAddCardError,
    {
      userId,
      use: 'card',
      fallbackCountry: defaultCountry,
      initialValues: () => emptyCard(defaultCountry),
      validate: (v: CardFormValues) => validateCard(v, localToday()),
    },
  );
  const values = form.values;
  const expiryRef = useRef<HTMLInputElement>(null);
  const brand = detectCardBrand(values.cardNumber);

  const change = (field: CardField, raw: string) => {
    const next = setCardField(values, field, raw);
    // spec 2 §5: focus moves to the expiry when the number is complete
    if (
      field === 'cardNumber' &&
      isCardNumberComplete(next.cardNumber, next.country) &&
      !isCardNumberComplete(values.cardNumber, values.country)
    ) {
      queueMicrotask(() => expiryRef.current?.focus());
    }
    form.setValues((v) => ({ ...v, ...setCardField(v, field, raw) }));
  };
  /** The field's binding, a keystroke going through the card rules (setCardField). */
  const field = (name: Exclude<CardField, 'country'>) => ({
    ...form.bind(name),
    onChange: (raw: string) => change(name, raw),
    disabled: busy,
    required: true,
  });

  const onSubmit = submit((v, chosen) => ({ body: cardBody(v, chosen), sessionId }), onAdded);

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby="add-card-heading">
      <Stack gap="md">
        <StepHeading id="add-card-heading">{t('payments.card.title')}</StepHeading>
        <FormInput
          id="card-number"
          type="cardNumber"
          title={t('payments.card.number')}
          {...field('cardNumber')}
          rightSectionWidth={52}
          rightSection={<BrandLogo brand={brand} size={36} />}
          rightSectionPointerEvents="none"
        />
        <SimpleGrid cols={{ base: 2 }} spacing="sm">
          <FormInput
            id="card-expiry"
            type="cardExpiry"
            inputRef={expiryRef}
            title={t('payments.card.expiry')}
            description={t('payments.card.expiryHint')}
            placeholder={t('payments.card.expiryPlaceholder')}
            limit={EXPIRY_MAX_LENGTH}
            {...field('expiry')}
          />
          <FormInput
            id="card-cvv"
            type="cvv"
            title={t('payments.card.cvv')}
            description={t('payments.card.cvvHint')}
            limit={4}
            {...field('cvv')}
          />
        </SimpleGrid>
        <FormInput id="card-name" type="cardName" title={t('payments.card.name')} {...field('nameOnCard')} />
        <Dropdown
          id="card-country"
          // issue 21 §2: a card may come from any country (outside CA/US: 8 to 19 digits, the international fee)
          type="country"
          title={t('payments.card.country')}
          required
          value={values.country}
          onChange={(value) => change('country', value)}
          disabled={busy}
        />
        <BillingAddressFields
          use="card"
          userId={userId}
          value={billing}
          onChange={setBilling}
          newAddressCountry={newAddressCountry}
          errors={billingErrors}
          disabled={busy}
          idPrefix="card"
        />
        <MethodFormFooter alert={alert} alertRef={alertRef} busy={busy} submitLabel={t('payments.card.submit')} onBack={onBack} />
      </Stack>
    </form>
  );
}
