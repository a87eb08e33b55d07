// Terms: the review of every section, then the acknowledgement (spec 2 §4: acknowledged terms is a completed section).
import { Checkbox, Stack, Text } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import type { ApplicationPage, PageProperty } from '../api/types';
import type { ApplicationFormValues } from '../forms/draft-values';
import { useFieldError } from './field-helpers';
import { ReviewSummary } from './review-summary';

export function TermsStep({ page, property }: { page: ApplicationPage; property: PageProperty | null }) {
  const { t } = useTranslation();
  const { register, watch } = useFormContext<ApplicationFormValues>();
  const errorOf = useFieldError();
  const values = watch();
  return (
    <Stack gap="lg">
      <Text size="sm">{t('applicationForm.terms.reviewIntro')}</Text>
      <ReviewSummary page={page} values={values} property={property} />
      <Text size="sm">{t('applicationForm.terms.text', { company: page.companyName })}</Text>
      <Checkbox
        label={t('applicationForm.terms.acknowledge')}
        error={errorOf('acknowledgedTerms')}
        aria-invalid={errorOf('acknowledgedTerms') ? true : undefined}
        {...register('acknowledgedTerms')}
      />
    </Stack>
  );
}
