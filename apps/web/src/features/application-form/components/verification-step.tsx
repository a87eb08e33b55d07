// Identity and income verification consent (when the page enables both): what is checked, then the consent box.
import { Checkbox, List, Stack, Text } from '@mantine/core';
import type { ApplicationPageLike } from '@portal/domain/application-form';
import { useTranslation } from '../../../lib/i18n';
import { useFieldProps } from './field-helpers';

export function VerificationStep({ page }: { page: ApplicationPageLike }) {
  const { t } = useTranslation();
  const f = useFieldProps();
  return (
    <Stack gap="md">
      <Text size="sm">{t('applicationForm.verification.intro')}</Text>
      <List size="sm" spacing={4}>
        <List.Item>{t('applicationForm.verification.identity')}</List.Item>
        <List.Item>{t('applicationForm.verification.income')}</List.Item>
        {page.creditReportEnabled && <List.Item>{t('applicationForm.verification.credit')}</List.Item>}
        {page.backgroundCheckEnabled && <List.Item>{t('applicationForm.verification.background')}</List.Item>}
      </List>
      <Checkbox label={t('applicationForm.verification.consent')} {...f.check('verificationConsent')} />
    </Stack>
  );
}
