// Shared steps of the journeys.
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import axe, { type Result, type RunOptions } from 'axe-core';

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

/** Signs out and waits until it is done: the next address must not see the old session (a race seen in full runs). */
export async function signOut(page: Page): Promise<void> {
  await page.goto('/logout');
  await expect(page.getByRole('heading', { name: /You are signed out|Vous êtes déconnecté/ })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
}

export async function signIn(page: Page, email = TENANT, password = PASSWORD): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel(/email|courriel/i).fill(email);
  await page.getByLabel(/^password|^mot de passe/i).fill(password);
  await page.getByRole('button', { name: /sign in|se connecter|connexion/i }).click();
}

// WCAG 2.0/2.1/2.2 A and AA, plus axe's best practices (landmarks: one main, no duplicate banner inside a modal,
// content inside landmarks; heading order; …).
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe-core on what the page shows now, every impact: one line per violation, rule, impact and the elements. `include`
 * narrows it to a part of the page (e.g. an open dialog; page-level rules then do not run); frames are included.
 */
export async function axeViolations(page: Page, include?: string): Promise<string[]> {
  // A modal fading in is see-through for 200 ms: contrast is measured once it is opaque and nothing is in transition.
  await page.waitForFunction(() => {
    const opaque = (el: Element | null): boolean =>
      !el || el === document.body || (getComputedStyle(el).opacity === '1' && opaque(el.parentElement));
    return (
      [...document.querySelectorAll('[role="dialog"]')].every(opaque) &&
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity)
    );
  });
  const violations = page.frames().length > 1 ? await axeWithFrames(page, include) : await axeInPage(page, include);
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => `${n.target.join(' ')} ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`).join(' | ')}`,
  );
}

// Only violations are reported: axe skips the node details of passes (about half its time on a large page).
// WCAG 2.5.3 label in name (issue 21 §1): axe-core ships it as experimental, off under the tags above; it runs here
// (its id is label-content-name-mismatch): a control's accessible name contains its visible text, so a voice user can
// say what they see.
const AXE_OPTIONS: RunOptions = {
  runOnly: { type: 'tag', values: AXE_TAGS },
  rules: { 'label-content-name-mismatch': { enabled: true } },
  resultTypes: ['violations'],
};

/**
 * A page without frames: axe injected once per document and run in place. (@axe-core/playwright injects it again on
 * every call and finishes each run in a new blank page, which tripled the time of the accessibility sweep.)
 */
async function axeInPage(page: Page, include?: string): Promise<Result[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(axe.source);
  const results = await page.evaluate(
    ([scope, options]) => (window as unknown as { axe: typeof axe }).axe.run(scope ? { include: [scope] } : document, options),
    [include ?? null, AXE_OPTIONS] as const,
  );
  return results.violations;
}

/** A page with frames (the bank-linking widget): @axe-core/playwright, which runs axe in each frame. */
async function axeWithFrames(page: Page, include?: string): Promise<Result[]> {
  const { default: AxeBuilder } = await import('@axe-core/playwright');
  // options() replaces what withTags() set: the whole option set goes through options().
  let builder = new AxeBuilder({ page }).options(AXE_OPTIONS);
  if (include) builder = builder.include(include);
  return (await builder.analyze()).violations;
}

/** The journeys call it on every screen and modal they open: no axe-core violation at all. */
export async function expectAccessible(page: Page, include?: string): Promise<void> {
  expect(await axeViolations(page, include), 'axe-core violations').toEqual([]);
}
