// Routes of spec 1 §2 (history mode, base /); every screen is a lazy chunk (split by route).
// Declarative routes on wouter (a Switch, first match wins, so the order below is the ranking: static paths before
// `:params`, the not-found page last; issue 21 §3) with a lazy screen per route; the location, transitions, focus and
// scroll come from lib/navigation.tsx. What a data router's errorElement and route `lazy` would do is done here by
// RouteErrorBoundary and lazyRoute (with the spec's 120 s chunk timeout), and main.tsx waits for the first address's
// screens before the first render.
import { type ReactNode, Suspense, useEffect } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { setSessionEndedHandler } from '../lib/api-client';
import { useNavigate } from '../lib/navigation';
import { type LazyRoute, lazyRoute } from './lazy-route';
import { HomeRedirect, RequireAuth } from './require-auth';
import { RouteErrorBoundary } from './route-error';

const SignInPage = lazyRoute(() => import('../features/auth/sign-in-page'), 'SignInPage');
const LogoutPage = lazyRoute(() => import('../features/auth/logout-page'), 'LogoutPage');
// issue 25: the public pages of account recovery and of the e-mail verification link
const ForgotPasswordPage = lazyRoute(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyRoute(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage');
const VerifyEmailPage = lazyRoute(() => import('../features/auth/verify-email-page'), 'VerifyEmailPage');
const AppShellLayout = lazyRoute(() => import('./shell/app-shell'), 'AppShellLayout');
const DashboardPage = lazyRoute(() => import('../features/dashboard/dashboard-page'), 'DashboardPage');
const AccountPage = lazyRoute(() => import('../features/account/account-page'), 'AccountPage');
const PaymentPage = lazyRoute(() => import('../features/payments/payment-page'), 'PaymentPage');
const ApplicationPage = lazyRoute(() => import('../features/applications/application-page'), 'ApplicationPage');
const ApplicationFormPage = lazyRoute(() => import('../features/application-form/application-form-page'), 'ApplicationFormPage');
const HelpPage = lazyRoute(() => import('../features/help/help-page'), 'HelpPage');
const PublicHelpPage = lazyRoute(() => import('../features/help/help-page'), 'PublicHelpPage');
const SignupPage = lazyRoute(() => import('../features/signup/signup-page'), 'SignupPage');
const AdminApplicationsPage = lazyRoute(() => import('../features/admin/admin-applications-page'), 'AdminApplicationsPage');
const AdminInsurancePage = lazyRoute(() => import('../features/admin/admin-insurance-page'), 'AdminInsurancePage');
const AdminTenantsPage = lazyRoute(() => import('../features/admin/admin-tenants-page'), 'AdminTenantsPage');
const AdminTenantPage = lazyRoute(() => import('../features/admin/admin-tenant-page'), 'AdminTenantPage');
const AdminCreditReportsPage = lazyRoute(() => import('../features/admin/admin-credit-reports-page'), 'AdminCreditReportsPage');
const AdminTrackingPage = lazyRoute(() => import('../features/admin/admin-tracking-page'), 'AdminTrackingPage');
// issue 23: a new lease (console) and the tenant's invitation link (public)
const LeaseNewPage = lazyRoute(() => import('../features/console/leases/lease-new-page'), 'LeaseNewPage');
const InvitePage = lazyRoute(() => import('../features/invite/invite-page'), 'InvitePage');
// issue 23: the company's settings and properties (console)
const CompanySettingsPage = lazyRoute(() => import('../features/console/company/company-settings-page'), 'CompanySettingsPage');
const PropertiesPage = lazyRoute(() => import('../features/console/properties/properties-page'), 'PropertiesPage');
const PropertyPage = lazyRoute(() => import('../features/console/properties/property-page'), 'PropertyPage');
// issue 23: the console's ledger (managers and the admin), its own lazy chunk
const LedgerPage = lazyRoute(() => import('../features/console/ledger/ledger-page'), 'LedgerPage');
// issue 24: a company's API keys (managers and the admin), its own lazy chunk
const ApiKeysPage = lazyRoute(() => import('../features/console/api-keys/api-keys-page'), 'ApiKeysPage');
// issue 24: the admin's statistics and KPI charts, its own lazy chunk (the charts library loads only there)
const StatsPage = lazyRoute(() => import('../features/console/stats/stats-page'), 'StatsPage');
// issue 25: the demo's sandbox inbox (public page) and the admin's mail outbox (console), each its own lazy chunk
const SandboxMailPage = lazyRoute(() => import('../features/mail/sandbox-mail-page'), 'SandboxMailPage');
const MailOutboxPage = lazyRoute(() => import('../features/mail/mail-outbox-page'), 'MailOutboxPage');
const NotFoundPage = lazyRoute(() => import('./not-found-page'), 'NotFoundPage');

/**
 * The screens an address shows, to load them together (the shell and its page not one after the other). Only a hint:
 * a wrong guess loads a chunk early or not at all, never changes what renders.
 */
function screensFor(pathname: string): LazyRoute[] {
  if (pathname === '/signin') return [SignInPage];
  if (pathname === '/logout') return [LogoutPage];
  if (pathname === '/forgot-password') return [ForgotPasswordPage];
  if (pathname.startsWith('/reset-password/')) return [ResetPasswordPage];
  if (pathname.startsWith('/verify-email/')) return [VerifyEmailPage];
  if (pathname === '/help') return [PublicHelpPage];
  if (pathname.startsWith('/customer/account')) return [AppShellLayout, AccountPage];
  if (pathname.startsWith('/customer/payment')) return [AppShellLayout, PaymentPage];
  if (pathname.startsWith('/customer/application')) return [AppShellLayout, ApplicationPage];
  if (pathname.startsWith('/customer/help')) return [AppShellLayout, HelpPage];
  if (pathname.startsWith('/apply/')) return [AppShellLayout, ApplicationFormPage];
  if (pathname.startsWith('/signup/')) return [SignupPage];
  if (pathname.startsWith('/invite/')) return [InvitePage];
  if (pathname === '/sandbox/mail') return [SandboxMailPage];
  if (pathname.startsWith('/admin/applications')) return [AdminApplicationsPage];
  if (pathname.startsWith('/admin/credit-reports')) return [AdminCreditReportsPage];
  if (pathname.startsWith('/admin/insurance')) return [AdminInsurancePage];
  if (pathname.startsWith('/admin/tracking')) return [AdminTrackingPage];
  if (pathname.startsWith('/admin/company')) return [CompanySettingsPage];
  if (/^\/admin\/properties\/[^/]+/.test(pathname)) return [PropertyPage];
  if (pathname.startsWith('/admin/properties')) return [PropertiesPage];
  if (pathname.startsWith('/admin/ledger')) return [LedgerPage];
  if (pathname.startsWith('/admin/api-keys')) return [ApiKeysPage];
  if (pathname.startsWith('/admin/stats')) return [StatsPage];
  if (pathname.startsWith('/admin/mail')) return [MailOutboxPage];
  if (pathname.startsWith('/customer')) return [AppShellLayout, DashboardPage];
  if (pathname === '/admin/tenants/new') return [LeaseNewPage];
  if (/^\/admin\/tenants\/[^/]+\/edit/.test(pathname)) return [AdminTenantPage];
  if (pathname.startsWith('/admin')) return [AdminTenantsPage];
  return [];
}

/** main.tsx renders once the first address's screens are here (as the data router waited for its lazy routes). */
export function preloadScreens(pathname: string): Promise<unknown> {
  return Promise.all(screensFor(pathname).map((screen) => screen.preload()));
}

/** The customer area's shell; its page's chunk loads alongside the shell's on a navigation too. */
function CustomerShell({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  void preloadScreens(pathname);
  return <AppShellLayout>{children}</AppShellLayout>;
}

/**
 * The customer area's addresses: one route for all of them, so the guard and the shell stay mounted from one page to
 * the next (the shell keeps its state); any other /customer/… address is the not-found page, outside the shell.
 */
const CUSTOMER_AREA = /^\/customer(?:\/(?:dashboard|account|payment|application|help))?\/?$/i;
/** The admin area's addresses, likewise. */
const ADMIN_AREA =
  /^\/admin\/(?:tenants|tenants\/new|tenants\/[^/]+\/edit|applications|credit-reports|insurance|tracking|company|properties|properties\/[^/]+|ledger|api-keys|stats|mail)\/?$/i;

/** spec 1 §8: an expired or invalid token goes to /logout without reloading the page. */
function SessionEndedNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    setSessionEndedHandler(() => {
      void navigate('/logout');
    });
  }, [navigate]);
  return null;
}

export function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <SessionEndedNavigation />
      {/* Navigations are transitions: the current screen stays until the next one's chunk is here. */}
      <Suspense fallback={null}>
        <Switch>
          <Route path="/">
            <HomeRedirect />
          </Route>
          <Route path="/signin">
            <SignInPage />
          </Route>
          <Route path="/logout">
            <LogoutPage />
          </Route>
          {/* issue 25: a forgotten password's link by e-mail, its reset page, and the e-mail verification link */}
          <Route path="/forgot-password">
            <ForgotPasswordPage />
          </Route>
          <Route path="/reset-password/:token">
            <ResetPasswordPage />
          </Route>
          <Route path="/verify-email/:token">
            <VerifyEmailPage />
          </Route>
          {/* issue 21 §1: the same help, public, for the screens outside the customer shell (sign-up) */}
          <Route path="/help">
            <PublicHelpPage />
          </Route>
          {/* issue 11: the public sign-up page an onboarding or application link leads to */}
          <Route path="/signup/:pageName">
            <SignupPage />
          </Route>
          {/* issue 23: the public page of a manager's invitation link */}
          <Route path="/invite/:token">
            <InvitePage />
          </Route>
          {/* issue 25: the demo's sandbox inbox (the API decides who may read it) */}
          <Route path="/sandbox/mail">
            <SandboxMailPage />
          </Route>
          <Route path={CUSTOMER_AREA}>
            {/* biome-ignore lint/a11y/useValidAriaRole: the session role, not an ARIA role */}
            <RequireAuth role="customer">
              <CustomerShell>
                <Switch>
                  <Route path="/customer/dashboard">
                    <DashboardPage />
                  </Route>
                  <Route path="/customer/account">
                    <AccountPage />
                  </Route>
                  <Route path="/customer/payment">
                    <PaymentPage />
                  </Route>
                  <Route path="/customer/application">
                    <ApplicationPage />
                  </Route>
                  {/* issue 21 §1: the portal's help page (a deployment may link its own help centre instead) */}
                  <Route path="/customer/help">
                    <HelpPage />
                  </Route>
                  <Route>
                    <HomeRedirect />
                  </Route>
                </Switch>
              </CustomerShell>
            </RequireAuth>
          </Route>
          {/* spec 2 §2: the application flow at /apply/{signupPage}?applicationId={id}, inside the customer shell */}
          <Route path="/apply/:signupPage">
            {/* biome-ignore lint/a11y/useValidAriaRole: the session role, not an ARIA role */}
            <RequireAuth role="customer">
              <CustomerShell>
                <ApplicationFormPage />
              </CustomerShell>
            </RequireAuth>
          </Route>
          <Route path={ADMIN_AREA}>
            {/* biome-ignore lint/a11y/useValidAriaRole: the session role, not an ARIA role */}
            <RequireAuth role="admin">
              <Switch>
                <Route path="/admin/tenants">
                  <AdminTenantsPage />
                </Route>
                <Route path="/admin/tenants/new">
                  <LeaseNewPage />
                </Route>
                <Route path="/admin/tenants/:leaseId/edit">
                  <AdminTenantPage />
                </Route>
                <Route path="/admin/applications">
                  <AdminApplicationsPage />
                </Route>
                {/* issue 22: the monthly Metro 2 files and the bureau's answers */}
                <Route path="/admin/credit-reports">
                  <AdminCreditReportsPage />
                </Route>
                {/* issue 22: uploaded insurance policies to approve or reject */}
                <Route path="/admin/insurance">
                  <AdminInsurancePage />
                </Route>
                <Route path="/admin/tracking">
                  <AdminTrackingPage />
                </Route>
                {/* issue 23: the company's settings, its properties and its sign-up / application pages */}
                <Route path="/admin/company">
                  <CompanySettingsPage />
                </Route>
                <Route path="/admin/properties">
                  <PropertiesPage />
                </Route>
                <Route path="/admin/properties/:id">
                  <PropertyPage />
                </Route>
                <Route path="/admin/ledger">
                  <LedgerPage />
                </Route>
                <Route path="/admin/api-keys">
                  <ApiKeysPage />
                </Route>
                {/* issue 24: the admin's statistics and KPIs */}
                <Route path="/admin/stats">
                  <StatsPage />
                </Route>
                {/* issue 25: the mail outbox (admin) */}
                <Route path="/admin/mail">
                  <MailOutboxPage />
                </Route>
              </Switch>
            </RequireAuth>
          </Route>
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </Suspense>
    </RouteErrorBoundary>
  );
}
