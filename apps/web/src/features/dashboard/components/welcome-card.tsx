import { Card, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n';

/** spec 1 §2: welcome card with the first name (the concierge has its own card among the services: service-cards.tsx). */
export function WelcomeCard({ firstName }: { firstName: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="dashboard-welcome">
      <Title order={2} size="h3" id="dashboard-welcome">
        {firstName ? t('dashboard.welcome.title', { name: firstName }) : t('dashboard.welcome.titleNoName')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('dashboard.welcome.text')}
      </Text>
    </Card>
  );
}
