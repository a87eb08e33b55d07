// spec 1 §2 Shell: header with the hamburger, side navigation (help, sign-out, language), toasts, the landscape rule,
// the terms modal over everything until accepted, the mimic banner, and broadcast alerts by severity.
import { Group, Text } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useDocumentTitle } from '../../components/use-document-title';
import { BroadcastAlerts } from '../../features/broadcast/components/broadcast-alerts';
import { useTranslation } from '../../lib/i18n';
import { useSessionUser } from '../../lib/use-session-user';
import { ActingAsTenantConfirm } from './acting-as-tenant-confirm';
import { MimicBanner } from './mimic-banner';
import { navItemOf } from './nav-config';
import classes from './shell.module.css';
import { ShellNavbar } from './shell-navbar';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { useCustomerLanguage } from './use-customer-language';
import { useFocusRescue } from './use-focus-rescue';
import { useLandscapePrompt } from './use-landscape-prompt';
import { useIsMimicking, useStopMimic } from './use-mimic';

// The terms text is large: its modal (and the text) load only for a customer who has not accepted yet.
const TermsModal = lazy(() => import('../../features/terms/terms-modal').then((m) => ({ default: m.TermsModal })));
// issue 25: the banner of an unconfirmed e-mail address loads only for a tenant who has one.
const EmailVerifyBanner = lazy(() => import('./email-verify-banner').then((m) => ({ default: m.EmailVerifyBanner })));
const LandscapePrompt = lazy(() => import('./landscape-prompt').then((m) => ({ default: m.LandscapePrompt })));
// The notifications bell (issue 10) loads after the first paint, in a slot of its size (no layout shift).
const NotificationsBell = lazy(() =>
  import('../../features/notifications/components/notifications-bell').then((m) => ({ default: m.NotificationsBell })),
);

const NAVBAR_ID = 'shell-navbar';
const BURGER_ID = 'shell-burger';

/** The frame around the customer area's page (`children`, app/router.tsx). */
export function AppShellLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [pathname] = useLocation();
  // Layout in shell.module.css (plain CSS instead of Mantine's AppShell: issue 2 bundle budget). Below 48em the navbar
  // is collapsed behind the hamburger; collapsed, it is visibility:hidden, so out of the tab order and the a11y tree.
  const [navOpened, setNavOpened] = useState(false);
  const mimicking = useIsMimicking();
  const stopMimic = useStopMimic();
  const customerId = user?.id ?? '';
  const { lang, change, saving, customer } = useCustomerLanguage(customerId);
  const landscape = useLandscapePrompt();
  useFocusRescue(MAIN_CONTENT_ID);
  const page = navItemOf(pathname);
  useDocumentTitle(page ? t(page.labelKey) : null);

  const tenantName = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
  // spec 1 §4: unless acknowledgedTerms is yes the terms modal shows.
  const termsPending = !!customer.data && customer.data.acknowledgedTerms !== true;
  const closeNav = () => setNavOpened(false);
  // issue 25: a tenant's own unconfirmed address (never while an admin or manager views the portal as the tenant)
  const unverifiedEmail =
    !mimicking && user?.type === 'TYPE_CUSTOMER' && customer.data?.emailVerified === false ? customer.data.email : null;

  return (
    <div className={classes.shell} data-mimic={mimicking || undefined}>
      <SkipLink />
      <header className={classes.header}>
        {mimicking && <MimicBanner name={tenantName} onStop={() => stopMimic.mutate()} stopping={stopMimic.isPending} />}
        {mimicking && <ActingAsTenantConfirm name={tenantName} />}
        <Group className={classes.headerBar} px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <button
              type="button"
              id={BURGER_ID}
              className={classes.burger}
              data-opened={navOpened || undefined}
              onClick={() => setNavOpened((o) => !o)}
              // Escape on the hamburger closes the menu it opened, as inside the menu (WAI-ARIA disclosure pattern).
              onKeyDown={(e) => {
                if (e.key === 'Escape' && navOpened) closeNav();
              }}
              aria-label={navOpened ? t('shell.closeMenu') : t('shell.openMenu')}
              aria-expanded={navOpened}
              aria-controls={NAVBAR_ID}
            >
              <span aria-hidden="true" />
            </button>
            <Link to="/customer/dashboard" className={classes.productName}>
              {t('common.productName')}
            </Link>
          </Group>
          {user && (
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Text size="sm" c="dimmed" visibleFrom="xs" truncate="end">
                {tenantName}
              </Text>
              {user.type === 'TYPE_CUSTOMER' && (
                <span className={classes.bellSlot}>
                  <Suspense fallback={null}>
                    <NotificationsBell />
                  </Suspense>
                </span>
              )}
            </Group>
          )}
        </Group>
      </header>
      <ShellNavbar
        id={NAVBAR_ID}
        opened={navOpened}
        isCustomer={user?.type === 'TYPE_CUSTOMER' && !!customerId}
        mimicking={mimicking}
        lang={lang}
        onLanguageChange={change}
        languageSaving={saving}
        onNavigate={closeNav}
        onEscape={() => {
          closeNav();
          document.getElementById(BURGER_ID)?.focus();
        }}
      />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        {unverifiedEmail && (
          <Suspense fallback={null}>
            <EmailVerifyBanner customerId={customerId} email={unverifiedEmail} />
          </Suspense>
        )}
        <BroadcastAlerts />
        {children}
      </main>
      {termsPending ? (
        <Suspense fallback={null}>
          <TermsModal
            customerId={customerId}
            mimicking={mimicking}
            tenantName={tenantName}
            onStopMimic={() => stopMimic.mutate()}
            stoppingMimic={stopMimic.isPending}
            lang={lang}
            onLanguageChange={change}
            languageSaving={saving}
          />
        </Suspense>
      ) : (
        landscape.opened && (
          <Suspense fallback={null}>
            <LandscapePrompt onDismiss={landscape.dismiss} />
          </Suspense>
        )
      )}
    </div>
  );
}
