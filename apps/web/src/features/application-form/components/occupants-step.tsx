// Other occupants (always asked; none is a valid answer): up to 6, each with names, age, relationship, employment, phone.
import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { EMPLOYMENT_STATUSES, MAX_OCCUPANTS } from '@portal/domain/application-form';
import { useTranslation } from '../../../lib/i18n';
import { emptyOccupant } from '../forms/draft-values';
import { useApplicationForm, useFieldProps } from './field-helpers';
import { RepeatList } from './repeat-list';

function OccupantEntry({ index }: { index: number }) {
  const { t } = useTranslation();
  const f = useFieldProps();
  const p = `otherOccupants.${index}` as const;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput label={t('applicationForm.occupant.names')} withAsterisk {...f.text(`${p}.names`)} />
      <TextInput label={t('applicationForm.occupant.age')} maxLength={3} {...f.number(`${p}.age`)} />
      <TextInput label={t('applicationForm.occupant.relationship')} {...f.text(`${p}.relationship`)} />
      <NativeSelect label={t('applicationForm.occupant.employment')} {...f.select(`${p}.employment`)}>
        <option value="">{t('applicationForm.choose')}</option>
        {EMPLOYMENT_STATUSES.map((s) => (
          <option key={s} value={s}>
            {t(`applicationForm.employmentStatus.${s}`)}
          </option>
        ))}
      </NativeSelect>
      <TextInput label={t('applicationForm.occupant.phone')} {...f.phone(`${p}.phone`)} />
    </SimpleGrid>
  );
}

export function OccupantsStep() {
  const { t } = useTranslation();
  const { keys, append, remove } = useApplicationForm().list('otherOccupants');
  return (
    <RepeatList
      keys={keys}
      max={MAX_OCCUPANTS}
      entryTitle={(n) => t('applicationForm.occupant.entry', { n })}
      renderEntry={(i) => <OccupantEntry index={i} />}
      onAdd={() => append(emptyOccupant())}
      onRemove={remove}
      addLabel={t('applicationForm.occupant.add')}
      emptyText={t('applicationForm.occupant.empty')}
    />
  );
}
