// A yes/no question as a radio pair (an unanswered one holds '').
import { Group, Radio } from '@mantine/core';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import type { ApplicationFormValues } from '../forms/draft-values';
import { type FormPath, useFieldError } from './field-helpers';

export function YesNoField({ name, label, required }: { name: FormPath; label: string; required?: boolean }) {
  const { t } = useTranslation();
  const { control } = useFormContext<ApplicationFormValues>();
  const errorOf = useFieldError();
  const error = errorOf(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Radio.Group
          name={field.name}
          label={label}
          withAsterisk={required}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          error={error}
        >
          <Group gap="lg" mt={4}>
            <Radio value="yes" label={t('applicationForm.yes')} ref={field.ref} aria-invalid={error ? true : undefined} />
            <Radio value="no" label={t('applicationForm.no')} />
          </Group>
        </Radio.Group>
      )}
    />
  );
}
