// Unlike the original app (spec 1 §2), the guard really sends a signed-out visitor to sign-in.
import { Navigate, Outlet, useLocation } from '../lib/router';
import { useSessionUser } from '../lib/use-session-user';

export function RequireAuth({ role }: { role: 'customer' | 'admin' }) {
  const user = useSessionUser();
  const location = useLocation();
  if (!user) {
    const next = `${location.pathname}${location.search}`;
    // issue 11: a signed-out visitor of an application link (/apply/{name}) signs up from that page; a link to an
    // existing application (?applicationId=) is someone's own: sign in
    const applyPage = /^\/apply\/([^/]+)\/?$/.exec(location.pathname)?.[1];
    if (applyPage && !new URLSearchParams(location.search).has('applicationId'))
      return <Navigate to={`/signup/${applyPage}?origin=application`} replace />;
    return <Navigate to={`/signin?next=${encodeURIComponent(next)}`} replace />;
  }
  if (role === 'customer' && user.type !== 'TYPE_CUSTOMER') return <Navigate to="/admin/tenants" replace />;
  if (role === 'admin' && user.type !== 'TYPE_ADMIN') return <Navigate to="/customer/dashboard" replace />;
  return <Outlet />;
}

export function HomeRedirect() {
  const user = useSessionUser();
  if (!user) return <Navigate to="/signin" replace />;
  return <Navigate to={user.type === 'TYPE_CUSTOMER' ? '/customer/dashboard' : '/admin/tenants'} replace />;
}
