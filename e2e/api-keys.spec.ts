// issue 24 "Access for machines": manager@demo.test creates an API key in the console (/admin/api-keys), copies it
// (shown once), a machine exchanges it at /api/authorizeapi and reads the company's ledger; the manager revokes it and
// both the exchange and the token already issued are refused at once. axe at 1280 and 375 px, English and French.
import { expect, test } from '@playwright/test';
import { expectAccessible, resetDemo, signIn } from './support';

const MANAGER = 'manager@demo.test';
const PROPERTY_CA = '00000000-0000-4000-8000-000000000201';

test.beforeEach(async ({ request }) => {
  await resetDemo(request);
});

test('a manager creates a key, a machine reads the ledger with it, the manager revokes it', async ({ page, request }) => {
  await signIn(page, MANAGER);
  await expect(page).toHaveURL(/\/admin\//);
  await page.getByRole('navigation').getByRole('link', { name: 'API keys' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
  await expectAccessible(page);

  // A missing name is refused before anything is sent.
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByText('Enter a name for the key.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Name/ })).toBeFocused();

  await page.getByRole('textbox', { name: /Name/ }).fill('Accounting export');
  await page.getByRole('button', { name: 'Create key' }).click();
  const shown = page.getByTestId('new-api-key');
  await expect(shown).toHaveText(/^rpk_/);
  const key = (await shown.textContent())?.trim() ?? '';
  const row = page.getByRole('row').filter({ hasText: 'Accounting export' });
  await expect(row).toContainText(key.slice(0, 16));
  await expect(row).toContainText('Never');
  await expectAccessible(page);

  // The machine's side.
  const exchange = () => request.post('/api/authorizeapi', { headers: { 'x-api-key': key } });
  const ex = await exchange();
  expect(ex.status()).toBe(200);
  const token = (await ex.json()).access_token as string;
  const read = () =>
    request.post('/api/ledger/search', { headers: { authorization: `Bearer ${token}` }, data: { propertyId: PROPERTY_CA } });
  expect((await read()).status()).toBe(200);

  // Revoked: refused at once.
  await page.reload();
  await expect(row).not.toContainText('Never');
  await row.getByRole('button', { name: 'Revoke the key Accounting export' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke this key?' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('Revoked');
  expect((await read()).status()).toBe(401);
  expect((await exchange()).status()).toBe(401);
});

test('the API keys page in French on a phone (375 px): no sideways scroll, axe-clean', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, 'manager2@demo.test');
  await expect(page).toHaveURL(/\/admin\//);
  await page.goto('/admin/api-keys');
  await expect(page.getByRole('heading', { level: 1, name: 'Clés d’API' })).toBeVisible();
  await page.getByRole('textbox', { name: /Nom/ }).fill('Export comptable');
  await page.getByRole('button', { name: 'Créer la clé' }).click();
  await expect(page.getByTestId('new-api-key')).toHaveText(/^rpk_/);
  await expectAccessible(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
