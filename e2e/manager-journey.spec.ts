// issue 23 "Tests" (Playwright): a manager creates a property and a lease, invites a tenant who signs up from the
// e-mail's link and sees the rent; the job posts next month's rent and the tenant's autopay pays it; the manager
// refunds part of a payment and the tenant sees it. Every step through the console's and the tenant's screens, except
// the passage of a month: the job runs at the autopay's first payment date (`npm run jobs -- --now`, which asks the
// running server). axe on each screen the journey opens.
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { expectAccessible, resetDemo, signIn, signOut } from './support';

const MANAGER = 'manager@demo.test';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.E2E_PORT ?? 8181);
// Intl puts narrow or regular no-break spaces in French amounts: compare with plain spaces.
const spaced = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The data folder of the server on PORT: E2E_DATA_DIR, else the portal-e2e-* folder whose database lock names that
 * port (playwright.config.ts makes one per process that loads it, so this worker's own folder is not the server's).
 */
function serverDataDir(): string {
  if (process.env.E2E_DATA_DIR) return process.env.E2E_DATA_DIR;
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith('portal-e2e-'))) {
    try {
      const holder = JSON.parse(readFileSync(join(tmpdir(), name, 'pglite.lock'), 'utf8')) as { port?: number; pid: number };
      process.kill(holder.pid, 0); // throws when the holder is gone (a stale folder of an earlier run)
      if (holder.port === PORT) return join(tmpdir(), name);
    } catch {
      // no lock, or a dead holder: not the running server's
    }
  }
  throw new Error(`No data folder held by a server on port ${PORT}: set E2E_DATA_DIR`);
}

interface JobRun {
  report: { charges: { posted: { count: number } }; autopay: { paid: { count: number } }; errors: unknown[] };
}

/** `npm run jobs -- --now <instant> --json`: the running server runs every job due at that instant. */
async function runJobsAt(instant: string): Promise<JobRun> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/jobs/cli.ts', '--now', instant, '--json'],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: serverDataDir(), HOST: '127.0.0.1' }, timeout: 60_000 },
  );
  return JSON.parse(stdout) as JobRun;
}

/** "01-Jan-2027" (the tenant screens' date) → "2027-01-01". */
function isoOf(shown: string): string {
  const [d, m, y] = shown.split('-');
  return `${y}-${String(MONTHS.indexOf(m) + 1).padStart(2, '0')}-${d}`;
}

/** The first day of next month (UTC), yyyy-mm-dd. */
function firstOfNextMonth(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

test.beforeEach(async ({ request }) => {
  await resetDemo(request);
});

test('a manager sets up a property and a lease, the invited tenant pays by autopay, a partial refund reaches the tenant', async ({
  page,
}) => {
  test.setTimeout(180_000);

  // The manager: a new property.
  await signIn(page, MANAGER);
  await page.waitForURL(/\/admin\/tenants$/);
  await page.getByRole('link', { name: 'Properties', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Properties' })).toBeVisible();
  await page.getByRole('link', { name: 'New property' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New property' })).toBeVisible();
  const propertyForm = page.getByRole('form', { name: 'Property' });
  await propertyForm.getByRole('textbox', { name: /^Property name/ }).fill('Juniper Court');
  await propertyForm.getByRole('textbox', { name: /^Street address/ }).fill('455 Juniper Street');
  await propertyForm.getByRole('textbox', { name: /^City/ }).fill('Vancouver');
  await propertyForm.getByLabel(/^Province/).selectOption('BC');
  await propertyForm.getByRole('textbox', { name: /^Postal code/ }).fill('V5K 0A1');
  await expectAccessible(page);
  await propertyForm.getByRole('button', { name: 'Create the property' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Juniper Court' })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/properties\/[^/]+$/);

  // A lease there from the first of next month, rent $1,425.00 due on the 1st.
  await page.goto('/admin/tenants');
  await page.getByRole('link', { name: 'New lease' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New lease' })).toBeVisible();
  await page.getByLabel('Property').selectOption({ label: 'Juniper Court — Vancouver' });
  await page.getByRole('textbox', { name: 'Unit' }).fill('3B');
  await page.getByRole('textbox', { name: /^Monthly due day/ }).fill('1');
  await page.getByRole('textbox', { name: /^Start date/ }).fill(firstOfNextMonth());
  await page.getByRole('textbox', { name: /^Amount of charge 1/ }).fill('1425');
  await page.getByRole('button', { name: 'Create the lease' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lease at Juniper Court, unit 3B' })).toBeVisible();

  // The invitation; its link is what the e-mail carries ('Copy link' shows it).
  const email = `priya.${Date.now()}@example.com`;
  const invite = page.getByRole('form', { name: 'Invite the tenant' });
  await invite.getByRole('textbox', { name: /Tenant's e-mail/ }).fill(email);
  await invite.getByRole('textbox', { name: /^First name/ }).fill('Priya');
  await invite.getByRole('textbox', { name: /^Last name/ }).fill('Nair');
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
  const link = page.getByTestId('invitation-link');
  const invitePath = new URL((await link.textContent()) ?? '').pathname;
  await expectAccessible(page);
  await signOut(page);

  // The tenant: the offer names the company and the rent; the account is made from the link.
  await page.goto(invitePath);
  await expect(page.getByText('Maple Leaf Property Management invites you to pay your rent online.')).toBeVisible();
  await expect(page.getByText('$1,425.00')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('textbox', { name: /^Mobile phone/ }).fill('6045550177');
  await page.getByLabel(/^Password/).fill('Welcome2026');
  await page.getByLabel(/^Confirm the password/).fill('Welcome2026');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard$/);
  const accept = page.getByRole('button', { name: 'I accept' });
  await expect(accept).toBeVisible();
  const birth = page.getByLabel('Date of birth');
  if (await birth.isVisible()) await birth.fill('1990-03-02');
  await accept.click();
  await expect(accept).toBeHidden();
  const leaseCard = page.getByTestId('lease-card');
  await expect(leaseCard).toHaveCount(1);
  await expect(leaseCard).toContainText('Juniper Court');
  await expect(leaseCard).toContainText('3B');
  await expect(leaseCard.getByTestId('lease-balance')).toHaveText('$0.00'); // nothing posted before the lease starts
  await expectAccessible(page);

  // A card, then autopay of the balance then due on the 1st.
  await page.getByRole('link', { name: 'Payment and services' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment and services' })).toBeVisible();
  await page.getByRole('button', { name: 'Add payment method' }).click();
  const add = page.getByRole('dialog', { name: 'Add payment method' });
  await add.getByRole('radio', { name: /Credit or debit card/ }).check();
  await add.getByRole('button', { name: 'Continue' }).click();
  await add.getByLabel(/^Card number/).click();
  await page.keyboard.type('4242424242424242');
  await expect(add.getByLabel(/^Expiry date/)).toBeFocused();
  await page.keyboard.type('1129');
  await add.getByLabel(/^CVV/).fill('123');
  await add.getByLabel(/^Name on card/).fill('Priya Nair');
  const useAddress = add.getByLabel(/^Use a billing address/);
  if (await useAddress.isVisible()) await useAddress.selectOption({ label: 'New address' });
  await add.getByLabel(/^Country/).selectOption('CA');
  await add.getByLabel(/^Province or territory/).selectOption('BC');
  await add.getByLabel(/^Street address/).fill('455 Juniper Street');
  await add.getByLabel(/^City/).fill('Vancouver');
  await add.getByLabel(/^Postal code/).fill('v5k0a1');
  await add.getByRole('button', { name: 'Add card' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole('region', { name: 'Payment methods' }).getByText('Visa 4242')).toBeVisible();

  await page.goto('/customer/dashboard');
  await leaseCard.getByRole('button', { name: 'Auto-pay', exact: true }).click();
  const autopay = page.getByRole('dialog', { name: 'Set up autopayment' });
  await autopay.getByLabel('Payment day').selectOption('1');
  await autopay.getByRole('radio', { name: /Visa 4242/ }).check();
  await expectAccessible(page, '[role="dialog"]');
  await autopay.getByRole('button', { name: 'Save' }).click();
  const setUp = page.getByText(/^Your autopayment is set up\. The first payment will be on \d{2}-[A-Z][a-z]{2}-\d{4}\.$/);
  await expect(setUp).toBeVisible();
  const firstPayment = /on (\d{2}-[A-Z][a-z]{2}-\d{4})\./.exec((await setUp.textContent()) ?? '')?.[1] ?? '';
  const upcoming = page.getByTestId('upcoming-payment');
  await expect(upcoming).toContainText(firstPayment);
  await expect(upcoming).toContainText('Juniper Court');

  // A month passes: the job at the first payment date posts that month's rent and autopay pays it.
  const run = await runJobsAt(`${isoOf(firstPayment)}T15:00:00Z`);
  expect(run.report.errors).toEqual([]);
  expect(run.report.charges.posted.count).toBeGreaterThanOrEqual(1);
  expect(run.report.autopay.paid.count).toBeGreaterThanOrEqual(1);
  await page.reload();
  const paid = page.getByTestId('past-payment').filter({ hasText: 'Juniper Court' });
  await expect(paid).toHaveCount(1);
  await expect(paid).toContainText('$1,425.00');
  await expect(paid).toContainText(firstPayment);
  await expect(leaseCard.getByTestId('lease-balance')).toHaveText('$0.00');
  await expectAccessible(page);
  await signOut(page);

  // The manager refunds $200.00 of it from the ledger, with the written reason.
  await signIn(page, MANAGER);
  await page.waitForURL(/\/admin\//);
  await page.getByRole('link', { name: 'Ledger', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ledger' })).toBeVisible();
  await page.getByLabel('Property').selectOption({ label: 'Juniper Court (Vancouver)' });
  const ledger = page.getByTestId('ledger-table');
  await expect(ledger).toContainText('$1,425.00');
  await expectAccessible(page);
  await page.getByRole('button', { name: /^Refund payment / }).click();
  const refund = page.getByRole('dialog', { name: 'Refund a payment' });
  await expect(refund.getByTestId('refundable')).toHaveText('Still refundable: $1,425.00');
  await refund.getByLabel(/Amount to refund/).fill('200');
  await refund.getByLabel(/Reason/).fill('Move-in date moved: first two days of the month not occupied');
  await expectAccessible(page, '[role="dialog"]');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(refund.getByRole('status')).toContainText('$200.00 was refunded');
  // the footer's Close (the header's × is also named Close)
  await refund.locator('button', { hasText: 'Close' }).click();
  await expect(refund).toBeHidden();
  await signOut(page);

  // The tenant sees the refund, in their money format, next to the payment.
  await signIn(page, email, 'Welcome2026');
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  const refunded = page.getByTestId('past-payment').filter({ has: page.getByTestId('past-payment-type') });
  await expect(refunded).toHaveCount(1);
  await expect(refunded.getByTestId('past-payment-type')).toHaveText('REFUND');
  await expect(refunded).toContainText('$200.00');
  await expect(refunded).toContainText('Juniper Court');
  await expectAccessible(page);
  // the same in French: the type and the amount as a French reader writes them
  await page.getByLabel('Language').selectOption('fr');
  await expect(refunded.getByTestId('past-payment-type')).toHaveText('REMBOURSEMENT');
  await expect.poll(async () => spaced(await refunded.textContent())).toContain('200,00 $');
  await expectAccessible(page);
});
