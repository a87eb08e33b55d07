// spec 1 §2 Shell: header with the hamburger, side navigation (help, sign-out, language), toasts, the landscape rule,
// the terms modal over everything until accepted, the mimic banner, and broadcast alerts by severity.
import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title';
import { BroadcastAlerts } from '../../features/broadcast/components/broadcast-alerts';
import { useSessionUser } from '../require-auth';
import { MIMIC_BANNER_HEIGHT, MimicBanner } from './mimic-banner';
import { navItemOf } from './nav-config';
import classes from './shell.module.css';
import { ShellNavbar } from './shell-navbar';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { useCustomerLanguage } from './use-customer-language';
import { useLandscapePrompt } from './use-landscape-prompt';
import { useIsMimicking, useStopMimic } from './use-mimic';

// The terms text is large: its modal (and the text) load only for a customer who has not accepted yet.
const TermsModal = lazy(() => import('../../features/terms/terms-modal').then((m) => ({ default: m.TermsModal })));
const LandscapePrompt = lazy(() => import('./landscape-prompt').then((m) => ({ default: m.LandscapePrompt })));

const HEADER_HEIGHT = 60;
const NAVBAR_ID = 'shell-navbar';

export function AppShellLayout() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const { pathname } = useLocation();
  const [navOpened, nav] = useDisclosure(false);
  // Below the sm breakpoint a collapsed navbar is only slid off-screen: hide it from keyboard and screen readers too.
  const isSmall = useMediaQuery('(max-width: 47.99em)');
  const mimicking = useIsMimicking();
  const stopMimic = useStopMimic();
  const customerId = user?.id ?? '';
  const { lang, change, saving, customer } = useCustomerLanguage(customerId, { mimicking });
  const landscape = useLandscapePrompt();
  const page = navItemOf(pathname);
  useDocumentTitle(page ? t(page.labelKey) : null);

  const tenantName = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  // spec 1 §4: unless acknowledgedTerms is yes the terms modal shows.
  const termsPending = !!customer.data && customer.data.acknowledgedTerms !== true;
  const headerHeight = mimicking
    ? { base: HEADER_HEIGHT + MIMIC_BANNER_HEIGHT.base, sm: HEADER_HEIGHT + MIMIC_BANNER_HEIGHT.sm }
    : HEADER_HEIGHT;

  return (
    <AppShell
      header={{ height: headerHeight }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={{ base: 'sm', sm: 'md' }}
    >
      <SkipLink />
      <AppShell.Header>
        {mimicking && <MimicBanner name={tenantName} onStop={() => stopMimic.mutate()} stopping={stopMimic.isPending} />}
        <Group h={HEADER_HEIGHT} px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={nav.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={navOpened ? t('shell.closeMenu') : t('shell.openMenu')}
              aria-expanded={navOpened}
              aria-controls={NAVBAR_ID}
            />
            <Link to="/customer/dashboard" className={classes.productName}>
              {t('common.productName')}
            </Link>
          </Group>
          {user && (
            <Text size="sm" c="dimmed" visibleFrom="xs" truncate="end">
              {tenantName}
            </Text>
          )}
        </Group>
      </AppShell.Header>
      <ShellNavbar
        id={NAVBAR_ID}
        navContext={{ hasApplications: false }}
        mimicking={mimicking}
        lang={lang}
        onLanguageChange={change}
        languageSaving={saving}
        onNavigate={nav.close}
        hidden={!!isSmall && !navOpened}
      />
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <BroadcastAlerts />
        <Outlet />
      </AppShell.Main>
      {termsPending ? (
        <Suspense fallback={null}>
          <TermsModal
            customerId={customerId}
            mimicking={mimicking}
            tenantName={tenantName}
            onStopMimic={() => stopMimic.mutate()}
            stoppingMimic={stopMimic.isPending}
          />
        </Suspense>
      ) : (
        landscape.opened && (
          <Suspense fallback={null}>
            <LandscapePrompt onDismiss={landscape.dismiss} />
          </Suspense>
        )
      )}
    </AppShell>
  );
}
