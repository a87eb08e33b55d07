// Paying rent (issue 8): the overdue balance by Visa with its receipt, the payment in past payments and the new balance;
// the US tenant's partial payment and overpayment refused; a declined card; the soft-maximum Cancel recorded with its
// receipt — axe-core on each step; one journey in French, one at phone width.
import { expect, type Page, test } from '@playwright/test';
import { acceptTermsViaApi, expectAccessible, resetDemo, signIn, TENANT_US } from './support';

test.beforeEach(async ({ request }) => {
  await resetDemo(request);
  await acceptTermsViaApi(request);
});

async function openPayment(page: Page, email?: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  const lease = page.locator('[data-lease-status="ACTIVE"]').first();
  await lease.getByRole('button', { name: 'One-time payment' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Make a payment' })).toBeVisible();
  return { lease, dialog };
}

test('pays the overdue balance by Visa: summary with fee and total, receipt, past payments and the new balance', async ({
  page,
}) => {
  const { lease, dialog } = await openPayment(page);
  await expect(lease.getByTestId('lease-balance')).toHaveText('$3,775.00');
  // Terminated and pending leases cannot be paid (spec 1 §4).
  await expect(page.locator('[data-lease-status="TERMINATED"]').getByRole('button', { name: 'One-time payment' })).toBeDisabled();
  await expect(page.locator('[data-lease-status="PENDING"]').getByRole('button', { name: 'One-time payment' })).toBeDisabled();

  const amount = dialog.getByLabel(/^Amount to pay/);
  await expect(amount).toHaveValue('3775.00');
  await amount.fill('1925.00');
  await dialog.getByRole('radio', { name: /Visa 4242/ }).check();
  await expect(dialog.getByText('Fee: $55.82')).toBeVisible(); // 2.90% of 1,925.00, rounded down
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Continue' }).click();

  await expect(dialog.getByRole('heading', { name: 'Payment summary' })).toBeVisible();
  await expect(dialog).toContainText('$1,925.00');
  await expect(dialog).toContainText('$55.82');
  await expect(dialog).toContainText('$1,980.82');
  await expectAccessible(page, '[role="dialog"]');
  // Back keeps what was entered.
  await dialog.getByRole('button', { name: 'Back' }).click();
  await expect(dialog.getByLabel(/^Amount to pay/)).toHaveValue('1925.00');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: 'Pay $1,980.82' }).click();

  await expect(dialog.getByText('Confirmation ID')).toBeVisible();
  await expect(dialog.getByText(/^RL-[A-Z2-9]{6}$/)).toBeVisible();
  await expect(dialog).toContainText('Visa 4242');
  await expect(dialog).toContainText('$1,980.82');
  await expect(dialog.getByRole('button', { name: 'Print' })).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  await expect(lease.getByTestId('lease-balance')).toHaveText('$1,850.00');
  const latest = page.getByTestId('past-payment').first();
  await expect(latest).toContainText('$1,925.00');
  await expect(latest).toContainText('COMPLETE');
});

test('the US tenant: a partial payment and an overpayment are refused with the payable amount', async ({ page, request }) => {
  await acceptTermsViaApi(request, TENANT_US);
  const { dialog } = await openPayment(page, TENANT_US);
  await dialog.getByLabel(/^Amount to pay/).fill('100.00');
  await dialog.getByRole('radio', { name: /Mastercard 4444/ }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText(/partial payments/i)).toContainText('2,400.00');
  await expect(dialog.getByRole('heading', { name: 'Payment summary' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();

  await dialog.getByLabel(/^Amount to pay/).fill('5000.00');
  await expect(dialog.getByRole('checkbox', { name: 'Pay more than my balance' })).toBeDisabled();
  await expect(dialog.getByText('Overpaying future charges is not allowed', { exact: false })).toContainText('2,400.00');
  await expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await expectAccessible(page, '[role="dialog"]');
});

test('a declined card is refused and the tenant chooses another method; above the soft maximum, Cancel records the attempt', async ({
  page,
  request,
}) => {
  // A card that adds fine but is refused when charged (sandbox: insufficient funds).
  const auth = await request.get('/api/authorize', {
    headers: { authorization: `Basic ${Buffer.from('tenant@demo.test:Demo1234').toString('base64')}` },
  });
  const { access_token } = await auth.json();
  const added = await request.post('/api/create', {
    headers: { authorization: `Bearer ${access_token}`, 'session-id': 'e2e' },
    data: {
      type: 'TYPE_CREDIT_CARD',
      cardNumber: '4000000000009995',
      cvv: '123',
      expiryMonth: 12,
      expiryYear: 2031,
      nameOnCard: 'Camille Tremblay',
      country: 'CA',
      billingAddress: {
        street1: '1250 Granville Street',
        city: 'Vancouver',
        province: 'BC',
        postalCode: 'V6Z 1M6',
        country: 'CA',
      },
    },
  });
  expect(added.status()).toBe(201);

  const { lease, dialog } = await openPayment(page);
  await dialog.getByLabel(/^Amount to pay/).fill('100.00');
  await dialog.getByRole('radio', { name: /Visa 9995/ }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('button', { name: /^Pay / }).click();
  await expect(dialog.getByRole('alert').first()).toContainText(/insufficient funds/i);
  await expect(dialog.getByRole('heading', { name: 'Make a payment' })).toBeVisible();
  await expect(lease.getByTestId('lease-balance')).toHaveText('$3,775.00');

  // The company's soft maximum is $5,000.00: above it Cancel replaces Back and records the attempt.
  await dialog.getByLabel(/^Amount to pay/).fill('6000.00');
  await dialog.getByRole('checkbox', { name: 'Pay more than my balance' }).check();
  await dialog.getByRole('radio', { name: /Visa 4242/ }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByRole('button', { name: 'Back' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel payment' }).click();
  // issue 20: a cancelled attempt is not a receipt, and it is not a past payment
  await expect(dialog.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
  await expect(dialog.getByText('You cancelled this payment of $6,000.00. Nothing was charged.')).toBeVisible();
  await expect(dialog.getByTestId('receipt')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(lease.getByTestId('lease-balance')).toHaveText('$3,775.00');
  await expect(page.getByTestId('past-payment').filter({ hasText: '$6,000.00' })).toHaveCount(0);
});

test('en français, sur un téléphone : payer par Visa et voir le reçu', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page);
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  const token = await page.evaluate(() => Object.values(localStorage).find((v) => v.split('.').length === 3) ?? '');
  expect(token).not.toBe('');
  await page.evaluate(
    async ([t]) =>
      fetch('/api/customer/00000000-0000-4000-8000-000000000001/update', {
        method: 'PATCH',
        headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' },
        body: JSON.stringify({ languageCode: 'fr' }),
      }),
    [token],
  );
  await page.reload();
  const lease = page.locator('[data-lease-status="ACTIVE"]').first();
  await lease.getByRole('button', { name: 'Paiement unique' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Montant à payer/).fill('50.00');
  await dialog.getByRole('radio', { name: /Visa 4242/ }).check();
  await dialog.getByRole('button', { name: 'Continuer' }).click();
  // The summary shows its fee once calculated: wait for the total (2.90 % of 50,00 $ → 1,45 $).
  await expect(dialog.getByRole('heading', { name: 'Récapitulatif du paiement' })).toBeVisible();
  await expect(dialog).toContainText(/51,45\s\$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await dialog.getByRole('button', { name: /^Payer / }).click();
  await expect(dialog.getByText('Numéro de confirmation')).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
});

// issue 20 §1: "12,50" typed in French used to become 1250.00 (the comma dropped): a tenant paid 100 times the amount.
test('en français à 375 px : « 12,50 » se lit douze dollars cinquante, au récapitulatif et sur le reçu', async ({
  page,
  request,
}) => {
  const auth = await request.get('/api/authorize', {
    headers: { authorization: `Basic ${Buffer.from('tenant@demo.test:Demo1234').toString('base64')}` },
  });
  const { access_token } = await auth.json();
  const claims = JSON.parse(Buffer.from(access_token.split('.')[1], 'base64url').toString());
  const saved = await request.patch(`/api/customer/${claims.sessionRole.id}/update`, {
    headers: { authorization: `Bearer ${access_token}` },
    data: { languageCode: 'fr' },
  });
  expect(saved.status()).toBe(200);
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page);
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  const lease = page.locator('[data-lease-status="ACTIVE"]').first();
  await lease.getByRole('button', { name: 'Paiement unique' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Effectuer un paiement' })).toBeVisible();

  const amount = dialog.getByLabel(/^Montant à payer/);
  await expect(amount).toHaveValue('3775,00');
  // typed key by key, as a tenant does: the comma stays
  await amount.clear();
  await amount.pressSequentially('12,50');
  await amount.blur();
  await expect(amount).toHaveValue('12,50');
  await dialog.getByRole('radio', { name: /Visa 4242/ }).check();
  await expect(dialog.getByText(/^Frais de transaction\s*:\s*0,36\s\$$/)).toBeVisible(); // 2,90 % de 12,50 $, arrondi vers le bas
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Continuer' }).click();

  await expect(dialog.getByRole('heading', { name: 'Récapitulatif du paiement' })).toBeVisible();
  const summary = dialog.getByTestId('payment-summary');
  await expect(summary.locator('tr[data-field="amount"] td')).toHaveText(/^12,50\s\$$/);
  await expect(summary.locator('tr[data-field="total"] td')).toHaveText(/^12,86\s\$$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: /^Payer 12,86\s\$$/ }).click();

  const receipt = dialog.getByTestId('receipt');
  await expect(receipt.locator('tr[data-field="amount"] td')).toHaveText(/^12,50\s\$$/);
  await expect(receipt.locator('tr[data-field="total"] td')).toHaveText(/^12,86\s\$$/);
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Fermer' }).last().click();
  // the balance fell by 12,50 $, not by 1 250,00 $
  await expect(lease.getByTestId('lease-balance')).toHaveText(/^3\s762,50\s\$$/);
});
