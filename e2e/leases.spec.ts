// issue 23 "Leases": manager@demo.test creates a lease at Harbourview Residences with its rent, invites a new e-mail,
// the link opens, the tenant signs up and sees the lease on the dashboard. The lease pages and the invitation page are
// axe-clean in English and French at 1280 and 375 px, with nothing wider than the screen.
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, resetDemo, signIn, signOut } from './support';

const MANAGER = 'manager@demo.test';

test.beforeEach(async ({ request }) => {
  await resetDemo(request);
});

const noSidewaysScroll = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

/** As the manager: a new lease at Harbourview Residences, unit 1203, rent 1,850.00; answers its page's address. */
async function createLease(page: Page, unit: string) {
  await page.getByRole('link', { name: 'New lease' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New lease' })).toBeVisible();
  await page.getByLabel('Property').selectOption({ label: 'Harbourview Residences — Vancouver' });
  await page.getByRole('textbox', { name: 'Unit' }).fill(unit);
  await page.getByRole('textbox', { name: /^Start date/ }).fill('2026-12-01');
  await page.getByRole('textbox', { name: /^Amount of charge 1/ }).fill('1850');
  await page.getByRole('button', { name: 'Create the lease' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Lease at Harbourview Residences, unit ${unit}` })).toBeVisible();
}

async function invite(page: Page, email: string): Promise<string> {
  const panel = page.getByRole('form', { name: 'Invite the tenant' });
  await panel.getByRole('textbox', { name: /Tenant's e-mail/ }).fill(email);
  await panel.getByRole('textbox', { name: /^First name/ }).fill('Noor');
  await panel.getByRole('textbox', { name: /^Last name/ }).fill('Haddad');
  await panel.getByRole('button', { name: 'Send the invitation' }).click();
  const link = page.getByTestId('invitation-link');
  await expect(link).toBeVisible();
  return new URL((await link.textContent()) ?? '').pathname;
}

test('a manager creates a lease with rent and invites a new tenant, who signs up and sees it on the dashboard', async ({
  page,
}) => {
  await signIn(page, MANAGER);
  await page.waitForURL(/\/admin\/tenants$/);
  await createLease(page, '1203');
  await expectAccessible(page);
  const email = `noor.${Date.now()}@example.com`;
  const path = await invite(page, email);
  expect(path).toMatch(/^\/invite\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  await expectAccessible(page);
  // the list shows the lease waiting for that e-mail
  await page.getByRole('link', { name: /Back to/ }).click();
  await expect(page.getByRole('row', { name: new RegExp(email.replace('.', '\\.')) })).toBeVisible();
  await signOut(page);

  await page.goto(path);
  await expect(page.getByText('Maple Leaf Property Management invites you to pay your rent online.')).toBeVisible();
  await expect(page.getByText('$1,850.00')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: /^Mobile phone/ }).fill('6045550142');
  await page.getByLabel(/^Password/).fill('Welcome2026');
  await page.getByLabel(/^Confirm the password/).fill('Welcome2026');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
  const accept = page.getByRole('button', { name: 'I accept' });
  await expect(accept).toBeVisible();
  const birth = page.getByLabel('Date of birth');
  if (await birth.isVisible()) await birth.fill('1992-05-14');
  await accept.click();
  await expect(accept).toBeHidden();
  await expect(page.getByText(/Harbourview Residences/).first()).toBeVisible();
  await expect(page.getByText(/1203/).first()).toBeVisible();

  // the link is used: opening it again says so
  await signOut(page);
  await page.goto(path);
  await expect(page.getByRole('alert')).toContainText('This invitation link is no longer valid');
});

for (const lang of ['en', 'fr'] as const) {
  for (const width of [1280, 375]) {
    test(`the lease pages and the invitation page are axe-clean (${lang}, ${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signIn(page, MANAGER);
      await page.waitForURL(/\/admin\/tenants$/);
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      await createLease(page, `A${width}`);
      const path = await invite(page, `axe.${lang}.${width}@example.com`);
      const leasePage = page.url();
      await page.goto('/admin/tenants');
      if (lang === 'fr') await page.getByLabel('Language').selectOption('fr');
      await expect(page.getByRole('row').nth(1)).toBeVisible();
      await expectAccessible(page);
      await noSidewaysScroll(page, width);
      await page.goto('/admin/tenants/new');
      await expect(page.getByRole('button', { name: /Create|Créer/ })).toBeVisible();
      await expectAccessible(page);
      await noSidewaysScroll(page, width);
      await page.goto(leasePage);
      await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
      await expectAccessible(page);
      await noSidewaysScroll(page, width);
      // the End lease question
      await page.getByRole('button', { name: /End lease|Mettre fin au bail/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page, '[role="dialog"]');
      await page.keyboard.press('Escape');
      await signOut(page);
      await page.goto(path);
      if (lang === 'fr') await page.getByLabel(/Language|Langue/).selectOption('fr');
      await expect(page.getByRole('button', { name: /Create my account|Créer mon compte/ })).toBeVisible();
      await expectAccessible(page);
      await noSidewaysScroll(page, width);
    });
  }
}
