// Insurance quote partners (issue 22, spec 2 §7 "Quote partners"): the demo tenant gets a NUERA quote on the Harbourview
// lease, opens the partner's sandbox page from the quote's link, buys (twice: one policy), opens the policy page (the
// provider's site) and finds the partner policy in their policies; then an APOLLO quote in French, cancelled. axe on
// every partner page at 1280 and 375 px in both languages; screenshots of each go to the test's output folder.
// The quote itself is asked through the API (POST /api/insurance/quote): the add-service modal that shows
// PartnerQuoteOptions belongs to the insurance card, which comes with the uploaded-policies work.
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { acceptTermsViaApi, expectAccessible, PASSWORD, resetDemo, TENANT } from './support';

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

test('get a partner quote, buy it on the partner’s sandbox page, then find the partner policy', async ({ page, request }) => {
  const headers = await bearer(request);
  const answer = await request.post('/api/insurance/quote', { headers, data: { leaseId: LEASE, partner: 'NUERA' } });
  expect(answer.status(), await answer.text()).toBe(200);
  const quote = await answer.json();
  expect(quote).toMatchObject({ partner: 'NUERA', monthlyCost: 20.3, yearlyCost: 231.42, currency: 'CAD' });

  await page.goto(`${quote.link}?lang=en`);
  await expect(page.getByRole('heading', { level: 1, name: 'Your tenant insurance quote' })).toBeFocused();
  await expect(page.getByText('Sandbox: test partner site')).toBeVisible();
  await expect(page.getByText('$20.30')).toBeVisible();
  await expect(page.getByText('$231.42')).toBeVisible();
  // before Buy or Cancel, nothing of after them shows
  await expect(page.getByRole('link', { name: 'Back to the tenant portal' })).toBeHidden();
  await checkEachWidth(page, 'nuera-quote-en');

  await page.getByRole('button', { name: 'Buy this policy' }).click();
  const status = page.getByRole('status');
  await expect(status).toContainText(/Your policy NU-\d{8} is bought/);
  const policyNumber = ((await status.textContent()) ?? '').match(/NU-\d{8}/)?.[0] ?? '';
  await expect(page.getByRole('link', { name: 'Back to the tenant portal' })).toHaveAttribute('href', '/customer/dashboard');
  await expect(page.getByRole('button', { name: 'Buy this policy' })).toBeHidden();
  await checkEachWidth(page, 'nuera-bought-en');

  // Buying again (a retry) answers the same policy: still one policy
  const again = await request.post(`${quote.link}/buy`, { data: {} });
  expect((await again.json()).policyNumber).toBe(policyNumber);

  await page.getByRole('link', { name: 'View your policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your tenant insurance policy' })).toBeVisible();
  await expect(page.getByText(policyNumber)).toBeVisible();
  await checkEachWidth(page, 'nuera-policy-en');
  const policyUrl = new URL(page.url()).pathname;

  // The tenant's policies: one NUERA partner policy with the provider's page (spec 2 §3 policyProvider)
  const search = await request.post('/api/INSURANCE_POLICY/search', {
    headers,
    data: { conditions: [{ field: 'leaseId', operator: 'EQUALS', value: LEASE }] },
  });
  expect(search.status()).toBe(200);
  const nuera = (await search.json()).records.filter((p: { policyProvider: string }) => p.policyProvider === 'NUERA');
  expect(nuera).toHaveLength(1);
  expect(nuera[0]).toMatchObject({ policyIdentifier: policyNumber, insuranceExternal: false, approvalStatus: 'APPROVED' });
  if ('providerUrl' in nuera[0]) expect(nuera[0].providerUrl).toBe(policyUrl);

  // the quote page now says it was bought, with no Buy button
  await page.goto(`${quote.link}?lang=en`);
  await expect(page.getByText(`You bought this quote: policy ${policyNumber}.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy this policy' })).toHaveCount(0);
});

test('a partner page in French, cancelled without buying', async ({ page, request }) => {
  const headers = await bearer(request);
  const answer = await request.post('/api/insurance/quote', { headers, data: { leaseId: LEASE, partner: 'APOLLO' } });
  expect(answer.status()).toBe(200);
  const quote = await answer.json();
  expect(quote).toMatchObject({ partner: 'APOLLO', yearlyCost: null });

  await page.goto(`${quote.link}?lang=fr`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { level: 1, name: 'Votre soumission d’assurance locataire' })).toBeVisible();
  await expect(page.getByText(/21,80\s\$/)).toBeVisible();
  await checkEachWidth(page, 'apollo-quote-fr');

  await page.getByRole('button', { name: 'Annuler' }).click();
  await expect(page.getByRole('status')).toHaveText(/Vous avez annulé\. Aucune police n’a été achetée/);
  await expect(page.getByRole('link', { name: 'Retour au portail des locataires' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Acheter cette police' })).toBeHidden();
  await checkEachWidth(page, 'apollo-cancelled-fr');

  const quotes = await request.get(`/api/insurance/quotes?leaseId=${LEASE}`, { headers });
  const mine = (await quotes.json()).records.find((q: { id: string }) => q.id === quote.id);
  expect(mine).toMatchObject({ status: 'QUOTED', policyId: null });
});
