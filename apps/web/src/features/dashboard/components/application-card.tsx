import { Anchor, Badge, Button, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import {
  applicationAction,
  applicationRecordProgress,
  applicationResumeUrl,
  applicationStatusKey,
  applicationStatusText,
  applicationStatusTone,
} from '@portal/domain/applications';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import type { LeaseApplication } from '../../../api/types';
import { lazyModal } from '../../../components/lazy-modal';
import { useTranslation } from '../../../lib/i18n';
import { countryName, useLang } from '../lib/locale';

// Loads on the first open (bundle budget).
/** Badge colours by status tone (light variant: AA contrast in the theme). */
const STATUS_COLORS = { open: 'blue', positive: 'teal', negative: 'red' } as const;

const ApplicationViewModal = lazyModal(() => import('./application-view-modal').then((m) => m.ApplicationViewModal));

/** spec 1 §2: application card — status, property and address, progress, Resume or View. */
export function ApplicationCard({ application }: { application: LeaseApplication }) {
  const { t } = useTranslation();
  const lang = useLang();
  const headingId = useId();
  const [viewOpen, setViewOpen] = useState(false);
  const property = application.joins.property;
  const statusKey = applicationStatusKey(application.status);
  const status = statusKey ? t(statusKey) : applicationStatusText(application.status);
  const progress = applicationRecordProgress(application);
  const action = applicationAction(application.status);
  const propertyName = property?.propertyName ?? t('dashboard.applications.noProperty');

  return (
    <Card withBorder padding="lg" radius="md" component="article" aria-labelledby={headingId} data-testid="application-card">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('dashboard.applications.cardLabel')}
            </Text>
            <Title order={3} size="h4" id={headingId}>
              {propertyName}
            </Title>
          </div>
          <Badge
            variant="light"
            color={STATUS_COLORS[applicationStatusTone(application.status)]}
            style={{ flexShrink: 0 }}
            data-testid="application-status"
          >
            {status}
          </Badge>
        </Group>
        {property && (
          <Text component="address" fs="normal" size="sm" c="dimmed">
            {property.street1}
            <br />
            {[property.city, property.province].filter(Boolean).join(', ')}
            <br />
            {[countryName(property.country, lang), property.postalCode].filter(Boolean).join(' ')}
          </Text>
        )}
        <div>
          <Group justify="space-between" mb={4}>
            <Text size="sm">{t('dashboard.applications.progress')}</Text>
            <Text size="sm" fw={600}>
              {t('dashboard.applications.percent', { percent: progress })}
            </Text>
          </Group>
          <Progress value={progress} aria-label={t('dashboard.applications.progressOf', { property: propertyName })} />
        </div>
        <Group justify="flex-end">
          {action === 'resume' ? (
            application.pageName && (
              <Anchor component={Link} to={applicationResumeUrl(application.pageName, application.id)} fw={600}>
                {t('dashboard.applications.resume')}
              </Anchor>
            )
          ) : (
            <Button variant="light" onClick={() => setViewOpen(true)}>
              {t('dashboard.applications.view')}
            </Button>
          )}
        </Group>
      </Stack>
      {action === 'view' && (
        <ApplicationViewModal application={application} status={status} opened={viewOpen} onClose={() => setViewOpen(false)} />
      )}
    </Card>
  );
}
