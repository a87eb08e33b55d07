// Admin mimic (spec 1 §4, spec 2 §6): the admin views the portal as a tenant, sees the banner without sign-out,
// and stopping gives the admin's own token back on /admin/tenants/{leaseId}/edit.
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, acceptTermsViaApi, expectAccessible, resetDemo, signIn } from './support';

const tokenType = (page: Page) =>
  page.evaluate(() => {
    const token = localStorage.getItem('access_token');
    if (!token) return null;
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    return payload.sessionRole.type as string;
  });

async function viewCamilleAsTenant(page: Page): Promise<string> {
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/tenants$/);
  await page.getByLabel('Search tenants').fill('Tremblay');
  await expect(page).toHaveURL(/search=Tremblay/);
  const row = page
    .getByRole('row', { name: /Camille Tremblay/ })
    .filter({ hasText: 'Active' })
    .first();
  await expect(row).toBeVisible();
  const href = await row.getByRole('link', { name: 'Camille Tremblay' }).getAttribute('href');
  const leaseId = href?.match(/\/admin\/tenants\/([^/]+)\/edit/)?.[1];
  expect(leaseId).toBeTruthy();
  await row.getByRole('button', { name: 'View as tenant: Camille Tremblay' }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
  expect(await tokenType(page)).toBe('TYPE_CUSTOMER');
  return decodeURIComponent(leaseId as string);
}

test.beforeEach(async ({ request }) => {
  await resetDemo(request);
});

test('the admin views the Canadian tenant, sees the banner without sign-out, and stops', async ({ page, request }) => {
  await acceptTermsViaApi(request);
  const leaseId = await viewCamilleAsTenant(page);

  await expect(page.getByText('You are viewing the portal as Camille Tremblay')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign out' })).toHaveCount(0);

  await page.getByRole('region', { name: 'Viewing as a tenant' }).getByRole('button', { name: 'Stop viewing as tenant' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/tenants/${leaseId}/edit$`));
  await expect(page.getByRole('heading', { name: 'Tenant: Camille Tremblay' })).toBeVisible();
  expect(await tokenType(page)).toBe('TYPE_ADMIN');
  expect(await page.evaluate(() => localStorage.getItem('mimic_lease_id'))).toBeNull();
});

test('while mimicking, the terms show but only the tenant can accept them', async ({ page }) => {
  const leaseId = await viewCamilleAsTenant(page);
  const dialog = page.getByRole('dialog', { name: 'Terms of use' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'I accept' })).toBeDisabled();
  await expect(dialog.getByText(/Only the tenant can accept the terms of use/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Stop viewing as tenant' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/tenants/${leaseId}/edit$`));
  expect(await tokenType(page)).toBe('TYPE_ADMIN');
});

test('paying while viewing as the tenant asks the admin to confirm first, over the payment dialog', async ({ page, request }) => {
  await acceptTermsViaApi(request);
  await viewCamilleAsTenant(page);
  const lease = page.locator('[data-lease-status="ACTIVE"]').first();
  await lease.getByRole('button', { name: 'One-time payment' }).click();
  const payment = page.getByRole('dialog');
  await payment.getByLabel(/^Amount to pay/).fill('12.50');
  await payment.getByRole('radio', { name: /Visa 4242/ }).check();
  await payment.getByRole('button', { name: 'Continue' }).click();
  await payment.getByRole('button', { name: 'Pay $12.86' }).click();

  // The server holds the payment until the admin says so; Cancel has the focus.
  const confirm = page.getByRole('dialog', { name: "Pay on the tenant's behalf?" });
  await expect(confirm).toContainText('You are viewing the portal as Camille Tremblay');
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page, '[role="dialog"]');
  await confirm.getByRole('button', { name: 'Yes, pay for the tenant' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByText('Confirmation ID')).toBeVisible();
});
