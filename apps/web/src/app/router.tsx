// Routes of spec 1 §2 (history mode, base /); every screen is a lazy chunk (split by route).
// Declarative routes (BrowserRouter + Routes + a lazy screen per route) on the portal's own router (lib/router.tsx:
// react-router cost every first load ~10 KB brotli, issue 9). What a data router's errorElement and route `lazy` would
// do is done here by RouteErrorBoundary and lazyRoute (with the spec's 120 s chunk timeout), and main.tsx waits for the
// first address's screens before the first render.
import { Suspense, useEffect } from 'react';
import { setSessionEndedHandler } from '../lib/api-client';
import { Route, Routes, useLocation, useNavigate } from '../lib/router';
import { type LazyRoute, lazyRoute } from './lazy-route';
import { HomeRedirect, RequireAuth } from './require-auth';
import { RouteErrorBoundary } from './route-error';

const SignInPage = lazyRoute(() => import('../features/auth/sign-in-page'), 'SignInPage');
const LogoutPage = lazyRoute(() => import('../features/auth/logout-page'), 'LogoutPage');
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
const AdminTenantsPage = lazyRoute(() => import('../features/admin/admin-tenants-page'), 'AdminTenantsPage');
const AdminTenantPage = lazyRoute(() => import('../features/admin/admin-tenant-page'), 'AdminTenantPage');
const NotFoundPage = lazyRoute(() => import('./not-found-page'), 'NotFoundPage');

/**
 * The screens an address shows, to load them together (the shell and its page not one after the other). Only a hint:
 * a wrong guess loads a chunk early or not at all, never changes what renders.
 */
function screensFor(pathname: string): LazyRoute[] {
  if (pathname === '/signin') return [SignInPage];
  if (pathname === '/logout') return [LogoutPage];
  if (pathname === '/help') return [PublicHelpPage];
  if (pathname.startsWith('/customer/account')) return [AppShellLayout, AccountPage];
  if (pathname.startsWith('/customer/payment')) return [AppShellLayout, PaymentPage];
  if (pathname.startsWith('/customer/application')) return [AppShellLayout, ApplicationPage];
  if (pathname.startsWith('/customer/help')) return [AppShellLayout, HelpPage];
  if (pathname.startsWith('/apply/')) return [AppShellLayout, ApplicationFormPage];
  if (pathname.startsWith('/signup/')) return [SignupPage];
  if (pathname.startsWith('/admin/applications')) return [AdminApplicationsPage];
  if (pathname.startsWith('/customer')) return [AppShellLayout, DashboardPage];
  if (/^\/admin\/tenants\/[^/]+\/edit/.test(pathname)) return [AdminTenantPage];
  if (pathname.startsWith('/admin')) return [AdminTenantsPage];
  return [];
}

/** main.tsx renders once the first address's screens are here (as the data router waited for its lazy routes). */
export function preloadScreens(pathname: string): Promise<unknown> {
  return Promise.all(screensFor(pathname).map((screen) => screen.preload()));
}

/** The customer area's shell; its page's chunk loads alongside the shell's on a navigation too. */
function CustomerShell() {
  const { pathname } = useLocation();
  void preloadScreens(pathname);
  return <AppShellLayout />;
}

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
        <Routes>
          <Route path="/" element={<HomeRedirect />} />
          <Route path="/signin" element={<SignInPage />} />
          <Route path="/logout" element={<LogoutPage />} />
          {/* issue 21 §1: the same help, public, for the screens outside the customer shell (sign-up) */}
          <Route path="/help" element={<PublicHelpPage />} />
          {/* issue 11: the public sign-up page an onboarding or application link leads to */}
          <Route path="/signup/:pageName" element={<SignupPage />} />
          {/* biome-ignore lint/a11y/useValidAriaRole: the session role, not an ARIA role */}
          <Route path="/customer" element={<RequireAuth role="customer" />}>
            <Route element={<CustomerShell />}>
              <Route index element={<HomeRedirect />} />
              <Route path="dashboard" element={<DashboardPage />} />
              <Route path="account" element={<AccountPage />} />
              <Route path="payment" element={<PaymentPage />} />
              <Route path="application" element={<ApplicationPage />} />
              {/* issue 21 §1: the portal's help page (a deployment may link its own help centre instead) */}
              <Route path="help" element={<HelpPage />} />
            </Route>
          </Route>
          {/* spec 2 §2: the application flow at /apply/{signupPage}?applicationId={id}, inside the customer shell */}
          {/* biome-ignore lint/a11y/useValidAriaRole: the session role, not an ARIA role */}
          <Route path="/apply/:signupPage" element={<RequireAuth role="customer" />}>
            <Route element={<CustomerShell />}>
              <Route index element={<ApplicationFormPage />} />
            </Route>
          </Route>
          {/* biome-ignore lint/a11y/useValidAriaRole: the session role, not an ARIA role */}
          <Route path="/admin" element={<RequireAuth role="admin" />}>
            <Route path="tenants" element={<AdminTenantsPage />} />
            <Route path="tenants/:leaseId/edit" element={<AdminTenantPage />} />
            <Route path="applications" element={<AdminApplicationsPage />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
