// The dashboard's entry to the sign-up popups: imported lazily only when the session has an originType, so the
// dashboard route carries neither the popups nor the list of their chunks (issue 9 bundle budget).
export const loadOriginPopups = () => import('./components/origin-popups').then((m) => ({ default: m.OriginPopups }));
