// issue 23 "Company settings" and "Properties": a manager changes a company setting and the tenant sees its effect on
// their next page; the console's company, properties and property pages are axe-clean at 1280 and 375 px.
import { expect, test } from '@playwright/test';
import { ADMIN, acceptTermsViaApi, expectAccessible, PASSWORD, resetDemo, signIn, signOut, TENANT } from './support';

const MANAGER = 'manager@demo.test'; // Maple Leaf Property Management: Camille Tremblay's company

test.beforeEach(async ({ request }) => {
  await resetDemo(request);
  await acceptTermsViaApi(request);
});

test('a manager switches the concierge off in the company settings and the tenant no longer sees its card', async ({
  page,
  browser,
}) => {
  // the tenant, in a browser of their own, sees the concierge card first
  const tenant = await (await browser.newContext()).newPage();
  await signIn(tenant, TENANT);
  await expect(tenant).toHaveURL(/\/customer\/dashboard$/);
  await expect(tenant.getByTestId('service-concierge')).toBeVisible();

  await signIn(page, MANAGER);
  await page.waitForURL(/\/admin/);
  await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Company' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Company settings' })).toBeVisible();
  await expectAccessible(page);
  const concierge = page.getByRole('switch', { name: 'Concierge' });
  await expect(concierge).toBeChecked();
  await concierge.click({ force: true });
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();

  // a refused value is named on its field and focused
  await page.getByRole('textbox', { name: /Returned payment \(NSF\) fee/ }).fill('40');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '1 field needs attention' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Returned payment \(NSF\) fee/ })).toBeFocused();
  await expectAccessible(page);

  // the tenant's next page shows the change (nothing cached on the server)
  await tenant.reload();
  await expect(tenant.getByTestId('lease-balance').first()).toBeVisible();
  await expect(tenant.getByTestId('service-concierge')).toHaveCount(0);
});

for (const width of [1280, 375]) {
  test(`the properties pages are usable and axe-clean at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, MANAGER);
    await page.waitForURL(/\/admin/);
    await page.goto('/admin/properties');
    await expect(page.getByRole('heading', { level: 1, name: 'Properties' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Harbourview Residences' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Harbourview Residences' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Harbourview Residences' })).toBeVisible();
    await expect(page.getByRole('link', { name: /\/signup\/harbourview\?origin=application/ })).toBeVisible();
    await expectAccessible(page);
    // nothing wider than the screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.goto('/admin/company');
    await expect(page.getByRole('heading', { level: 1, name: 'Company settings' })).toBeVisible();
    await expect(page.getByTestId('fee-schedule')).toBeVisible();
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test('the admin, in French at 375 px, picks a company and reads its settings and properties (axe-clean)', async ({
  page,
  request,
}) => {
  // the console speaks the corporate user's saved language (issue 23)
  const auth = await request.get('/api/authorize', {
    headers: { authorization: `Basic ${Buffer.from(`${ADMIN}:${PASSWORD}`).toString('base64')}` },
  });
  const { access_token } = await auth.json();
  const adminId = JSON.parse(Buffer.from(access_token.split('.')[1], 'base64url').toString()).sessionRole.id;
  const saved = await request.patch(`/api/corporateUser/${adminId}/update`, {
    headers: { authorization: `Bearer ${access_token}` },
    data: { languageCode: 'fr' },
  });
  expect(saved.status()).toBe(200);
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, ADMIN);
  await page.waitForURL(/\/admin/);
  await page.goto('/admin/company');
  await expect(page.getByRole('heading', { level: 1, name: 'Paramètres de l’entreprise' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Entreprise' }).selectOption({ label: 'Maple Leaf Property Management (CA)' });
  await expect(page).toHaveURL(/companyId=/);
  await expect(page.getByRole('switch', { name: 'Conciergerie' })).toBeChecked();
  await expectAccessible(page);
  await page.goto('/admin/properties');
  await expect(page.getByRole('heading', { level: 1, name: 'Propriétés' })).toBeVisible();
  await expect(page.getByTestId('properties-table')).toBeVisible();
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('a manager creates a property from "New property" and an onboarding page with its public link', async ({ page }) => {
  await signIn(page, MANAGER);
  await page.waitForURL(/\/admin/);
  await page.goto('/admin/properties');
  await page.getByRole('link', { name: 'New property' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New property' })).toBeVisible();
  await page.getByRole('textbox', { name: /Property name/ }).fill('Kits Point Lofts');
  await page.getByRole('textbox', { name: /Street address/ }).fill('2100 Cornwall Avenue');
  await page.getByRole('textbox', { name: /^City/ }).fill('Vancouver');
  await page.getByRole('combobox', { name: /Province/ }).selectOption('BC');
  await page.getByRole('textbox', { name: /Postal code/ }).fill('12345');
  await page.getByRole('button', { name: 'Create the property' }).click();
  // invalid: the postal code is refused before sending, named and focused
  await expect(page.getByRole('textbox', { name: /Postal code/ })).toBeFocused();
  await page.getByRole('textbox', { name: /Postal code/ }).fill('V6K 1B5');
  await page.getByRole('button', { name: 'Create the property' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kits Point Lofts' })).toBeVisible();
  await expect(page.getByText('0 active of 0 leases')).toBeVisible();

  await page.getByRole('button', { name: 'New onboarding page' }).click();
  // the dialog's title becomes the created page's name
  const onboarding = page.getByRole('dialog');
  await expect(onboarding).toHaveAccessibleName('New onboarding page');
  await onboarding.getByRole('textbox', { name: /Page name/ }).fill('kits-join');
  await onboarding.getByRole('button', { name: 'Create the page' }).click();
  await expect(onboarding.getByRole('link', { name: /\/signup\/kits-join\?origin=onboarding$/ })).toBeVisible();
  await expect(onboarding).toHaveAccessibleName('Onboarding page kits-join');
  await expectAccessible(page);
  await onboarding.getByRole('button', { name: 'Close', exact: true }).last().click();
  const link = page.getByTestId('company-pages').getByRole('link', { name: /\/signup\/kits-join\?origin=onboarding$/ });
  await expect(link).toBeVisible();

  // an application page: a question of its own and a fee; the editor reopened shows what was saved
  await page.getByRole('button', { name: 'New application page' }).click();
  const application = page.getByRole('dialog');
  await expect(application).toHaveAccessibleName('New application page');
  await application.getByRole('textbox', { name: /Page name/ }).fill('kits-apply');
  await application.getByRole('group', { name: 'Other information' }).getByRole('checkbox', { name: 'Bankruptcy' }).uncheck();
  await application.getByRole('button', { name: 'Add a question' }).click();
  await application.getByRole('textbox', { name: /Question in English/ }).fill('Number of bicycles');
  await application.getByRole('textbox', { name: /Question in French/ }).fill('Nombre de vélos');
  await application.getByRole('combobox', { name: 'Answer type' }).selectOption('NUMBER');
  await application.getByRole('textbox', { name: /Application fee/ }).fill('25');
  await application.getByRole('button', { name: 'Create the page' }).click();
  await expect(application.getByRole('link', { name: /\/signup\/kits-apply\?origin=application$/ })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('company-pages').getByText('Application fee $25.00')).toBeVisible();
  await page.getByRole('button', { name: 'Edit the page kits-apply' }).click();
  const edit = page.getByRole('dialog', { name: 'Application page kits-apply' });
  await expect(edit.getByRole('textbox', { name: /Question in French/ })).toHaveValue('Nombre de vélos');
  await expect(
    edit.getByRole('group', { name: 'Other information' }).getByRole('checkbox', { name: 'Bankruptcy' }),
  ).not.toBeChecked();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Edit the page kits-apply' })).toBeFocused();
  // the public link opens the sign-up page of the company
  await signOut(page);
  await page.goto('/signup/kits-join?origin=onboarding');
  await expect(page.getByText('Maple Leaf Property Management').first()).toBeVisible();
});
