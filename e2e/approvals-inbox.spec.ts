// issue 23 "Approvals in one inbox": manager2@demo.test (Okanagan Rentals, French console) opens the approvals inbox,
// sees only their company's items with the count of each kind, approves a self sign-up lease waiting for approval,
// and the console speaks French from the saved language; axe-clean at 1280 and 375 px in French and in English.
import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectAccessible, PASSWORD, resetDemo, signIn, signOut } from './support';

const texts = {
  en: JSON.parse(readFileSync(new URL('../packages/i18n/src/locales/en.json', import.meta.url), 'utf8')),
  fr: JSON.parse(readFileSync(new URL('../packages/i18n/src/locales/fr.json', import.meta.url), 'utf8')),
};
type Lang = keyof typeof texts;
const t = (lang: Lang, key: string, vars: Record<string, string | number> = {}) => {
  const text = key.split('.').reduce((node, part) => node[part], texts[lang]) as unknown as string;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name]));
};

const MANAGER2 = 'manager2@demo.test';
const PROPERTY_OKANAGAN = '00000000-0000-4000-8000-000000000202'; // DEMO_IDS.propertyCa2
const WIDTHS = [1280, 375];

/** A new person signs up on Okanagan's onboarding page (no auto-approval) and asks for a lease: it waits. */
async function pendingSelfSignupLease(request: APIRequestContext): Promise<string> {
  const email = `inbox.${Date.now()}@example.com`;
  const signup = await request.post('/api/signup', {
    data: {
      email,
      password: 'Sunny2025day',
      confirmPassword: 'Sunny2025day',
      firstName: 'Maëlle',
      lastName: 'Bouchard',
      phone: '250-555-0190',
      languageCode: 'fr',
      pageName: 'okanagan-join',
      originType: 'TYPE_ON_BOARDING_PAGE',
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const token = (await signup.json()).access_token as string;
  const id = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sessionRole.id as string;
  const lease = await request.post('/api/self_signup_Lease', {
    headers: { authorization: `Bearer ${token}` },
    data: { startDate: '2027-01-01', propertyId: PROPERTY_OKANAGAN, unit: '12', residencyType: 'RESIDENTIAL', user: { id } },
  });
  expect(lease.status(), await lease.text()).toBe(201);
  expect((await lease.json()).lease.status).toBe('PENDING');
  return 'Maëlle Bouchard';
}

async function checkEachWidth(page: Page, dialog = false) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, dialog ? '[role="dialog"]' : undefined);
    // 375 px: nothing wider than the screen (the review list turns into cards)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.beforeEach(async ({ request }) => {
  await resetDemo(request);
});

test('a French manager approves a pending self sign-up lease in the approvals inbox (axe at 1280 and 375 px, fr and en)', async ({
  page,
  request,
}) => {
  const name = await pendingSelfSignupLease(request);
  await signIn(page, MANAGER2, PASSWORD);
  await page.waitForURL(/\/admin/);
  const nav = page.getByRole('navigation', { name: t('fr', 'admin.nav.label') });
  // the saved languageCode (fr) applies after sign-in; a manager's sections include the inbox and its insurance tab
  await nav.getByRole('link', { name: t('fr', 'admin.nav.applications') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('fr', 'admin.inbox.title') })).toBeVisible();
  await expect(nav.getByRole('link', { name: t('fr', 'admin.nav.insurance') })).toBeVisible();
  await expect(nav.getByRole('link', { name: t('fr', 'admin.nav.creditReports') })).toHaveCount(0);

  // Okanagan's inbox: no application, no policy, the one lease waiting
  const tab = (lang: Lang, key: string, count: number) =>
    page.getByRole('tab', { name: t(lang, 'admin.inbox.tabCount', { label: t(lang, `admin.inbox.tabs.${key}`), count }) });
  await expect(tab('fr', 'applications', 0)).toBeVisible();
  await expect(tab('fr', 'insurance', 0)).toBeVisible();
  await expect(page.getByText(t('fr', 'admin.applications.pendingEmpty'))).toBeVisible();
  await checkEachWidth(page);
  await tab('fr', 'pendingLeases', 1).click();
  const leases = page.getByTestId('admin-pending-leases');
  await expect(leases).toContainText(name);
  await expect(leases).not.toContainText('Camille Tremblay'); // Maple Leaf's tenant
  await checkEachWidth(page);

  // the same screens in English (the select saves the manager's language), then back to French
  await page.getByLabel(t('fr', 'common.language')).selectOption('en');
  await expect(tab('en', 'pendingLeases', 1)).toBeVisible();
  await checkEachWidth(page);
  await page.getByLabel(t('en', 'common.language')).selectOption('fr');
  await expect(tab('fr', 'pendingLeases', 1)).toBeVisible();

  // approve, at 375 px (the card's button), with the dialog checked at both widths
  await page.setViewportSize({ width: 375, height: 800 });
  await leases.getByRole('button', { name: t('fr', 'admin.applications.approveNamed', { name }) }).click();
  const dialog = page.getByRole('dialog', { name: t('fr', 'admin.applications.approveLeaseTitle', { name }) });
  await expect(dialog).toBeVisible();
  await checkEachWidth(page, true);
  await dialog.getByRole('button', { name: t('fr', 'admin.applications.approve') }).click();
  await expect(page.getByText(t('fr', 'admin.applications.leaseApproved'))).toBeVisible();
  await expect(page.getByText(t('fr', 'admin.applications.leasesEmpty'))).toBeVisible();
  await expect(tab('fr', 'pendingLeases', 0)).toBeVisible();

  // the language stays the manager's: a new sign-in opens the console in French
  // the sign-out finishes before signing in again (else /signin still sees the manager's session)
  await signOut(page);
  await signIn(page, MANAGER2, PASSWORD);
  await page.waitForURL(/\/admin/);
  await page.goto('/admin/insurance');
  await expect(page.getByRole('heading', { level: 1, name: t('fr', 'admin.inbox.title') })).toBeVisible();
  await expect(tab('fr', 'insurance', 0)).toHaveAttribute('aria-selected', 'true');
});
