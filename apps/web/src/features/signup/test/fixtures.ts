// Test data and a fake API of the sign-up screens' component tests.

import type { OnBoardingPage } from '@portal/domain/api-shapes';
import type { vi } from 'vitest';
import type { SignupProperty } from '../api/search-properties';

const b64url = (o: unknown) => btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned JWT of a customer with an origin (the client only decodes it). */
export function originToken(claims: { id?: string; originType?: string | null; signupPage?: string | null } = {}): string {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const payload = {
    sessionRole: { id: claims.id ?? 'cust-new', firstName: 'Noa', lastName: 'Martin', type: 'TYPE_CUSTOMER' },
    originType: claims.originType ?? null,
    signupPage: claims.signupPage ?? null,
    exp,
    iat: exp - 900,
  };
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(payload)}.sig`;
}

export function onboardingPage(over: Partial<OnBoardingPage> = {}): OnBoardingPage {
  return {
    id: 'obp-1',
    name: 'harbourview-join',
    companyId: 'company-1',
    companyName: 'Harbourview Properties',
    country: 'CA',
    autoApproval: true,
    integration: null,
    ...over,
  };
}

export function property(over: Partial<SignupProperty> = {}): SignupProperty {
  return {
    id: 'prop-1',
    propertyName: 'Harbourview Towers',
    street1: '100 Harbour St',
    street2: null,
    city: 'Vancouver',
    province: 'BC',
    country: 'CA',
    postalCode: 'V6B 1A1',
    ...over,
  };
}

export const page = <T>(records: T[]) => ({ records, totalPages: 1, totalRecords: records.length, page: 1 });

type Handler = (body: unknown, opts?: { query?: Record<string, unknown> }) => unknown;

/**
 * Routes api.get / api.post calls ("GET /path", "POST /path") to handlers; an unrouted call fails the test.
 * A handler's return value is the answer (a Promise to control timing; throw for an error).
 */
export function routeApi(
  api: { get: ReturnType<typeof vi.fn>; post: ReturnType<typeof vi.fn> },
  routes: Record<string, Handler>,
) {
  const calls: { method: string; path: string; body: unknown; query?: Record<string, unknown> }[] = [];
  const answer = (method: string) => async (path: string, a?: unknown, b?: unknown) => {
    const body = method === 'GET' ? undefined : a;
    const opts = (method === 'GET' ? a : b) as { query?: Record<string, unknown> } | undefined;
    calls.push({ method, path, body, query: opts?.query });
    const handler = routes[`${method} ${path}`];
    if (!handler) throw new Error(`unexpected call ${method} ${path}`);
    return handler(body, opts);
  };
  api.get.mockImplementation(answer('GET'));
  api.post.mockImplementation(answer('POST'));
  return calls;
}
