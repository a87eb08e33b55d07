// Unlike the original app (spec 1 §2), the guard really sends a signed-out visitor to sign-in.
import type { ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import { useSessionUser } from '../lib/use-session-user';

export function RequireAuth({ role, children }: { role: 'customer' | 'admin'; children?: ReactNode }) {
  const user = useSessionUser();
  const [pathname] = useLocation();
  const search = useSearch();
  if (!user) {
    const next = `${pathname}${search ? `?${search}` : ''}`;
    // issue 11: a signed-out visitor of an application link (/apply/{name}) signs up from that page; a link to an
    // existing application (?applicationId=) is someone's own: sign in
    const applyPage = /^\/apply\/([^/]+)\/?$/.exec(pathname)?.[1];
    if (applyPage && !new URLSearchParams(search).has('applicationId'))
      return <Redirect to={`/signup/${applyPage}?origin=application`} replace />;
    return <Redirect to={`/signin?next=${encodeURIComponent(next)}`} replace />;
  }
  if (role === 'customer' && user.type !== 'TYPE_CUSTOMER') return <Redirect to="/admin/tenants" replace />;
  // issue 23: the console (/admin/…) is the provider's admin's and the property managers' (scoped by the server)
  if (role === 'admin' && user.type === 'TYPE_CUSTOMER') return <Redirect to="/customer/dashboard" replace />;
  return <>{children}</>;
}

export function HomeRedirect() {
  const user = useSessionUser();
  if (!user) return <Redirect to="/signin" replace />;
  return <Redirect to={user.type === 'TYPE_CUSTOMER' ? '/customer/dashboard' : '/admin/tenants'} replace />;
}
