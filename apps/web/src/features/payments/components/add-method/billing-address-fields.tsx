// spec 1 §5: the billing address of a card or bank account: a saved one (its fields shown disabled and populated) or a
// new one (in the tenant's country, no province chosen: issue 20), postal format by country. Billing options for
// non-card use are limited to US and CA addresses (billingAddressOptions).
import { Alert, Button, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AddressRecord } from '@portal/domain/api-shapes';
import type { Country } from '@portal/domain/entities';
import { mapGenericError } from '@portal/domain/errors';
import { SUITE_MAX_LENGTH } from '@portal/domain/input-fields';
import { addressLabel, billingAddressOptions } from '@portal/domain/payment-methods';
import type { MessageRef } from '@portal/domain/rule';
import { useState } from 'react';
import { Dropdown } from '../../../../components/form/dropdown';
import { FormInput } from '../../../../components/form/form-input';
import { notifySuccess } from '../../../../components/notify';
import { ApiError } from '../../../../lib/api-client';
import { useTranslation } from '../../../../lib/i18n';
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
  const { t } = useTranslation();
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
  /** One field of the new address (issue 21 §2: the portal's FormInput / Dropdown), a keystroke through setAddressField. */
  const field = (name: AddressField) => ({
    id: `${idPrefix}-address-${name === 'postalCode' ? 'postal' : name}`,
    name,
    value: v[name],
    onChange: (raw: string) => onChange({ ...value, values: setAddressField(v, name, raw) }),
    error: isSaved ? undefined : errors[name],
    disabled: fieldsDisabled,
  });

  const isCa = v.country === 'CA';

  return (
    <Fieldset legend={t('payments.address.title')} variant="unstyled" disabled={disabled}>
      <Stack gap="sm">
        <Dropdown
          id={`${idPrefix}-address-billing-choice`}
          type="billingAddress"
          title={t('payments.address.choose')}
          items={saved.map((a) => ({ value: a.id, label: addressLabel(a) }))}
          value={isSaved ? value.addressId : NEW_ADDRESS}
          onChange={choose}
          disabled={disabled}
        />
        {addresses.isError && (
          <Text size="sm" c="dimmed">
            {t('payments.address.loadError')}
          </Text>
        )}
        {isSaved && picked && <DeleteSavedAddress address={picked} onDeleted={() => choose(NEW_ADDRESS)} disabled={disabled} />}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <FormInput
            type="street"
            title={t('payments.address.suite')}
            optional
            autoComplete="address-line3"
            limit={SUITE_MAX_LENGTH}
            {...field('suite')}
          />
          <FormInput
            type="street"
            title={t('payments.address.street1')}
            required
            autoComplete="address-line1"
            {...field('street1')}
          />
          <FormInput
            type="street"
            title={t('payments.address.street2')}
            optional
            autoComplete="address-line2"
            {...field('street2')}
          />
          <FormInput type="city" title={t('payments.address.city')} required {...field('city')} />
          <Dropdown
            type="lease-country"
            title={t('payments.address.country')}
            required
            autoComplete="country"
            {...field('country')}
          />
          <Dropdown
            type="province"
            country={v.country}
            placeholder
            title={isCa ? t('payments.address.province') : t('payments.address.state')}
            required
            autoComplete="address-level1"
            {...field('province')}
          />
          <FormInput
            type="postalCode"
            addressCountry={v.country}
            title={isCa ? t('payments.address.postalCode') : t('payments.address.zip')}
            required
            {...field('postalCode')}
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
