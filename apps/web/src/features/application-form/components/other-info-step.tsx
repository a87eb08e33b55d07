// Section 7, other information: marital status and the yes/no questions the page asks (spec 2 §3).
import { NativeSelect, Stack } from '@mantine/core';
import { type ApplicationPageLike, isFieldAsked, MARITAL_STATUSES } from '@portal/domain/application-form';
import { useTranslation } from '../../../lib/i18n';
import { useFieldProps } from './field-helpers';
import { YesNoField } from './yes-no-field';

export function OtherInfoStep({ page }: { page: ApplicationPageLike }) {
  const { t } = useTranslation();
  const f = useFieldProps();
  const asked = (field: string) => isFieldAsked(page, '7', field);
  return (
    <Stack gap="md">
      {asked('maritalStatus') && (
        <NativeSelect label={t('applicationForm.otherInfo.maritalStatus')} withAsterisk {...f.select('otherInfo.maritalStatus')}>
          <option value="">{t('applicationForm.choose')}</option>
          {MARITAL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`applicationForm.maritalStatus.${s}`)}
            </option>
          ))}
        </NativeSelect>
      )}
      {asked('pets') && <YesNoField name="otherInfo.pets" label={t('applicationForm.otherInfo.pets')} required />}
      {asked('smoking') && <YesNoField name="otherInfo.smoking" label={t('applicationForm.otherInfo.smoking')} required />}
      {asked('bankruptcy') && (
        <YesNoField name="otherInfo.bankruptcy" label={t('applicationForm.otherInfo.bankruptcy')} required />
      )}
    </Stack>
  );
}
