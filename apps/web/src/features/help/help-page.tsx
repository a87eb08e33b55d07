// Issue 21 §1: the portal's own help page (the "Help centre" link pointed to a domain that never resolved). Its rules
// are the portal's: the announced fee schedule (spec 1 §9, SEED_FEE_PROFILES), autopay's 2-business-day lock (spec 2
// §9), and what only the property manager can do. A deployment with its own help centre links there instead
// (HELP_CENTRE_URL, served by GET /api/web-config; app/shell/use-help-link.ts).
import { Box, List, Stack, Text, Title } from '@mantine/core';
import { help } from '@portal/i18n/locales/en.json?lazy';
import { Link } from 'wouter';
import { addEnglish, useTranslation } from '../../lib/i18n';

addEnglish({ help });

// Each section's points, in order (the translator answers strings only).
const SECTIONS = {
  pay: ['now', 'methods', 'receipt'],
  fees: ['bankAutopay', 'bank', 'debit', 'credit', 'other', 'shown'],
  autopay: ['setup', 'lock', 'reminder'],
  manager: ['lease', 'concierge', 'blocked'],
} as const;

export function HelpPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} size="h2">
        {t('help.title')}
      </Title>
      <Text>{t('help.intro')}</Text>
      {(Object.keys(SECTIONS) as (keyof typeof SECTIONS)[]).map((section) => (
        <section key={section} aria-labelledby={`help-${section}`}>
          <Title order={2} size="h4" id={`help-${section}`} mb="xs">
            {t(`help.${section}.title`)}
          </Title>
          <Text mb="xs">{t(`help.${section}.text`)}</Text>
          <List spacing={4}>
            {SECTIONS[section].map((point) => (
              <List.Item key={point}>{t(`help.${section}.${point}`)}</List.Item>
            ))}
          </List>
        </section>
      ))}
      <Text>
        <Link to="/customer/payment">{t('help.toPayment')}</Link>
      </Text>
    </Stack>
  );
}

/** /help outside the shell (a visitor not signed in, the sign-up screens): the page in a <main> of its own. */
export function PublicHelpPage() {
  const { t } = useTranslation();
  return (
    <Box component="main" p="md" mx="auto" maw={760}>
      <HelpPage />
      <Text mt="lg">
        <Link to="/signin">{t('help.toSignIn')}</Link>
      </Text>
    </Box>
  );
}
