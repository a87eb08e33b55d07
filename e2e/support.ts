// Shared steps of the journeys.
import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const TENANT = 'tenant@demo.test';
export const TENANT_US = 'tenant.us@demo.test';
export const ADMIN = 'admin@demo.test';
export const PASSWORD = 'Demo1234';

/** Puts the demo data back as seeded (test-support route, only when E2E_TEST_SUPPORT=1). */
export async function resetDemo(request: APIRequestContext): Promise<void> {
  const res = await request.post('/api/__test/reset');
  expect(res.status()).toBe(200);
}

/** Marks the tenant's terms as accepted through the API so a journey can skip the modal. */
export async function acceptTermsViaApi(request: APIRequestContext, email = TENANT): Promise<void> {
  const auth = await request.get('/api/authorize', {
    headers: { authorization: `Basic ${Buffer.from(`${email}:${PASSWORD}`).toString('base64')}` },
  });
  const { access_token } = await auth.json();
  const claims = JSON.parse(Buffer.from(access_token.split('.')[1], 'base64url').toString());
  const res = await request.post(`/api/customer/${claims.sessionRole.id}/acceptterms`, {
    headers: { authorization: `Bearer ${access_token}` },
  });
  expect(res.status()).toBe(200);
}

export async function signIn(page: Page, email = TENANT, password = PASSWORD): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel(/email|courriel/i).fill(email);
  await page.getByLabel(/^password|^mot de passe/i).fill(password);
  await page.getByRole('button', { name: /sign in|se connecter|connexion/i }).click();
}

/**
 * axe-core on what the page shows now (WCAG 2.0/2.1/2.2 A and AA rules): the journeys call it on every screen and modal
 * they open. `include` narrows it to a part of the page (e.g. an open dialog).
 */
export async function expectAccessible(page: Page, include?: string): Promise<void> {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`).join(' | ')}`,
  );
  expect(summary, 'axe-core violations').toEqual([]);
}
