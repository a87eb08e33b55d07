// Fake sessions of the component tests: unsigned JWTs (the client only decodes them) and a signed-in tenant per test.
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach } from 'vitest';
import { clearSession, setToken } from '../lib/session';

const b64url = (o: unknown) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export function fakeToken(claims: {
  id: string;
  type: 'TYPE_CUSTOMER' | 'TYPE_ADMIN' | 'TYPE_MANAGER';
  firstName?: string;
  lastName?: string;
  /** issue 23: a manager's company */
  companyId?: string;
  mimic?: { adminId: string; leaseId: string; adminType?: string };
  expInSeconds?: number;
}): string {
  const exp = Math.floor(Date.now() / 1000) + (claims.expInSeconds ?? 3600);
  const payload = {
    sessionRole: {
      id: claims.id,
      firstName: claims.firstName ?? 'Camille',
      lastName: claims.lastName ?? 'Tremblay',
      type: claims.type,
      ...(claims.companyId ? { companyId: claims.companyId } : {}),
    },
    mimic: claims.mimic,
    exp,
    iat: exp - 900,
  };
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.sig`;
}

/** Signs tenant `id` (Camille Tremblay) in before each test; after it, ends the session and clears the toasts. */
export function signInTenantForEachTest(id: string): void {
  beforeEach(() => setToken(fakeToken({ id, type: 'TYPE_CUSTOMER' })));
  afterEach(() => {
    clearSession();
    notifications.clean();
    notifications.cleanQueue();
  });
}
