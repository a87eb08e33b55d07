// Any address the routes do not know. Landmarks (a banner with the product name, a main with the heading) and a way
// back that fits who is asking: the dashboard for a customer, the tenants for an administrator, else sign-in.
// The language is the user's on a full load too: a signed-in customer's saved one (spec 1 §4), which the page waits
// for instead of flashing another; otherwise the one last shown on this device, else the browser's (lib/i18n.ts).
import { Anchor, Button, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { useCustomer } from '../api/customer/get-customer';
import { useDocumentTitle } from '../components/use-document-title';
import appI18n, { toLang, useTranslation } from '../lib/i18n';
import { useSessionUser } from '../lib/use-session-user';

export function NotFoundPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const isCustomer = user?.type === 'TYPE_CUSTOMER';
  const customer = useCustomer(isCustomer ? user.id : undefined);
  const savedCode = customer.data?.languageCode;
  const lang = savedCode === undefined ? null : toLang(savedCode);
  useEffect(() => {
    if (lang && appI18n.language !== lang) void appI18n.changeLanguage(lang);
  }, [lang]);
  useDocumentTitle(t('common.notFoundTitle'));

  // Until the customer's saved language is known (or failed to load), nothing shows rather than the wrong language.
  if (isCustomer && (customer.isPending || (lang && appI18n.language !== lang))) return null;

  const back = isCustomer
    ? { to: '/customer/dashboard', label: t('common.backToDashboard') }
    : user
      ? { to: '/admin/tenants', label: t('common.backToTenants') }
      : { to: '/signin', label: t('common.goToSignIn') };
  return (
    <Stack mih="100dvh" gap={0} bg="gray.0">
      <Group component="header" h={60} px="md" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Anchor component={Link} to={back.to} fw={700} fz="lg" underline="never">
          {t('common.productName')}
        </Anchor>
      </Group>
      <Center component="main" flex={1} p="md">
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md" w="100%" maw={420}>
          <Stack gap="md" align="flex-start">
            <Text fw={700} c="dimmed" aria-hidden="true">
              404
            </Text>
            <Title order={1} fz="h2">
              {t('common.notFoundTitle')}
            </Title>
            <Text>{t('common.notFound')}</Text>
            <Button component={Link} to={back.to}>
              {back.label}
            </Button>
          </Stack>
        </Paper>
      </Center>
    </Stack>
  );
}
