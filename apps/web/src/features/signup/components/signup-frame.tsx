import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';

/** The frame of the public sign-up page (the signed-out screens' look): product name, a card, one main landmark. */
export function SignupFrame({ heading, subheading, children }: { heading: string; subheading?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Center mih="100dvh" p={{ base: 'xs', sm: 'md' }} bg="gray.0">
      <Stack w="100%" maw={480} gap="md" component="main">
        <Text fw={800} fz={28} c="blue.7" component="p" m={0} ta="center">
          {t('common.productName')}
        </Text>
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
          <Stack gap="md">
            <div>
              <Title order={1} fz="h2">
                {heading}
              </Title>
              {subheading && (
                <Text c="dimmed" size="sm" mt={4}>
                  {subheading}
                </Text>
              )}
            </div>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Center>
  );
}
