// Section 3, address history: up to 3 addresses with the fields the page asks (spec 2 §3), months at each.
import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import {
  APPLICATION_OPTIONAL_FIELDS,
  type ApplicationPageLike,
  isFieldAsked,
  MAX_ADDRESSES,
} from '@portal/domain/application-form';
import { countryOptions, regionsForCountry } from '@portal/domain/geography';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { emptyAddress } from '../forms/draft-values';
import { useApplicationForm, useFieldProps } from './field-helpers';
import { RepeatList } from './repeat-list';

const required = (field: string) => !(APPLICATION_OPTIONAL_FIELDS['3'] as readonly string[]).includes(field);

function AddressEntry({ index, page }: { index: number; page: ApplicationPageLike }) {
  const { t } = useTranslation();
  const lang = useLang();
  const f = useFieldProps();
  const form = useApplicationForm();
  const asked = (field: string) => isFieldAsked(page, '3', field);
  const country = form.getValue(`addresses.${index}.country`);
  const regions = regionsForCountry(country);
  const label = (field: string) => t(`applicationForm.address.${field}`);
  const p = `addresses.${index}` as const;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {asked('suite') && <TextInput label={label('suite')} {...f.text(`${p}.suite`)} />}
      {asked('street1') && (
        <TextInput
          label={label('street1')}
          autoComplete="address-line1"
          withAsterisk={required('street1')}
          {...f.text(`${p}.street1`)}
        />
      )}
      {asked('street2') && <TextInput label={label('street2')} autoComplete="address-line2" {...f.text(`${p}.street2`)} />}
      {asked('city') && <TextInput label={label('city')} withAsterisk {...f.text(`${p}.city`)} />}
      {asked('country') && (
        <NativeSelect label={label('country')} withAsterisk {...f.select(`${p}.country`)}>
          <option value="">{t('applicationForm.choose')}</option>
          {countryOptions(lang).map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </NativeSelect>
      )}
      {asked('province') &&
        (regions.length > 0 ? (
          <NativeSelect label={label('province')} withAsterisk {...f.select(`${p}.province`)}>
            <option value="">{t('applicationForm.choose')}</option>
            {regions.map((r) => (
              <option key={r.code} value={r.code}>
                {r[lang]}
              </option>
            ))}
          </NativeSelect>
        ) : (
          <TextInput label={label('province')} withAsterisk {...f.text(`${p}.province`)} />
        ))}
      {asked('postalCode') && (
        <TextInput
          label={label('postalCode')}
          autoComplete="postal-code"
          withAsterisk
          maxLength={10}
          {...f.text(`${p}.postalCode`)}
        />
      )}
      {asked('monthsAtAddress') && (
        <TextInput label={label('monthsAtAddress')} withAsterisk maxLength={4} {...f.number(`${p}.monthsAtAddress`)} />
      )}
    </SimpleGrid>
  );
}

export function AddressesStep({ page }: { page: ApplicationPageLike }) {
  const { t } = useTranslation();
  const { errorOf } = useFieldProps();
  const { keys, append, remove } = useApplicationForm().list('addresses');
  return (
    <RepeatList
      keys={keys}
      max={MAX_ADDRESSES}
      entryTitle={(n) => t('applicationForm.address.entry', { n })}
      renderEntry={(i) => <AddressEntry index={i} page={page} />}
      onAdd={() => append(emptyAddress())}
      onRemove={remove}
      addLabel={t('applicationForm.address.add')}
      emptyText={t('applicationForm.address.empty')}
      error={errorOf('addresses')}
    />
  );
}
