// spec 1 §5: the billing address of a card or bank account: a saved one (its fields shown disabled and populated) or a
// new one (in the tenant's country, no province chosen: issue 20), postal format by country. Billing options for
// non-card use are limited to US and CA addresses (billingAddressOptions).
import { Alert, Button, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { AddressRecord } from '@portal/domain/api-shapes';
import type { Country } from '@portal/domain/entities';
import { mapGenericError } from '@portal/domain/errors';
import { countryName, regionsForCountry } from '@portal/domain/geography';
import { SUITE_MAX_LENGTH } from '@portal/domain/input-fields';
import { addressLabel, billingAddressOptions } from '@portal/domain/payment-methods';
import type { MessageRef } from '@portal/domain/rule';
import { useState } from 'react';
import { notifySuccess } from '../../../../components/notify';
import { ApiError } from '../../../../lib/api-client';
import { toLang, useTranslation } from '../../../../lib/i18n';
import { useDeleteAddress } from '../../api/delete-address';
import { useAddresses } from '../../api/search-addresses';
import {
  type AddressErrors,
  type AddressField,
  addressValues,
  type BillingChoice,
  emptyAddress,
  NEW_ADDRESS,
  setAddressField,
} from '../../forms/billing-address-form';

interface Props {
  /** 'card' offers every saved address, 'other' (bank accounts) only US and CA ones. */
  use: 'card' | 'other';
  userId: string;
  value: BillingChoice;
  onChange: (next: BillingChoice) => void;
  /** The country a new address starts in (the tenant's). */
  newAddressCountry: Country;
  /** Shown only after a submit attempt (spec 2 §5). */
  errors: AddressErrors;
  disabled?: boolean;
  /** Prefix of the inputs' ids (two forms never show at once, but ids stay unique per form). */
  idPrefix: string;
}

export function BillingAddressFields({
  use,
  userId,
  value,
  onChange,
  newAddressCountry,
  errors,
  disabled = false,
  idPrefix,
}: Props) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const addresses = useAddresses(userId);
  const saved = billingAddressOptions(addresses.data?.records ?? [], use);
  const picked: AddressRecord | undefined = saved.find((a) => a.id === value.addressId);
  const isSaved = value.addressId !== NEW_ADDRESS && !!picked;
  const fieldsDisabled = disabled || isSaved;
  const v = value.values;

  const choose = (id: string) => {
    const address = saved.find((a) => a.id === id);
    onChange(
      address
        ? { addressId: id, values: addressValues(address) }
        : { addressId: NEW_ADDRESS, values: emptyAddress(newAddressCountry) },
    );
  };
  const set = (field: AddressField) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    onChange({ ...value, values: setAddressField(v, field, e.currentTarget.value) });
  const error = (field: AddressField) => {
    const e = isSaved ? undefined : errors[field];
    return e ? t(e.key, e.values) : undefined;
  };

  const isCa = v.country === 'CA';
  const regions = regionsForCountry(v.country);

  return (
    <Fieldset legend={t('payments.address.title')} variant="unstyled" disabled={disabled}>
      <Stack gap="sm">
        <NativeSelect
          id={`${idPrefix}-address-billing-choice`}
          label={t('payments.address.choose')}
          value={isSaved ? value.addressId : NEW_ADDRESS}
          onChange={(e) => choose(e.currentTarget.value)}
          disabled={disabled}
          data={[
            ...saved.map((a) => ({ value: a.id, label: addressLabel(a) })),
            { value: NEW_ADDRESS, label: t('payments.address.new') },
          ]}
        />
        {addresses.isError && (
          <Text size="sm" c="dimmed">
            {t('payments.address.loadError')}
          </Text>
        )}
        {isSaved && picked && <DeleteSavedAddress address={picked} onDeleted={() => choose(NEW_ADDRESS)} disabled={disabled} />}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            id={`${idPrefix}-address-suite`}
            label={t('payments.address.suite')}
            autoComplete="address-line3"
            value={v.suite}
            onChange={set('suite')}
            maxLength={SUITE_MAX_LENGTH}
            error={error('suite')}
            disabled={fieldsDisabled}
          />
          <TextInput
            id={`${idPrefix}-address-street1`}
            label={t('payments.address.street1')}
            autoComplete="address-line1"
            withAsterisk
            value={v.street1}
            onChange={set('street1')}
            error={error('street1')}
            disabled={fieldsDisabled}
          />
          <TextInput
            id={`${idPrefix}-address-street2`}
            label={t('payments.address.street2')}
            autoComplete="address-line2"
            value={v.street2}
            onChange={set('street2')}
            error={error('street2')}
            disabled={fieldsDisabled}
          />
          <TextInput
            id={`${idPrefix}-address-city`}
            label={t('payments.address.city')}
            autoComplete="address-level2"
            withAsterisk
            value={v.city}
            onChange={set('city')}
            error={error('city')}
            disabled={fieldsDisabled}
          />
          <NativeSelect
            id={`${idPrefix}-address-country`}
            label={t('payments.address.country')}
            autoComplete="country"
            withAsterisk
            value={v.country}
            onChange={set('country')}
            disabled={fieldsDisabled}
            data={[
              { value: 'CA', label: countryName('CA', lang) },
              { value: 'US', label: countryName('US', lang) },
            ]}
          />
          <NativeSelect
            id={`${idPrefix}-address-province`}
            label={isCa ? t('payments.address.province') : t('payments.address.state')}
            autoComplete="address-level1"
            withAsterisk
            value={v.province}
            onChange={set('province')}
            error={error('province')}
            disabled={fieldsDisabled}
            data={[
              { value: '', label: t('payments.address.select') },
              ...regions.map((r) => ({ value: r.code, label: r[lang] })),
            ]}
          />
          <TextInput
            id={`${idPrefix}-address-postal`}
            label={isCa ? t('payments.address.postalCode') : t('payments.address.zip')}
            autoComplete="postal-code"
            withAsterisk
            value={v.postalCode}
            onChange={set('postalCode')}
            error={error('postalCode')}
            disabled={fieldsDisabled}
          />
        </SimpleGrid>
      </Stack>
    </Fieldset>
  );
}

// spec 1 §7: DELETE of an address; refused while a saved method uses it (the server's message, in the UI language)
function DeleteSavedAddress({
  address,
  onDeleted,
  disabled,
}: {
  address: AddressRecord;
  onDeleted: () => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const remove = useDeleteAddress();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<MessageRef | null>(null);

  const confirm = async () => {
    setProblem(null);
    try {
      await remove.mutateAsync(address.id);
      notifySuccess(t('payments.address.deleted'));
      setConfirming(false);
      onDeleted();
    } catch (err) {
      setProblem(
        err instanceof ApiError ? mapGenericError({ errorCode: err.errorCode, message: err.message }) : mapGenericError({}),
      );
    }
  };

  return (
    <Stack gap={4}>
      {confirming ? (
        <Group gap="xs" role="group" aria-label={t('payments.address.deleteConfirm')}>
          <Text size="sm">{t('payments.address.deleteConfirm')}</Text>
          <Button size="xs" color="red" onClick={confirm} loading={remove.isPending} disabled={disabled}>
            {t('payments.address.deleteYes')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setConfirming(false)} disabled={remove.isPending}>
            {t('payments.address.keep')}
          </Button>
        </Group>
      ) : (
        <Group>
          <Button size="xs" variant="subtle" color="red" onClick={() => setConfirming(true)} disabled={disabled}>
            {t('payments.address.delete')}
          </Button>
        </Group>
      )}
      {problem && (
        <Alert color="red" role="alert" p="xs">
          {t(problem.key, problem.values)}
        </Alert>
      )}
    </Stack>
  );
}
