// Section 6, personal references: up to 3 (at least one), with the fields the page asks (spec 2 §3).
import { SimpleGrid, TextInput } from '@mantine/core';
import {
  APPLICATION_OPTIONAL_FIELDS,
  type ApplicationPageLike,
  isFieldAsked,
  MAX_REFERENCES,
} from '@portal/domain/application-form';
import { useTranslation } from '../../../lib/i18n';
import { emptyReference } from '../forms/draft-values';
import { useApplicationForm, useFieldProps } from './field-helpers';
import { RepeatList } from './repeat-list';

const required = (field: string) => !(APPLICATION_OPTIONAL_FIELDS['6'] as readonly string[]).includes(field);

function ReferenceEntry({ index, page }: { index: number; page: ApplicationPageLike }) {
  const { t } = useTranslation();
  const f = useFieldProps();
  const asked = (field: string) => isFieldAsked(page, '6', field);
  const label = (field: string) => t(`applicationForm.reference.${field}`);
  const p = `referenceList.${index}` as const;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      {asked('name') && <TextInput label={label('name')} withAsterisk={required('name')} {...f.text(`${p}.name`)} />}
      {asked('relationship') && (
        <TextInput label={label('relationship')} withAsterisk={required('relationship')} {...f.text(`${p}.relationship`)} />
      )}
      {asked('phone') && <TextInput label={label('phone')} withAsterisk={required('phone')} {...f.phone(`${p}.phone`)} />}
      {asked('email') && <TextInput label={label('email')} type="email" {...f.text(`${p}.email`)} />}
    </SimpleGrid>
  );
}

export function ReferencesStep({ page }: { page: ApplicationPageLike }) {
  const { t } = useTranslation();
  const { errorOf } = useFieldProps();
  const { keys, append, remove } = useApplicationForm().list('referenceList');
  return (
    <RepeatList
      keys={keys}
      max={MAX_REFERENCES}
      entryTitle={(n) => t('applicationForm.reference.entry', { n })}
      renderEntry={(i) => <ReferenceEntry index={i} page={page} />}
      onAdd={() => append(emptyReference())}
      onRemove={remove}
      addLabel={t('applicationForm.reference.add')}
      emptyText={t('applicationForm.reference.empty')}
      error={errorOf('referenceList')}
    />
  );
}
