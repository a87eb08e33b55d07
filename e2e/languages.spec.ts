// issue 9 "Languages": the sign-in page's language wins at sign-in and is saved; a French tenant reloading sees French
// at the first paint; the selector works while an admin views the portal as the tenant; the terms modal takes the
// focus, offers the language choice and asks for a missing birth date in place.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { ADMIN, acceptTermsViaApi, PASSWORD, resetDemo, signIn, TENANT } from './support';

async function tenantToken(request: APIRequestContext, email = TENANT): Promise<{ token: string; id: string }> {
  const auth = await request.get('/api/authorize', {
    headers: { authorization: `Basic ${Buffer.from(`${email}:${PASSWORD}`).toString('base64')}` },
  });
  const { access_token } = await auth.json();
  const claims = JSON.parse(Buffer.from(access_token.split('.')[1], 'base64url').toString());
  return { token: access_token, id: claims.sessionRole.id };
}

async function savedCustomer(request: APIRequestContext) {
  const { token, id } = await tenantToken(request);
  const res = await request.get(`/api/customer/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return res.json();
}

async function patchCustomer(request: APIRequestContext, body: object) {
  const { token, id } = await tenantToken(request);
  const res = await request.patch(`/api/customer/${id}/update`, { headers: { authorization: `Bearer ${token}` }, data: body });
  expect(res.status()).toBe(200);
}

const navigation = (page: Page, name: RegExp) => page.getByRole('navigation', { name });

test.beforeEach(async ({ request }) => {
  await resetDemo(request);
});

test('a language chosen on the sign-in page wins at sign-in and is saved to the customer', async ({ page, request }) => {
  await acceptTermsViaApi(request);
  expect((await savedCustomer(request)).languageCode).toBe('en');
  await page.goto('/signin');
  await page.getByLabel('Language').selectOption('fr');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await page.getByLabel(/^Courriel/).fill(TENANT);
  await page.getByLabel(/^Mot de passe/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
  await expect(page.getByRole('heading', { name: /Bienvenue, Camille/ })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  // It stays French once the customer record has loaded: it was saved.
  await expect(navigation(page, /Navigation principale/).getByRole('link', { name: 'Tableau de bord' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  expect((await savedCustomer(request)).languageCode).toBe('fr');
});

test('a French tenant reloading sees French at the first paint, never English', async ({ page, request }) => {
  await acceptTermsViaApi(request);
  await patchCustomer(request, { languageCode: 'fr' });
  await signIn(page);
  await expect(page.getByRole('heading', { name: /Bienvenue, Camille/ })).toBeVisible();

  // Records the document's language and the first text the app paints, as the page loads.
  await page.addInitScript(() => {
    const w = window as unknown as { firstPaint?: { lang: string; text: string }; langAtDomContentLoaded?: string };
    document.addEventListener('DOMContentLoaded', () => {
      w.langAtDomContentLoaded = document.documentElement.lang;
    });
    new MutationObserver((_m, observer) => {
      const root = document.getElementById('root');
      const text = root?.textContent?.trim() ?? '';
      if (!text) return;
      w.firstPaint = { lang: document.documentElement.lang, text };
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await page.reload({ waitUntil: 'domcontentloaded' });
  await expect(page.getByRole('heading', { name: /Bienvenue, Camille/ })).toBeVisible();
  const { firstPaint, langAtDomContentLoaded } = await page.evaluate(() => {
    const w = window as unknown as { firstPaint?: { lang: string; text: string }; langAtDomContentLoaded?: string };
    return { firstPaint: w.firstPaint, langAtDomContentLoaded: w.langAtDomContentLoaded };
  });
  expect(langAtDomContentLoaded).toBe('fr');
  expect(firstPaint?.lang).toBe('fr');
  expect(firstPaint?.text).toContain('Tableau de bord');
  expect(firstPaint?.text).not.toMatch(/\bDashboard\b|Sign out|Payment and services/);
});

test('while an admin views the portal as the tenant, the language selector switches and saves', async ({ page, request }) => {
  await acceptTermsViaApi(request);
  await signIn(page, ADMIN);
  await expect(page).toHaveURL(/\/admin\/tenants$/);
  await page.getByLabel('Search tenants').fill('Tremblay');
  const row = page
    .getByRole('row', { name: /Camille Tremblay/ })
    .filter({ hasText: 'Active' })
    .first();
  await row.getByRole('button', { name: 'View as tenant: Camille Tremblay' }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
  await expect(page.getByText('You are viewing the portal as Camille Tremblay')).toBeVisible();

  await navigation(page, /Main navigation/)
    .getByLabel('Language')
    .selectOption('fr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(navigation(page, /Navigation principale/).getByRole('link', { name: 'Tableau de bord' })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(navigation(page, /Navigation principale/).getByLabel('Langue')).toHaveValue('fr');
  expect((await savedCustomer(request)).languageCode).toBe('fr');
});

test('the terms modal takes the focus, offers the language and asks for a missing birth date in place', async ({
  page,
  request,
}) => {
  await patchCustomer(request, { birthDate: null });
  await signIn(page);
  const dialog = page.getByRole('dialog', { name: 'Terms of use' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Terms of use', exact: true })).toBeFocused();
  // Tab stays inside the modal: the covered page is out of reach.
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }

  await dialog.getByLabel('Language', { exact: true }).selectOption('fr');
  const frDialog = page.getByRole('dialog', { name: 'Conditions d’utilisation' });
  await expect(frDialog.getByRole('heading', { name: /^1\. Acceptation/ })).toBeVisible();
  expect((await savedCustomer(request)).languageCode).toBe('fr');

  const birth = frDialog.getByLabel(/^Date de naissance/);
  await expect(birth).toHaveAttribute('placeholder', 'aaaa-mm-jj');
  await frDialog.getByRole('button', { name: 'J’accepte' }).click();
  await expect(birth).toHaveAttribute('aria-invalid', 'true');
  await birth.fill('2030-01-01');
  await frDialog.getByRole('button', { name: 'J’accepte' }).click();
  await expect(frDialog.getByText('La date de naissance doit être dans le passé')).toBeVisible();
  await birth.fill('1990-04-12');
  await frDialog.getByRole('button', { name: 'J’accepte' }).click();
  await expect(frDialog).toBeHidden();
  const saved = await savedCustomer(request);
  expect(saved).toMatchObject({ birthDate: '1990-04-12', acknowledgedTerms: true, languageCode: 'fr' });
});
