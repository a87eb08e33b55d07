import { Stack, Title, VisuallyHidden } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useLeases } from '../../api/leases/search-leases';
import { useTranslation } from '../../lib/i18n';
import { useSessionUser } from '../../lib/use-session-user';
import { ApplicationCards } from './components/application-cards';
import { LeaseCards } from './components/lease-cards';
import { PaymentsCard } from './components/payments-card';
import { ServiceCards } from './components/service-cards';
import { WelcomeCard } from './components/welcome-card';
import classes from './dashboard.module.css';
import { useDashboardQuery } from './lib/dashboard-query';

// issue 11: the sign-up popups of the session's origin; their chunk loads only when the session has an originType.
const OriginPopups = lazy(() => import('../signup').then((m) => m.loadOriginPopups()));

/** spec 1 §2 Dashboard (/customer/dashboard), read side: welcome, leases, payments, applications. One query per card. */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const leasesQuery = useLeases();
  const { companyId, creditReporting } = useDashboardQuery();

  return (
    <Stack gap="lg" p={{ base: 'sm', sm: 'md' }} maw={1400} mx="auto" w="100%">
      <VisuallyHidden>
        <Title order={1}>{t('dashboard.title')}</Title>
      </VisuallyHidden>
      <WelcomeCard firstName={user?.firstName ?? ''} />
      <LeaseCards query={leasesQuery} companyId={companyId} />
      <div className={classes.columns}>
        <div>
          <PaymentsCard leasesQuery={leasesQuery} />
        </div>
        <div>
          <ApplicationCards />
        </div>
      </div>
      {/* Issue 22: the add-on services after the tenant's own leases, payments and applications: their cards load
          their policies and subscriptions after the page, and growing last they never push what the tenant reads. */}
      <ServiceCards leasesQuery={leasesQuery} creditReportingSignup={creditReporting} />
      {user?.originType && user.signupPage && (
        <Suspense fallback={null}>
          <OriginPopups />
        </Suspense>
      )}
    </Stack>
  );
}
