// issue 25 "Accounts people can recover": "Forgot password?" on the sign-in page → the demo's sandbox inbox → the
// mail's link → a new password → signed in; the link works once; the old password is refused. Once in English (a
// tenant), once in French at phone width (manager2@demo.test, whose account and mail are French).
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, PASSWORD, resetDemo, signIn, signOut, TENANT } from './support';

test.beforeEach(async ({ request }) => {
  await resetDemo(request);
});

/** Opens the newest mail with that subject in the sandbox inbox (the list refreshes itself as the outbox sends). */
async function openMail(page: Page, subject: string | RegExp): Promise<void> {
  const message = page.getByRole('button', { name: subject }).first();
  await expect(message).toBeVisible({ timeout: 20_000 });
  await message.click();
  await expect(page.getByRole('heading', { name: subject })).toBeVisible();
}

test('forgot password (English): the sandbox inbox has the link, it sets a new password and signs in, once', async ({ page }) => {
  await page.goto('/signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Email').fill(TENANT);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  await expect(page.getByText(`If an account uses ${TENANT}, we sent it a link`)).toBeVisible();

  await page.getByRole('link', { name: 'Open the demo inbox' }).click();
  await expect(page).toHaveURL(/\/sandbox\/mail\?to=/);
  await openMail(page, 'Reset your password');
  await expectAccessible(page);
  const link = page.getByRole('link', { name: /\/reset-password\// }).first();
  const href = await link.getAttribute('href');
  expect(href).toMatch(/\/reset-password\/[A-Za-z0-9_-]{43}$/);
  await link.click();

  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page.getByText('For the account t•••@demo.test.')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(/^New password/).fill('weak');
  await page.getByLabel(/^Confirm new password/).fill('weak');
  await page.getByRole('button', { name: 'Save and sign in' }).click();
  await expect(page.getByText(/Minimum 8 characters|at least 8 characters/i).first()).toBeVisible();
  await page.getByLabel(/^New password/).fill('Renewed2026');
  await page.getByLabel(/^Confirm new password/).fill('Renewed2026');
  await page.getByRole('button', { name: 'Save and sign in' }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard/);

  // The account is told, in the inbox too.
  await page.goto(`/sandbox/mail?to=${encodeURIComponent(TENANT)}`);
  await openMail(page, 'Your password was changed');

  // The link works once.
  await page.goto(new URL(href ?? '', page.url()).pathname);
  await expect(page.getByRole('heading', { name: 'This link has expired or was already used' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();

  // The old password no longer signs in; the new one does.
  await signOut(page);
  await signIn(page, TENANT, PASSWORD);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/signin/);
  await signIn(page, TENANT, 'Renewed2026');
  await expect(page).toHaveURL(/\/customer\/dashboard/);
});

test('mot de passe oublié (French, phone width): the French mail, the link, a new password, the console', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/signin');
  await page.getByLabel('Language').selectOption('fr');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page.getByRole('heading', { name: 'Réinitialiser votre mot de passe' })).toBeVisible();
  await page.getByLabel('Courriel').fill('manager2@demo.test');
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByRole('heading', { name: 'Consultez vos courriels' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Ouvrir la boîte de réception de démonstration' }).click();
  // manager2's account is French: so is the mail.
  await openMail(page, 'Réinitialisez votre mot de passe');
  await expectAccessible(page);
  await page
    .getByRole('link', { name: /\/reset-password\// })
    .first()
    .click();

  await expect(page.getByRole('heading', { name: 'Choisir un nouveau mot de passe' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(/^Nouveau mot de passe/).fill('Nouveau2026');
  await page.getByLabel(/^Confirmer le nouveau mot de passe/).fill('Nouveau2026');
  await page.getByRole('button', { name: 'Enregistrer et me connecter' }).click();
  // A manager lands in the console, signed in.
  await expect(page).toHaveURL(/\/admin\//);
  await signOut(page);
  await signIn(page, 'manager2@demo.test', 'Nouveau2026');
  await expect(page).toHaveURL(/\/admin\//);
});
