import { Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import { LanguageSelect } from '../../../components/language-select';
import { toLang, useTranslation } from '../../../lib/i18n';

/**
 * The frame of the signed-out screens: product name, a card, and the language toggle (no customer to save to).
 * `headingRef`: the page moves focus to its heading when its content changes in place (issue 25: a link's outcome).
 */
export function AuthCard({
  heading,
  children,
  headingRef,
}: {
  heading: string;
  children: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Stack w="100%" maw={420} gap="md" component="main">
        <Stack gap={2} align="center">
          <Text fw={800} fz={28} c="blue.7" component="p" m={0}>
            {t('common.productName')}
          </Text>
          <Text size="sm" c="dimmed">
            {t('auth.tagline')}
          </Text>
        </Stack>
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
          <Stack gap="md">
            <Title order={1} fz="h2" ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
              {heading}
            </Title>
            {children}
          </Stack>
        </Paper>
        <Group justify="center">
          <LanguageSelect value={toLang(i18n.language)} onChange={(lang) => void i18n.changeLanguage(lang)} size="xs" />
        </Group>
      </Stack>
    </Center>
  );
}
