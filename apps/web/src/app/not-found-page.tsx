import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1}>404</Title>
        <Text>{t('common.notFound')}</Text>
        <Anchor component={Link} to="/">
          {t('common.goHome')}
        </Anchor>
      </Stack>
    </Center>
  );
}
