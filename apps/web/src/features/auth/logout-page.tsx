// spec 1 §2: /logout leaves the app (also the target of expired-token handling, spec 1 §8). The server ends the
// session too (POST /logout), so the token stops working everywhere, not only in this browser.
import { Anchor, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'wouter';
import { useDocumentTitle } from '../../components/use-document-title';
import { signOutOnServer } from '../../lib/api-client';
import { useTranslation } from '../../lib/i18n';
import { clearSession, getToken } from '../../lib/session';
import { AuthCard } from './components/auth-card';

export function LogoutPage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  useDocumentTitle(t('auth.logout.title'));
  useEffect(() => {
    // The token is taken, then the signed-in state cleared at once: the page never shows a session the server ended.
    const token = getToken();
    clearSession();
    qc.clear();
    if (token) void signOutOnServer(token);
  }, [qc]);
  return (
    <AuthCard heading={t('auth.logout.title')}>
      <Text>{t('auth.logout.text')}</Text>
      <Anchor component={Link} to="/signin" fw={600}>
        {t('auth.logout.signInAgain')}
      </Anchor>
    </AuthCard>
  );
}
