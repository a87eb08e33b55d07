// The applicant (always asked; prefilled from the customer): names, e-mail, phone, birth date, SIN's last 3 digits.
import { SimpleGrid, TextInput } from '@mantine/core';
import { DateField } from '../../../components/date-field';
import { useTranslation } from '../../../lib/i18n';
import { useFieldProps } from './field-helpers';

export function ApplicantStep() {
  const { t } = useTranslation();
  const f = useFieldProps();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextInput label={t('applicationForm.fields.firstName')} autoComplete="given-name" withAsterisk {...f.text('firstName')} />
      <TextInput label={t('applicationForm.fields.middleName')} autoComplete="additional-name" {...f.text('middleName')} />
      <TextInput label={t('applicationForm.fields.lastName')} autoComplete="family-name" withAsterisk {...f.text('lastName')} />
      <TextInput label={t('applicationForm.fields.email')} type="email" autoComplete="email" withAsterisk {...f.text('email')} />
      <TextInput label={t('applicationForm.fields.phone')} autoComplete="tel" withAsterisk {...f.phone('phone')} />
      {/* spec 2 §4/§5: typed yyyy-mm-dd, spelled back DD-MMM-YYYY; the domain's applicant rules judge it, as before */}
      <DateField title={t('applicationForm.fields.birthDate')} autoComplete="bday" required {...f.date('birthDate')} />
      <TextInput
        label={t('applicationForm.fields.sinLast3')}
        description={t('applicationForm.fields.sinLast3Hint')}
        maxLength={3}
        autoComplete="off"
        {...f.number('sinLast3')}
      />
    </SimpleGrid>
  );
}
