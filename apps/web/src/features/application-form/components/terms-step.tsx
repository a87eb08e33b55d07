// Terms: the review of every section, then the acknowledgement (spec 2 §4: acknowledged terms is a completed section).
import { Checkbox, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';
import type { ApplicationPage, PageProperty } from '../api/types';
import { useApplicationForm, useFieldProps } from './field-helpers';
import { ReviewSummary } from './review-summary';

export function TermsStep({ page, property }: { page: ApplicationPage; property: PageProperty | null }) {
  const { t } = useTranslation();
  const { values } = useApplicationForm();
  const f = useFieldProps();
  return (
    <Stack gap="lg">
      <Text size="sm">{t('applicationForm.terms.reviewIntro')}</Text>
      <ReviewSummary page={page} values={values} property={property} />
      <Text size="sm">{t('applicationForm.terms.text', { company: page.companyName })}</Text>
      <Checkbox label={t('applicationForm.terms.acknowledge')} {...f.check('acknowledgedTerms')} />
    </Stack>
  );
}
