// Section 8, emergency contact: the fields the page asks (spec 2 §3).
import { SimpleGrid, TextInput } from '@mantine/core';
import { APPLICATION_OPTIONAL_FIELDS, type ApplicationPageLike, isFieldAsked } from '@portal/domain/application-form';
import { useTranslation } from '../../../lib/i18n';
import { useFieldProps } from './field-helpers';

const required = (field: string) => !(APPLICATION_OPTIONAL_FIELDS['8'] as readonly string[]).includes(field);

export function EmergencyContactStep({ page }: { page: ApplicationPageLike }) {
  const { t } = useTranslation();
  const f = useFieldProps();
  const asked = (field: string) => isFieldAsked(page, '8', field);
  const label = (field: string) => t(`applicationForm.emergencyContact.${field}`);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {asked('firstName') && (
        <TextInput label={label('firstName')} withAsterisk={required('firstName')} {...f.text('emergencyContact.firstName')} />
      )}
      {asked('lastName') && (
        <TextInput label={label('lastName')} withAsterisk={required('lastName')} {...f.text('emergencyContact.lastName')} />
      )}
      {asked('relationship') && (
        <TextInput
          label={label('relationship')}
          withAsterisk={required('relationship')}
          {...f.text('emergencyContact.relationship')}
        />
      )}
      {asked('phone') && (
        <TextInput label={label('phone')} withAsterisk={required('phone')} {...f.phone('emergencyContact.phone')} />
      )}
      {asked('email') && <TextInput label={label('email')} type="email" {...f.text('emergencyContact.email')} />}
    </SimpleGrid>
  );
}
