// Routes of spec 1 §2 (history mode, base /); every screen is a lazy chunk (split by route).
import { createBrowserRouter } from 'react-router';
import { setSessionEndedHandler } from '../lib/api-client';
import { HomeRedirect, RequireAuth } from './require-auth';
import { RouteError } from './route-error';

export const router = createBrowserRouter([
  { path: '/', element: <HomeRedirect />, errorElement: <RouteError /> },
  { path: '/signin', lazy: () => import('../features/auth/sign-in-page').then((m) => ({ Component: m.SignInPage })) },
  { path: '/logout', lazy: () => import('../features/auth/logout-page').then((m) => ({ Component: m.LogoutPage })) },
  {
    path: '/customer',
    element: <RequireAuth role="customer" />,
    errorElement: <RouteError />,
    children: [
      {
        lazy: () => import('./shell/app-shell').then((m) => ({ Component: m.AppShellLayout })),
        children: [
          { index: true, element: <HomeRedirect /> },
          { path: 'dashboard', lazy: () => import('../features/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })) },
          { path: 'account', lazy: () => import('../features/account/account-page').then((m) => ({ Component: m.AccountPage })) },
        ],
      },
    ],
  },
  {
    path: '/admin',
    element: <RequireAuth role="admin" />,
    errorElement: <RouteError />,
    children: [
      { path: 'tenants', lazy: () => import('../features/admin/admin-tenants-page').then((m) => ({ Component: m.AdminTenantsPage })) },
      {
        path: 'tenants/:leaseId/edit',
        lazy: () => import('../features/admin/admin-tenant-page').then((m) => ({ Component: m.AdminTenantPage })),
      },
    ],
  },
  { path: '*', lazy: () => import('./not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
]);

setSessionEndedHandler(() => {
  void router.navigate('/logout');
});
