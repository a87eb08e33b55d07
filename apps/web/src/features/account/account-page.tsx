// spec 1 §2: the account page (/customer/account): profile card, security card, documents card.
import { Stack } from '@mantine/core';
import { showSecurityCard } from '@portal/domain/session';
import { account } from '@portal/i18n/locales/en.json?lazy';
import { useCustomer } from '../../api/customer/get-customer';
import { PageContainer } from '../../components/page-container';
import { ErrorState, LoadingState } from '../../components/query-state';
import { addEnglish, useTranslation } from '../../lib/i18n';
import { useSessionUser } from '../../lib/use-session-user';
import { usePayByTextInfo } from './api/get-pay-by-text-info';
import { DocumentsCard } from './components/documents-card';
import { ProfileCard } from './components/profile-card';
import { SecurityCard } from './components/security-card';

addEnglish({ account });

export function AccountPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const customer = useCustomer(user?.id);
  const payByText = usePayByTextInfo(user?.id);
  // spec 1 §2: no security card for a Google account or when the record says its security settings are not visible
  // (no password of its own, or an admin acting as the tenant); shown once the record says so, never flashed
  const showSecurity =
    !!user &&
    customer.isSuccess &&
    showSecurityCard({
      accountType: customer.data.accountType ?? user.accountType,
      securitySettingsVisible: customer.data.securitySettingsVisible,
    });

  return (
    <PageContainer title={t('account.title')} size="md">
      <Stack gap="lg">
        {customer.isPending || payByText.isPending ? (
          <LoadingState />
        ) : customer.isError ? (
          <ErrorState error={customer.error} title={t('account.loadError')} onRetry={() => customer.refetch()} />
        ) : (
          // pay-by-text unknown (its call failed) counts as off here; the server applies the rule on save anyway
          <ProfileCard customer={customer.data} payByTextEnabled={payByText.data?.serviceEnabled ?? false} />
        )}
        {showSecurity && <SecurityCard userId={user.id} email={customer.data?.email} />}
        <DocumentsCard />
      </Stack>
    </PageContainer>
  );
}
