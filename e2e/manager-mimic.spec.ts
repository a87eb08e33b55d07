// issue 23 (spec 1 §6 "Admin or manager: may mimic a tenant"; spec 2 §2): a property manager views the portal as
// their own tenant from the console, sees the banner and its stop button (no sign-out), and stopping gives the
// manager's own session back on /admin/tenants/{leaseId}/edit.
import { expect, type Page, test } from '@playwright/test';
import { acceptTermsViaApi, expectAccessible, resetDemo, signIn } from './support';

const MANAGER = 'manager@demo.test'; // Maple Leaf Property Management: Camille Tremblay's company

const tokenType = (page: Page) =>
  page.evaluate(() => {
    const token = localStorage.getItem('access_token');
    if (!token) return null;
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    return payload.sessionRole.type as string;
  });

test.beforeEach(async ({ request }) => {
  await resetDemo(request);
  await acceptTermsViaApi(request);
});

test("a manager views their tenant's portal, sees the banner, and stopping returns to the lease's edit page", async ({
  page,
}) => {
  await signIn(page, MANAGER);
  await page.waitForURL(/\/admin/);
  await page.goto('/admin/tenants');
  const row = page
    .getByRole('row', { name: /Camille Tremblay/ })
    .filter({ hasText: 'Active' })
    .first();
  await expect(row).toBeVisible();
  const href = await row.getByRole('link', { name: 'Camille Tremblay' }).getAttribute('href');
  const leaseId = decodeURIComponent(href?.match(/\/admin\/tenants\/([^/]+)\/edit/)?.[1] ?? '');
  expect(leaseId).toBeTruthy();
  await row.getByRole('button', { name: 'View as tenant: Camille Tremblay' }).click();

  await expect(page).toHaveURL(/\/customer\/dashboard$/);
  expect(await tokenType(page)).toBe('TYPE_CUSTOMER');
  await expect(page.getByText('You are viewing the portal as Camille Tremblay')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Sign out' })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole('region', { name: 'Viewing as a tenant' }).getByRole('button', { name: 'Stop viewing as tenant' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/tenants/${leaseId}/edit$`));
  expect(await tokenType(page)).toBe('TYPE_MANAGER');
  expect(await page.evaluate(() => localStorage.getItem('mimic_lease_id'))).toBeNull();
});
