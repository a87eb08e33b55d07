// The dashboard's service cards (issue 22, spec 2 §2 "Dashboard service cards", §9): the demo tenant's BC lease offers
// microlending with both partners, a custom card and the Canada-only neobank banner; the concierge has its own card.
// The microlending modal links out to the partners' sandbox pages; the US tenant sees none of the Canada-only cards.
// Opening the payment modal is a first-party tracking event an admin can read (a tenant cannot).
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, acceptTermsViaApi, PASSWORD, resetDemo, signIn, TENANT_US } from './support';

test.beforeEach(async ({ request }) => {
  await resetDemo(request);
  await acceptTermsViaApi(request);
});

const services = (page: Page) => page.getByRole('region', { name: 'Services' });

test('the demo tenant sees microlending, the custom card, the neobank banner and the concierge card', async ({
  page,
  context,
}) => {
  await signIn(page);
  await expect(page.getByTestId('lease-card').first()).toBeVisible();
  const area = services(page);

  const banner = area.getByRole('region', { name: 'Get $40.00 with a no-fee card' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: /Sign up for the card/ })).toHaveAttribute(
    'href',
    '/api/sandbox/neobank?lang=en',
  );

  // the tenant has three leases: the card names the property it is for
  const microloans = area.getByRole('region', { name: 'Microloans' });
  await expect(microloans).toHaveCount(1);
  await expect(microloans.getByText('Harbourview Residences')).toBeVisible();

  const custom = area.getByRole('region', { name: 'Harbourview amenities' });
  const image = custom.getByRole('img', { name: 'Harbourview amenities' });
  await expect(image).toBeVisible();
  // the image loads lazily (the services come last on the dashboard): in view, it loads from our own origin
  await image.scrollIntoViewIfNeeded();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const book = custom.getByRole('link', { name: /Book an amenity/ });
  await expect(book).toHaveAttribute('href', 'https://example.com/harbourview/amenities');
  await expect(book).toHaveAttribute('rel', 'noopener noreferrer');

  await expect(
    area.getByRole('region', { name: 'Tenant concierge' }).getByRole('button', { name: 'Join the concierge' }),
  ).toBeVisible();

  // The microlending modal: the loan partner first and chosen; continuing opens its sandbox page in a new tab.
  await microloans.getByRole('button', { name: 'See loan options' }).click();
  const dialog = page.getByRole('dialog', { name: 'Microloans' });
  const radios = dialog.getByRole('radio');
  await expect(radios).toHaveCount(2);
  await expect(radios.first()).toBeChecked();
  await expect(dialog.getByTestId('microloan-partner-MONEVO')).toContainText('Personal loan');
  const [partnerPage] = await Promise.all([
    context.waitForEvent('page'),
    dialog.getByRole('link', { name: /Continue to Monevo/ }).click(),
  ]);
  await expect(partnerPage.getByText(/SANDBOX/)).toBeVisible();
  await expect(partnerPage.getByRole('heading', { level: 1 })).toHaveText('Personal loan (sandbox loan partner)');
  await partnerPage.getByLabel(/Loan amount/).fill('2500');
  await partnerPage.getByLabel('Term').selectOption('24');
  await partnerPage.getByRole('button', { name: 'See my decision' }).click();
  await expect(partnerPage.getByRole('status')).toContainText('$2,500.00 over 24 months');
  await partnerPage.close();

  await radios.nth(1).check();
  await expect(dialog.getByRole('link', { name: /Continue to PayPal Credit/ })).toHaveAttribute(
    'href',
    '/api/sandbox/microloans/PAYPAL_CREDIT?lang=en',
  );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // The banner can be dismissed, and stays dismissed on the next visit.
  await banner.getByRole('button', { name: 'Dismiss the card offer' }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(area.getByRole('region', { name: 'Microloans' })).toBeVisible();
  await expect(page.getByTestId('neobank-banner')).toHaveCount(0);
});

test('in French, the cards and the amount in French', async ({ page }) => {
  await signIn(page);
  await expect(page.getByTestId('lease-card').first()).toBeVisible();
  await page
    .getByRole('navigation', { name: /main|principale/i })
    .getByLabel('Language')
    .selectOption('fr');
  const area = page.getByRole('region', { name: 'Services' });
  await expect(area.getByRole('region', { name: /^Obtenez 40,00\s\$ avec une carte sans frais$/ })).toBeVisible();
  await area.getByRole('button', { name: 'Voir les options de prêt' }).click();
  const dialog = page.getByRole('dialog', { name: 'Microprêts' });
  await expect(dialog.getByRole('link', { name: /Continuer vers Monevo/ })).toHaveAttribute(
    'href',
    '/api/sandbox/microloans/MONEVO?lang=fr',
  );
});

test('the US tenant sees none of the Canada-only cards, nor microlending', async ({ page, request }) => {
  await acceptTermsViaApi(request, TENANT_US);
  await signIn(page, TENANT_US);
  await expect(page.getByTestId('lease-card').first()).toBeVisible();
  await expect(page.getByTestId('neobank-banner')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Microloans' })).toHaveCount(0);
  await expect(page.getByTestId('service-custom-card')).toHaveCount(0);
});

test('opening the payment modal is a tracking event an admin sees, not the tenant', async ({ page, request }) => {
  await signIn(page);
  const lease = page.locator('[data-lease-status="ACTIVE"]').first();
  await expect(lease.getByTestId('lease-balance')).toBeVisible();
  const tracked = page.waitForResponse((r) => r.url().endsWith('/api/tracking/PAYMENT_OPEN'));
  await lease.getByRole('button', { name: 'One-time payment' }).click();
  expect((await tracked).status()).toBe(204);

  const token = async (email: string) => {
    const auth = await request.get('/api/authorize', {
      headers: { authorization: `Basic ${Buffer.from(`${email}:${PASSWORD}`).toString('base64')}` },
    });
    return { authorization: `Bearer ${(await auth.json()).access_token}` };
  };
  const listed = await request.get('/api/admin/tracking_events?event=PAYMENT_OPEN', { headers: await token(ADMIN) });
  expect(listed.status()).toBe(200);
  expect((await listed.json()).totalRecords).toBeGreaterThanOrEqual(1);
  const asTenant = await request.get('/api/admin/tracking_events', {
    headers: await page.evaluate(() => ({ authorization: `Bearer ${localStorage.getItem('access_token')}` })),
  });
  expect(asTenant.status()).toBe(403);
});
