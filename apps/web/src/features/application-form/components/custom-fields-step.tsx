// The page's own questions: labels in the user's language, inputs by type (text, number, yes/no, date yyyy-mm-dd).
import { Stack, TextInput } from '@mantine/core';
import type { ApplicationCustomField } from '@portal/domain/application-form';
import { DateField } from '../../../components/date-field';
import { useLang } from '../../../lib/locale';
import { type FormPath, useFieldProps } from './field-helpers';
import { YesNoField } from './yes-no-field';

/** The field's label in the UI language (the other one when that is blank). */
export function customFieldLabel(field: Pick<ApplicationCustomField, 'label'>, lang: 'en' | 'fr'): string {
  return field.label[lang] || field.label.en || field.label.fr;
}

export function CustomFieldsStep({ fields }: { fields: readonly ApplicationCustomField[] }) {
  const lang = useLang();
  const f = useFieldProps();
  return (
    <Stack gap="md">
      {fields.map((field) => {
        const name = `customFields.${field.id}` as FormPath;
        const label = customFieldLabel(field, lang);
        switch (field.type) {
          case 'YES_NO':
            return <YesNoField key={field.id} name={name} label={label} required={field.required} />;
          case 'NUMBER':
            return <TextInput key={field.id} label={label} withAsterisk={field.required} {...f.text(name)} inputMode="numeric" />;
          case 'DATE':
            return (
              // spec 2 §4/§5: typed yyyy-mm-dd, spelled back DD-MMM-YYYY in the portal's language
              <DateField key={field.id} title={label} required={field.required} {...f.date(name)} />
            );
          default:
            return (
              <TextInput
                key={field.id}
                label={label}
                withAsterisk={field.required}
                maxLength={field.maxLength ?? 255}
                {...f.text(name)}
              />
            );
        }
      })}
    </Stack>
  );
}
