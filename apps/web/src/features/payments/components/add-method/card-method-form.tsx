// spec 1 §5 "Card and bank forms" / spec 2 §5 card rules: digits-only number with the live brand logo, focus moving to
// the expiry once the number is complete, MM/YY with the slash added, CVV, name on card, card country, billing address.
// Errors show only after a submit attempt, then follow the inputs. Refusals map with mapAddCardError (spec 1 §8).
import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { PaymentMethodRecord } from '@portal/domain/api-shapes';
import type { Country } from '@portal/domain/entities';
import { mapAddCardError } from '@portal/domain/errors';
import { countryName } from '@portal/domain/geography';
import { detectCardBrand, EXPIRY_MAX_LENGTH, isCardNumberComplete } from '@portal/domain/input-fields';
import { useRef, useState } from 'react';
import { toLang, useTranslation } from '../../../../lib/i18n';
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
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const { billing, setBilling, newAddressCountry, submitted, billingErrors, alert, alertRef, busy, submit } = useMethodForm(
    mapAddCardError,
    { userId, use: 'card', fallbackCountry: defaultCountry },
  );
  const [values, setValues] = useState<CardFormValues>(() => emptyCard(defaultCountry));
  const expiryRef = useRef<HTMLInputElement>(null);

  // spec 2 §5: errors appear after a submit attempt and then follow the inputs
  const errors = submitted ? validateCard(values, localToday()) : {};
  const brand = detectCardBrand(values.cardNumber);

  const set = (field: CardField) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const next = setCardField(values, field, e.currentTarget.value);
    // spec 2 §5: focus moves to the expiry when the number is complete
    if (
      field === 'cardNumber' &&
      isCardNumberComplete(next.cardNumber, next.country) &&
      !isCardNumberComplete(values.cardNumber, values.country)
    ) {
      queueMicrotask(() => expiryRef.current?.focus());
    }
    setValues(next);
  };
  const error = (field: CardField) => {
    const e = errors[field];
    return e ? t(e.key, e.values) : undefined;
  };

  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    void submit(
      e.currentTarget,
      validateCard(values, localToday()),
      () => ({ body: cardBody(values, billing), sessionId }),
      onAdded,
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="add-card-heading">
      <Stack gap="md">
        <StepHeading id="add-card-heading">{t('payments.card.title')}</StepHeading>
        <TextInput
          id="card-number"
          label={t('payments.card.number')}
          withAsterisk
          inputMode="numeric"
          autoComplete="cc-number"
          value={values.cardNumber}
          onChange={set('cardNumber')}
          error={error('cardNumber')}
          disabled={busy}
          rightSectionWidth={52}
          rightSection={<BrandLogo brand={brand} size={36} />}
          rightSectionPointerEvents="none"
        />
        <SimpleGrid cols={{ base: 2 }} spacing="sm">
          <TextInput
            id="card-expiry"
            ref={expiryRef}
            label={t('payments.card.expiry')}
            description={t('payments.card.expiryHint')}
            placeholder={t('payments.card.expiryPlaceholder')}
            withAsterisk
            inputMode="numeric"
            autoComplete="cc-exp"
            maxLength={EXPIRY_MAX_LENGTH}
            value={values.expiry}
            onChange={set('expiry')}
            error={error('expiry')}
            disabled={busy}
          />
          <TextInput
            id="card-cvv"
            label={t('payments.card.cvv')}
            description={t('payments.card.cvvHint')}
            withAsterisk
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            value={values.cvv}
            onChange={set('cvv')}
            error={error('cvv')}
            disabled={busy}
          />
        </SimpleGrid>
        <TextInput
          id="card-name"
          label={t('payments.card.name')}
          withAsterisk
          autoComplete="cc-name"
          value={values.nameOnCard}
          onChange={set('nameOnCard')}
          error={error('nameOnCard')}
          disabled={busy}
        />
        <NativeSelect
          id="card-country"
          label={t('payments.card.country')}
          withAsterisk
          value={values.country}
          onChange={set('country')}
          disabled={busy}
          data={[
            { value: 'CA', label: countryName('CA', lang) },
            { value: 'US', label: countryName('US', lang) },
          ]}
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
