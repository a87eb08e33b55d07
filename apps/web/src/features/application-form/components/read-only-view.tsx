// A submitted application (any status but NOT_STARTED / IN_PROGRESS) opens read-only: its status, what was sent, and
// the way to the applications page. Right after Submit it also says the screening is under way.
import { Alert, Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { applicationStatusKey, applicationStatusText } from '@portal/domain/applications';
import { Link } from 'wouter';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import type { ApplicationPage, LeaseApplication } from '../api/types';
import { formValuesFromApplication } from '../forms/draft-values';
import { ReviewSummary } from './review-summary';

export function ReadOnlyView({
  page,
  application,
  justSubmitted,
}: {
  page: ApplicationPage;
  application: LeaseApplication;
  justSubmitted: boolean;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const statusKey = applicationStatusKey(application.status);
  const status = statusKey ? t(statusKey) : applicationStatusText(application.status);
  return (
    <Stack gap="lg">
      {justSubmitted ? (
        <Alert
          color="green"
          variant="light"
          role="status"
          title={t('applicationForm.submitted.title')}
          data-testid="application-submitted"
        >
          <Stack gap="xs">
            <Text size="sm">{t('applicationForm.submitted.body')}</Text>
            <Group gap="md">
              <Anchor component={Link} to="/customer/application" c="dark.7" underline="always">
                {t('applicationForm.toApplications')}
              </Anchor>
              <Anchor component={Link} to="/customer/dashboard" c="dark.7" underline="always">
                {t('applicationForm.toDashboard')}
              </Anchor>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Alert color="blue" variant="light" role="status" title={t('applicationForm.readOnly.title')}>
          <Stack gap="xs">
            <Text size="sm">{t('applicationForm.readOnly.body')}</Text>
            <Anchor component={Link} to="/customer/application" c="dark.7" underline="always">
              {t('applicationForm.toApplications')}
            </Anchor>
          </Stack>
        </Alert>
      )}
      <Group gap="sm">
        <Text fw={600}>{t('applicationForm.readOnly.status')}</Text>
        <Badge variant="light" color={application.status === 'DECLINED' ? 'red' : 'blue'} data-testid="application-status">
          {status}
        </Badge>
        {application.submittedAt && (
          <Text size="sm" c="dimmed">
            {t('applicationForm.readOnly.submittedAt', { date: formatDate(application.submittedAt, lang) })}
          </Text>
        )}
      </Group>
      <Title order={2} size="h3">
        {t('applicationForm.readOnly.answers')}
      </Title>
      <ReviewSummary
        page={page}
        values={formValuesFromApplication(application, page)}
        property={application.joins?.property ?? null}
      />
    </Stack>
  );
}
