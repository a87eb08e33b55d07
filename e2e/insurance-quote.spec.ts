// Insurance quote partners (issue 22, spec 2 §7 "Quote partners"): the demo tenant gets a NUERA quote on the Harbourview
// lease, opens the partner's sandbox page from the quote's link, buys (twice: one policy), opens the policy page (the
// provider's site) and sees the partner policy with its button to that site on the dashboard and /customer/payment; then an APOLLO quote in French, cancelled. axe on
// every partner page at 1280 and 375 px in both languages; screenshots of each go to the test's output folder.
// The first journey goes through the dashboard's insurance card and its add-service modal (PartnerQuoteOptions); the
// French one asks its quote through the API (POST /api/insurance/quote).
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { acceptTermsViaApi, expectAccessible, PASSWORD, resetDemo, signIn, TENANT } from './support';

const LEASE = '00000000-0000-4000-8000-000000000301';
const WIDTHS = [1280, 375] as const;

async function bearer(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.get('/api/authorize', {
    headers: { authorization: `Basic ${Buffer.from(`${TENANT}:${PASSWORD}`).toString('base64')}` },
  });
  expect(res.status()).toBe(200);
  return { authorization: `Bearer ${(await res.json()).access_token}` };
}

async function checkEachWidth(page: Page, name: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.beforeEach(async ({ request }) => {
  await resetDemo(request);
  await acceptTermsViaApi(request);
});

test('get a partner quote, buy it on the partner’s sandbox page, then see the partner policy', async ({ page, request }) => {
  const headers = await bearer(request);
  await signIn(page);
  await page.waitForURL(/\/customer\/dashboard/);
  const card = page.getByTestId('insurance-card');
  await card.getByRole('button', { name: 'Add insurance' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add insurance' });
  const nueraCard = dialog.getByRole('region', { name: 'Nuera' });
  await expect(dialog.getByRole('region', { name: 'Mello' })).toBeVisible();
  await expect(dialog.getByRole('region', { name: 'Apollo' })).toBeVisible();
  await nueraCard.getByRole('button', { name: 'Get a quote' }).click();
  await expect(nueraCard.getByText('$20.30 per month')).toBeVisible();
  await expect(nueraCard.getByText('or $231.42 per year')).toBeVisible();
  const buyLink = nueraCard.getByRole('link', { name: /Buy on Nuera's site/ });
  await expect(buyLink).toBeFocused();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 1400 });
    await expectAccessible(page, '[role="dialog"]');
    await page.screenshot({ path: test.info().outputPath(`partner-options-quoted-en-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // the partner's page opens in a new tab
  const popupOpened = page.waitForEvent('popup');
  await buyLink.click();
  const partner = await popupOpened;
  const quoteUrl = new URL(partner.url()).pathname;
  await expect(partner.getByRole('heading', { level: 1, name: 'Your tenant insurance quote' })).toBeFocused();
  await expect(partner.getByText('Sandbox: test partner site')).toBeVisible();
  await expect(partner.getByText('$20.30')).toBeVisible();
  await expect(partner.getByText('$231.42')).toBeVisible();
  // before Buy or Cancel, nothing of after them shows
  await expect(partner.getByRole('link', { name: 'Back to the tenant portal' })).toBeHidden();
  await checkEachWidth(partner, 'nuera-quote-en');

  await partner.getByRole('button', { name: 'Buy this policy' }).click();
  const status = partner.getByRole('status');
  await expect(status).toContainText(/Your policy NU-\d{8} is bought/);
  const policyNumber = ((await status.textContent()) ?? '').match(/NU-\d{8}/)?.[0] ?? '';
  await expect(partner.getByRole('link', { name: 'Back to the tenant portal' })).toHaveAttribute('href', '/customer/dashboard');
  await expect(partner.getByRole('button', { name: 'Buy this policy' })).toBeHidden();
  await checkEachWidth(partner, 'nuera-bought-en');

  // Buying again (a retry) answers the same policy: still one policy
  const again = await request.post(`${quoteUrl}/buy`, { data: {} });
  expect((await again.json()).policyNumber).toBe(policyNumber);

  await partner.getByRole('link', { name: 'View your policy' }).click();
  await expect(partner.getByRole('heading', { level: 1, name: 'Your tenant insurance policy' })).toBeVisible();
  await expect(partner.getByText(policyNumber)).toBeVisible();
  await checkEachWidth(partner, 'nuera-policy-en');
  const policyUrl = new URL(partner.url()).pathname;
  await partner.close();

  // Back in the portal's tab (the browser tells the page it has the focus again): the card shows the partner policy
  // with its button to the provider's site, and no terminate
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  const providerLink = card.getByRole('link', { name: /Manage on Nuera's site/ });
  await expect(providerLink).toHaveAttribute('href', policyUrl);
  await expect(card.getByText(policyNumber)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('dashboard-partner-policy-en.png'), fullPage: true });

  // /customer/payment lists it too
  await page.goto('/customer/payment');
  await expect(page.getByRole('link', { name: /Manage on Nuera's site/ })).toHaveAttribute('href', policyUrl);

  // The tenant's policies: one NUERA partner policy (spec 2 §3 policyProvider)
  const search = await request.post('/api/INSURANCE_POLICY/search', {
    headers,
    data: { conditions: [{ field: 'leaseId', operator: 'EQUALS', value: LEASE }] },
  });
  expect(search.status()).toBe(200);
  const nuera = (await search.json()).records.filter((p: { policyProvider: string }) => p.policyProvider === 'NUERA');
  expect(nuera).toHaveLength(1);
  expect(nuera[0]).toMatchObject({
    policyIdentifier: policyNumber,
    insuranceExternal: false,
    approvalStatus: 'APPROVED',
    providerUrl: policyUrl,
  });

  // the quote page now says it was bought, with no Buy button
  await page.goto(`${quoteUrl}?lang=en`);
  await expect(page.getByText(`You bought this quote: policy ${policyNumber}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy this policy' })).toHaveCount(0);
});

test('in French: an APOLLO quote (monthly only), its partner page, cancelled without buying', async ({ page, request }) => {
  const headers = await bearer(request);
  // the tenant's language is French (the portal starts in it at sign-in)
  const me = JSON.parse(Buffer.from(headers.authorization.split('.')[1], 'base64url').toString()).sessionRole.id;
  const saved = await request.patch(`/api/customer/${me}/update`, { headers, data: { languageCode: 'fr' } });
  expect(saved.status()).toBe(200);
  await signIn(page);
  await page.waitForURL(/\/customer\/dashboard/);
  await page.getByTestId('insurance-card').getByRole('button', { name: 'Ajouter une assurance' }).first().click();
  const apollo = page.getByRole('dialog').getByRole('region', { name: 'Apollo' });
  await apollo.getByRole('button', { name: 'Obtenir une soumission' }).click();
  await expect(apollo.getByText(/^21,80\s\$\spar mois$/)).toBeVisible();
  await expect(apollo.getByText(/par année/)).toHaveCount(0);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 1400 });
    await expectAccessible(page, '[role="dialog"]');
    await page.screenshot({ path: test.info().outputPath(`partner-options-quoted-fr-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  const popupOpened = page.waitForEvent('popup');
  await apollo.getByRole('link', { name: /Acheter sur le site d’Apollo/ }).click();
  const partner = await popupOpened;
  await expect(partner.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(partner.getByRole('heading', { level: 1, name: 'Votre soumission d’assurance locataire' })).toBeVisible();
  await expect(partner.getByText(/21,80\s\$/)).toBeVisible();
  await checkEachWidth(partner, 'apollo-quote-fr');

  await partner.getByRole('button', { name: 'Annuler' }).click();
  await expect(partner.getByRole('status')).toHaveText(/Vous avez annulé\. Aucune police n’a été achetée/);
  await expect(partner.getByRole('link', { name: 'Retour au portail des locataires' })).toBeFocused();
  await expect(partner.getByRole('button', { name: 'Acheter cette police' })).toBeHidden();
  await checkEachWidth(partner, 'apollo-cancelled-fr');

  const quotes = await request.get(`/api/insurance/quotes?leaseId=${LEASE}`, { headers });
  const apolloQuotes = (await quotes.json()).records.filter((q: { partner: string }) => q.partner === 'APOLLO');
  expect(apolloQuotes).toHaveLength(1);
  expect(apolloQuotes[0]).toMatchObject({ status: 'QUOTED', policyId: null, yearlyCost: null });
});
