// A yes/no question as a radio pair (an unanswered one holds '').
import { Group, Radio } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import { type FormPath, useApplicationForm, useFieldError } from './field-helpers';

export function YesNoField({ name, label, required }: { name: FormPath; label: string; required?: boolean }) {
  const { t } = useTranslation();
  const form = useApplicationForm();
  const errorOf = useFieldError();
  const error = errorOf(name);
  const value = form.getValue(name);
  return (
    <Radio.Group
      name={name}
      label={label}
      withAsterisk={required}
      value={typeof value === 'string' ? value : ''}
      // `as never`: a yes/no path holds '' | 'yes' | 'no' (a custom field's any string)
      onChange={(answer) => form.setValue(name, answer as never)}
      error={error}
    >
      <Group gap="lg" mt={4}>
        <Radio value="yes" label={t('applicationForm.yes')} aria-invalid={error ? true : undefined} />
        <Radio value="no" label={t('applicationForm.no')} />
      </Group>
    </Radio.Group>
  );
}
