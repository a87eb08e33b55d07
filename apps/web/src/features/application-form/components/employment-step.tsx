// Section 5, employment: the status, then the fields the page asks (spec 2 §3); without an employer (unemployed,
// student, retired) the employer's fields are optional.
import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import {
  APPLICATION_OPTIONAL_FIELDS,
  type ApplicationPageLike,
  EMPLOYMENT_STATUSES,
  EMPLOYMENT_STATUSES_WITHOUT_EMPLOYER,
  type EmploymentStatus,
  isFieldAsked,
} from '@portal/domain/application-form';
import { useTranslation } from '../../../lib/i18n';
import { useApplicationForm, useFieldProps } from './field-helpers';

const EMPLOYER_FIELDS = ['employerName', 'phone', 'occupation', 'monthsEmployed', 'monthlySalary'];

export function EmploymentStep({ page }: { page: ApplicationPageLike }) {
  const { t } = useTranslation();
  const f = useFieldProps();
  const status = useApplicationForm().values.employment.employment;
  const noEmployer = EMPLOYMENT_STATUSES_WITHOUT_EMPLOYER.includes(status as EmploymentStatus);
  const asked = (field: string) => isFieldAsked(page, '5', field);
  const required = (field: string) =>
    !(APPLICATION_OPTIONAL_FIELDS['5'] as readonly string[]).includes(field) && !(noEmployer && EMPLOYER_FIELDS.includes(field));
  const label = (field: string) => t(`applicationForm.employment.${field}`);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      {asked('employment') && (
        <NativeSelect label={label('employment')} withAsterisk {...f.select('employment.employment')}>
          <option value="">{t('applicationForm.choose')}</option>
          {EMPLOYMENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`applicationForm.employmentStatus.${s}`)}
            </option>
          ))}
        </NativeSelect>
      )}
      {asked('employerName') && (
        <TextInput label={label('employerName')} withAsterisk={required('employerName')} {...f.text('employment.employerName')} />
      )}
      {asked('occupation') && (
        <TextInput label={label('occupation')} withAsterisk={required('occupation')} {...f.text('employment.occupation')} />
      )}
      {asked('phone') && <TextInput label={label('phone')} withAsterisk={required('phone')} {...f.phone('employment.phone')} />}
      {asked('monthsEmployed') && (
        <TextInput
          label={label('monthsEmployed')}
          withAsterisk={required('monthsEmployed')}
          maxLength={4}
          {...f.number('employment.monthsEmployed')}
        />
      )}
      {asked('monthlySalary') && (
        <TextInput
          label={label('monthlySalary')}
          withAsterisk={required('monthlySalary')}
          {...f.money('employment.monthlySalary')}
        />
      )}
      {asked('otherIncome') && <TextInput label={label('otherIncome')} {...f.money('employment.otherIncome')} />}
    </SimpleGrid>
  );
}
