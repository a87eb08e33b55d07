// issue 24 "Access for Google accounts" (spec 1 §6, spec 2 §7 /authorizeoauth): a tenant signs in with Google through
// the portal's sandbox issuer (oidc-provider, its own sign-in form on its own port): the first time opens a
// TYPE_GOOGLE_OAUTH_ACCOUNT account (terms first), whose Account page has a profile and no security section; a
// password tenant's Account page keeps its security section. The sign-in page with the Google button is axe-clean.
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, resetDemo, signIn, signOut } from './support';

test.beforeEach(async ({ request }) => {
  await resetDemo(request);
});

/** The sandbox issuer's form: any address and any password. */
async function throughSandboxIssuer(page: Page, email: string) {
  const login = page.locator('input[name="login"]');
  await expect(login).toBeVisible();
  await login.fill(email);
  await page.locator('input[name="password"]').fill('any-password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('a Google-account tenant signs in through the sandbox issuer and sees no security section', async ({ page }) => {
  await page.goto('/signin');
  const google = page.getByRole('link', { name: 'Sign in with Google' });
  await expect(google).toBeVisible();
  await expectAccessible(page);
  await google.click();
  await throughSandboxIssuer(page, 'casey.google@demo.test');

  // Back in the portal, signed in: a new account accepts the terms first.
  const accept = page.getByRole('button', { name: 'I accept' });
  await expect(accept).toBeVisible();
  const birth = page.getByLabel('Date of birth');
  if (await birth.isVisible()) await birth.fill('1992-05-14');
  await accept.click();
  await expect(accept).toBeHidden();
  expect(await page.evaluate(() => window.location.hash)).toBe('');

  await page.goto('/customer/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  const profile = page.getByRole('region', { name: 'Profile' });
  await expect(profile).toBeVisible();
  await expect(profile.getByRole('textbox', { name: /First name/ })).toHaveValue('Casey');
  await expect(page.getByRole('region', { name: 'Security' })).toHaveCount(0);
  await expect(page.getByLabel(/^Current password/)).toHaveCount(0);
  await expectAccessible(page);

  // The next time: straight in, as with Google (signing out of the portal does not sign out of the issuer, which
  // remembers the person and sends the browser right back), to the same account, found by the issuer's subject.
  await signOut(page);
  await page.goto('/signin?next=/customer/account');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await expect(page).toHaveURL(/\/customer\/account$/);
  await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Security' })).toHaveCount(0);
});

test('a password tenant keeps the security section; an unverified Google address is refused with its message', async ({
  page,
}) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  await page.goto('/customer/account');
  await expect(page.getByRole('region', { name: 'Security' })).toBeVisible();
  await signOut(page);

  await page.goto('/signin');
  await page.getByRole('link', { name: 'Sign in with Google' }).click();
  await throughSandboxIssuer(page, 'unverified:someone.new@demo.test');
  await expect(page).toHaveURL(/\/signin\?oauthError=unverified$/);
  await expect(page.getByRole('alert')).toContainText('Google has not verified this email address');
});
