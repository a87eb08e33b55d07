// issue 23 "Money": manager@demo.test refunds part of a card payment of tenant@demo.test from the console's ledger
// (/admin/ledger: property picked, the payment's Refund, amount and written reason), and the tenant sees the REFUND in
// past payments. axe at 1280 and 375 px on the ledger and the refund modal.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { acceptTermsViaApi, expectAccessible, PASSWORD, resetDemo, signIn, signOut, TENANT } from './support';

const MANAGER = 'manager@demo.test';

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const auth = await request.get('/api/authorize', {
    headers: { authorization: `Basic ${Buffer.from(`${email}:${PASSWORD}`).toString('base64')}` },
  });
  expect(auth.status()).toBe(200);
  return (await auth.json()).access_token as string;
}

/** A card payment of the tenant through the API (as the payment modal makes it); answers its confirmation id. */
async function tenantPaysByCard(request: APIRequestContext, amount: number): Promise<string> {
  const headers = { authorization: `Bearer ${await tokenOf(request, TENANT)}` };
  const leases = await request.post('/api/property_lease/search?page=1&recordsPerPage=20', {
    headers,
    data: { conditions: [{ field: 'status', operator: 'EQUALS', value: 'ACTIVE' }] },
  });
  expect(leases.status()).toBe(200);
  const lease =
    (await leases.json()).records.find((l: { unit?: string }) => l.unit === '804') ?? (await leases.json()).records[0];
  const methods = await request.post('/api/payment_method/search?page=1&recordsPerPage=50', {
    headers,
    data: { conditions: [{ field: 'type', operator: 'EQUALS', value: 'TYPE_CREDIT_CARD' }] },
  });
  expect(methods.status()).toBe(200);
  const card = (await methods.json()).records.find((m: { last4?: string }) => m.last4 === '4242');
  const paid = await request.post('/api/processpayment', {
    headers: { ...headers, 'idempotency-key': `e2e-ledger-${Date.now()}` },
    data: {
      billingAccountId: lease.id,
      billingAccountType: 'TYPE_PROPERTY_LEASE',
      paymentMethodId: card.id,
      paymentMethodType: 'TYPE_CREDIT_CARD',
      amount,
    },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  return (await paid.json()).confirmationId as string;
}

test.beforeEach(async ({ request }) => {
  await resetDemo(request);
  await acceptTermsViaApi(request);
});

test('a manager refunds part of a payment from the ledger and the tenant sees the refund', async ({ page, request }) => {
  const confirmationId = await tenantPaysByCard(request, 120);

  await signIn(page, MANAGER);
  await expect(page).toHaveURL(/\/admin\//);
  await page.getByRole('link', { name: 'Ledger', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Ledger', level: 1 })).toBeVisible();
  await page.getByLabel('Property').selectOption({ label: 'Harbourview Residences (Vancouver)' });
  const table = page.getByTestId('ledger-table');
  await expect(table).toBeVisible();
  await expect(page.getByTestId('ledger-total-balance')).toContainText('$');
  await expectAccessible(page);

  // The newest rows are on the last page.
  const pageOf = page.getByText(/^Page \d+ of \d+$/);
  if (await pageOf.isVisible()) {
    const last = Number(((await pageOf.textContent()) ?? '').split(' of ')[1]);
    for (let i = 1; i < last; i++) await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByRole('button', { name: `Refund payment ${confirmationId}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund a payment' });
  await expect(dialog.getByTestId('refundable')).toHaveText('Still refundable: $120.00');
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByLabel(/Amount to refund/).fill('25');
  await dialog.getByLabel(/Reason/).fill('Tenant asked in writing: parking not used in November');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(dialog.getByRole('status')).toContainText('$25.00 was refunded');
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // At 375 px the page stays usable (the table scrolls in its own region).
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(page.getByRole('region', { name: /rows$/ })).toBeVisible();
  await expectAccessible(page);
  await signOut(page);

  // The tenant sees the refund first in past payments.
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, TENANT);
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  const first = page.getByTestId('past-payment').first();
  await expect(first).toContainText(/refund/i);
  await expect(first).toContainText('25.00');
});
