// Dashboard, read side (issue 2): leases, billing details, past payments with pages and receipts, upcoming payment,
// applications, isolation between tenants, French, and a phone-width layout.
import { expect, type Locator, type Page, test } from '@playwright/test';
import { acceptTermsViaApi, resetDemo, signIn, TENANT_US } from './support';

// Intl puts narrow or regular no-break spaces in French amounts: compare with plain spaces.
const spaced = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
const receiptValue = (receipt: Locator, field: string) => receipt.locator(`tr[data-field="${field}"] td`);

async function openDashboard(page: Page, email?: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  await expect(page.getByTestId('lease-card').first()).toBeVisible();
}

test.beforeEach(async ({ request }) => {
  await resetDemo(request);
  await acceptTermsViaApi(request);
});

test('the tenant sees the leases, billing details, the upcoming payment and the applications', async ({ page }, testInfo) => {
  await openDashboard(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Welcome, Camille!' })).toBeVisible();

  const cards = page.getByTestId('lease-card');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0)).toHaveAttribute('data-lease-status', 'ACTIVE');
  await expect(cards.nth(1)).toHaveAttribute('data-lease-status', 'PENDING');

  const active = cards.filter({ hasText: 'Harbourview Residences' });
  await expect(active.getByRole('heading', { name: 'Harbourview Residences – Unit 804' })).toBeVisible();
  await expect(active).toContainText('Parking stall P2-14 is included with this lease.');
  await expect(active).toContainText('1250 Granville Street');
  await expect(active.getByTestId('lease-balance')).toHaveText('$3,775.00');
  await expect(active.getByText('Overdue')).toBeVisible();

  const pending = page.locator('[data-lease-status="PENDING"]');
  await expect(pending.getByRole('status')).toHaveText('Payments are not allowed while this lease is pending.');
  // manageBalance NO: no balance on the pending lease's card
  await expect(pending.getByTestId('lease-balance')).toHaveCount(0);

  const terminated = page.locator('[data-lease-status="TERMINATED"]');
  await expect(terminated.getByRole('heading', { name: 'Metrotown Lofts – Unit 1502 (terminated)' })).toBeVisible();
  await expect(terminated.getByText('Overdue')).toHaveCount(0);

  // payment buttons (issue 8): enabled on the active lease, disabled on the terminated one; auto-pay (issue 10): edit
  // on the active lease (its schedule is active), disabled on the terminated one
  await expect(active.getByRole('button', { name: 'One-time payment' })).toBeEnabled();
  await expect(active.getByRole('button', { name: 'Pay later' })).toBeEnabled();
  await expect(terminated.getByRole('button', { name: 'One-time payment' })).toBeDisabled();
  await expect(active.getByRole('button', { name: 'Edit auto-pay' })).toBeEnabled();
  await expect(terminated.getByRole('button', { name: 'Auto-pay' })).toBeDisabled();

  await active.getByRole('button', { name: 'Billing details' }).click();
  const billing = page.getByRole('dialog', { name: /Billing details – Harbourview Residences/ });
  await expect(billing.getByRole('row')).toHaveCount(5);
  await expect(billing.getByRole('row').nth(1)).toContainText(/Rent\d{2}-[A-Z][a-z]{2}-\d{4}\$1,850\.00/);
  await expect(billing.getByRole('row').nth(2)).toContainText('Parking');
  await expect(billing.getByTestId('billing-total')).toHaveText('$3,775.00');
  await page.keyboard.press('Escape');
  await expect(billing).toBeHidden();

  const upcoming = page.getByTestId('upcoming-payment');
  await expect(upcoming).toHaveCount(1);
  // spec 2 §4: autopay on without a custom amount: the payment is the balance then due
  await expect(upcoming).toContainText('Your balance then due');
  await expect(upcoming).toContainText('Harbourview Residences');
  await expect(upcoming).toContainText('Pre-authorized debit');

  const applications = page.getByTestId('application-card');
  await expect(applications).toHaveCount(5);
  const inProgress = applications.filter({ hasText: 'IN PROGRESS' });
  await expect(inProgress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
  await expect(inProgress.getByRole('link', { name: 'Resume' })).toHaveAttribute(
    'href',
    '/apply/harbourview?applicationId=00000000-0000-4000-8000-000000000801',
  );
  const submitted = applications.filter({ hasText: 'SUBMITTED' });
  // issue 21 §1: the figure the Applications page and the form show (the screening counts once submitted)
  await expect(submitted.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '90');
  await submitted.getByRole('button', { name: 'View' }).click();
  const view = page.getByRole('dialog', { name: 'Lease application' });
  await expect(view.getByRole('heading', { name: 'Additional occupants' })).toBeVisible();
  await expect(view).toContainText('Sam Tremblay');
  await expect(view).toContainText('Coastal Health');
  await expect(view).toContainText('Priya Shah');
  await expect(view).toContainText('Louise');
  await page.keyboard.press('Escape');
  await expect(view).toBeHidden();

  await page.screenshot({ path: testInfo.outputPath('dashboard-en.png'), fullPage: true });
});

test('past payments page by 5 with page links, and a receipt shows every field with its fee rules', async ({
  page,
}, testInfo) => {
  await openDashboard(page);
  const rows = page.getByTestId('past-payment');
  await expect(rows).toHaveCount(5);
  const nav = page.getByRole('navigation', { name: 'Past payments pages' });
  await expect(nav.getByRole('button', { name: /^Page \d$/ })).toHaveCount(3);
  await expect(nav.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('disclaimer-footnote')).toContainText('last 7 days');
  await expect(rows.filter({ hasText: 'FAILED' })).toHaveCount(1);

  // keyboard: page 2 by Tab focus and Enter
  await nav.getByRole('button', { name: 'Page 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(nav.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(rows).toHaveCount(5);
  await nav.getByRole('button', { name: 'Next' }).click();
  await expect(nav.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  await expect(rows).toHaveCount(5);
  // issue 22: the demo's credit-reporting fees are past payments too (the oldest, two years ago, alone on page 4),
  // each saying what it paid for
  await nav.getByRole('button', { name: 'Next' }).click();
  await expect(nav.getByRole('button', { name: 'Page 4' })).toHaveAttribute('aria-current', 'page');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByTestId('past-payment-for')).toHaveText('Credit reporting (yearly fee)');
  await expect(nav.getByRole('button', { name: 'Next' })).toBeDisabled();
  await nav.getByRole('button', { name: 'Previous' }).click();
  await expect(nav.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');

  // SUBTRACT fee: taken out of the amount (291.30 to the landlord); no fee row; total = amount + fee = what was paid
  await rows.filter({ hasText: '$291.30' }).click();
  let receipt = page.getByRole('dialog', { name: 'Payment receipt' });
  await expect(receiptValue(receipt, 'confirmationId')).toHaveText('RL-5R4E3W');
  await expect(receipt.locator('tr[data-field="fees"]')).toHaveCount(0);
  await expect(receiptValue(receipt, 'total')).toHaveText('$300.00');
  await receipt.getByRole('button', { name: 'Close' }).last().click();
  await expect(receipt).toBeHidden();

  await nav.getByRole('button', { name: 'Previous' }).click();
  await nav.getByRole('button', { name: 'Previous' }).click();
  await expect(nav.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

  // the newest payment: card, fee added to the total
  await rows.first().focus();
  await page.keyboard.press('Enter');
  receipt = page.getByRole('dialog', { name: 'Payment receipt' });
  await expect(receiptValue(receipt, 'confirmationId')).toHaveText('RL-7Q2M9X');
  await expect(receiptValue(receipt, 'transactionId')).toHaveText(/^[0-9a-f-]{36}$/);
  await expect(receiptValue(receipt, 'property')).toHaveText('Harbourview Residences');
  await expect(receiptValue(receipt, 'method')).toHaveText('Visa 4242');
  await expect(receiptValue(receipt, 'type')).toHaveText('PAYMENT');
  await expect(receiptValue(receipt, 'status')).toHaveText('COMPLETE');
  await expect(receiptValue(receipt, 'note')).toHaveText('Partial rent payment');
  await expect(receiptValue(receipt, 'paidTo')).toHaveText('Maple Leaf Property Management');
  await expect(receiptValue(receipt, 'amount')).toHaveText('$500.00');
  await expect(receiptValue(receipt, 'fees')).toHaveText('$14.50');
  await expect(receiptValue(receipt, 'total')).toHaveText('$514.50');
  await expect(receipt.getByRole('status')).toHaveText('Your payment was successful.');
  await expect(receipt.getByRole('button', { name: 'Print' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('receipt-en.png') });
  await receipt.getByRole('button', { name: 'Close' }).last().click();

  // FAILED: payment pending with the error as a tooltip
  await rows.filter({ hasText: 'FAILED' }).click();
  receipt = page.getByRole('dialog', { name: 'Payment receipt' });
  await expect(receiptValue(receipt, 'status')).toContainText('Payment pending');
  await expect(receipt.getByRole('button', { name: 'Card was declined by the issuing bank' })).toBeVisible();
});

test('a US tenant sees only their own lease, in US dollars', async ({ page, request }) => {
  await acceptTermsViaApi(request, TENANT_US);
  await openDashboard(page, TENANT_US);
  const cards = page.getByTestId('lease-card');
  await expect(cards).toHaveCount(1);
  await expect(cards.first().getByRole('heading', { name: 'Pike Street Flats – Unit 3B' })).toBeVisible();
  await expect(cards.first().getByTestId('lease-balance')).toHaveText('$2,400.00');
  await expect(page.getByText('Harbourview Residences')).toHaveCount(0);
  await expect(page.getByTestId('past-payment')).toHaveCount(1);
  await expect(page.getByTestId('application-card')).toHaveCount(0);
});

test('the dashboard in French, with French money', async ({ page }, testInfo) => {
  await openDashboard(page);
  await page.getByLabel('Language').selectOption('fr');
  await expect(page.getByRole('heading', { name: 'Vos baux' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Bienvenue, Camille\s!$/ })).toBeVisible(); // narrow no-break space before !
  const active = page.locator('[data-lease-status="ACTIVE"]');
  await expect(active.getByText('En retard')).toBeVisible();
  expect(spaced(await active.getByTestId('lease-balance').textContent())).toBe('3 775,00 $');
  await expect(page.getByTestId('upcoming-payment')).toContainText('Votre solde dû à cette date');
  await expect(page.getByTestId('upcoming-payment')).toContainText('Débit préautorisé');
  await expect(page.getByRole('heading', { name: 'Paiements antérieurs' })).toBeVisible();
  await expect(page.locator('[data-lease-status="TERMINATED"]')).toContainText('(résilié)');
  await page.getByTestId('past-payment').first().click();
  const receipt = page.getByRole('dialog', { name: 'Reçu de paiement' });
  expect(spaced(await receiptValue(receipt, 'total').textContent())).toBe('514,50 $');
  await expect(receipt.getByRole('button', { name: 'Imprimer' })).toBeVisible();
  await receipt.getByRole('button', { name: 'Fermer' }).last().click();
  await page.screenshot({ path: testInfo.outputPath('dashboard-fr.png'), fullPage: true });
});

test('one column at phone width (375px)', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openDashboard(page);
  const cards = page.getByTestId('lease-card');
  await expect(cards).toHaveCount(3);
  const first = await cards.nth(0).boundingBox();
  const second = await cards.nth(1).boundingBox();
  expect(first && second && second.y > first.y + first.height - 1).toBe(true);
  await expect(page.getByTestId('application-card')).toHaveCount(5);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('dashboard-375.png'), fullPage: true });
});
