// issue 25 "Receipts by e-mail": the demo tenant pays by card in the portal; the "Payment received" mail in the demo's
// sandbox inbox carries the receipt's figures (confirmation id, amount, fee, total, method, charges) as the portal's
// receipt shows them, and its "View the receipt" link opens that receipt in the portal; the notice in the bell's list
// links to the same receipt. Once more in French (the account's language): "Paiement reçu", amounts as "1 925,50 $".
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { acceptTermsViaApi, expectAccessible, PASSWORD, resetDemo, signIn, TENANT } from './support';

test.beforeEach(async ({ request }) => {
  await resetDemo(request);
  await acceptTermsViaApi(request);
});

/** What the portal's receipt shows: the figures by field, and each charge line (name, amount). */
interface PortalReceipt {
  confirmationId: string;
  amount: string;
  fees: string;
  total: string;
  method: string;
  charges: [string, string][];
}

async function readReceipt(receipt: Locator): Promise<PortalReceipt> {
  const field = async (name: string) => ((await receipt.locator(`tr[data-field="${name}"] td`).textContent()) ?? '').trim();
  const rows = await receipt.locator('table[aria-labelledby] tbody tr').all();
  const charges: [string, string][] = [];
  for (const row of rows) {
    const [name, amount] = await row.locator('td').allTextContents();
    charges.push([name.trim(), amount.trim()]);
  }
  return {
    confirmationId: await field('confirmationId'),
    amount: await field('amount'),
    fees: await field('fees'),
    total: await field('total'),
    method: await field('method'),
    charges,
  };
}

/** Pays the active lease by Visa 4242 in the portal (the amount as typed, or the balance offered) → the receipt shown. */
async function payByCard(page: Page, words: { pay: RegExp; amount: RegExp; next: string }, amount?: string) {
  const lease = page.locator('[data-lease-status="ACTIVE"]').first();
  await lease.getByRole('button', { name: words.pay }).click();
  const dialog = page.getByRole('dialog');
  if (amount) await dialog.getByLabel(words.amount).fill(amount);
  await dialog.getByRole('radio', { name: /Visa 4242/ }).check();
  await dialog.getByRole('button', { name: words.next }).click();
  await dialog.getByRole('button', { name: /^(Pay|Payer) / }).click();
  const receipt = dialog.getByTestId('receipt');
  await expect(receipt.locator('tr[data-field="confirmationId"] td')).toHaveText(/^RL-[A-Z2-9]{6}$/);
  return { dialog, shown: await readReceipt(receipt) };
}

/** The newest mail with that subject in the inbox (the outbox sends within its pass; the list refreshes every 5 s). */
async function openMail(page: Page, subject: string): Promise<Locator> {
  await page.goto(`/sandbox/mail?to=${encodeURIComponent(TENANT)}`);
  const message = page.getByRole('button', { name: subject }).first();
  await expect(message).toBeVisible({ timeout: 30_000 });
  await message.click();
  const mail = page.getByRole('article', { name: subject });
  await expect(mail).toBeVisible();
  return mail;
}

/** Label and value on one line of the mail's text, as layoutMail writes them ("Label:" / "Libellé :", padded). */
const line = (label: string, value: string) =>
  new RegExp(
    `${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s?:\\s+${value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s/g, '\\s')}`,
  );

/** The mail's figures are the portal receipt's. */
async function expectFigures(
  mail: Locator,
  shown: PortalReceipt,
  labels: { confirmationId: string; amount: string; fee: string; total: string; method: string; charge: string },
) {
  await expect(mail).toContainText(line(labels.confirmationId, shown.confirmationId));
  await expect(mail).toContainText(line(labels.amount, shown.amount));
  await expect(mail).toContainText(line(labels.fee, shown.fees));
  await expect(mail).toContainText(line(labels.total, shown.total));
  // The portal says "Visa 4242", the mail "VISA card ending in 4242" / "carte VISA se terminant par 4242".
  expect(shown.method).toMatch(/4242/);
  await expect(mail).toContainText(new RegExp(`${labels.method}\\s?:\\s+.*VISA.*4242`, 'i'));
  expect(shown.charges.length).toBeGreaterThan(0);
  for (const [name, amount] of shown.charges) await expect(mail).toContainText(line(`${labels.charge} ${name}`, amount));
}

/**
 * The mail's receipt link, followed in the portal. The demo's mail links name the server's own address (localhost, no
 * PUBLIC_ORIGIN set), another origin than the browser's 127.0.0.1: the same path and query are opened here.
 */
async function followReceiptLink(page: Page, mail: Locator): Promise<string> {
  const link = mail.getByRole('link', { name: /\/customer\/dashboard\?receipt=/ });
  const href = (await link.getAttribute('href')) ?? '';
  const url = new URL(href);
  expect(url.pathname).toBe('/customer/dashboard');
  const id = url.searchParams.get('receipt') ?? '';
  expect(id).not.toBe('');
  await page.goto(`${url.pathname}${url.search}`);
  return id;
}

async function tenantToken(request: APIRequestContext): Promise<{ token: string; id: string }> {
  const auth = await request.get('/api/authorize', {
    headers: { authorization: `Basic ${Buffer.from(`${TENANT}:${PASSWORD}`).toString('base64')}` },
  });
  const { access_token } = await auth.json();
  const claims = JSON.parse(Buffer.from(access_token.split('.')[1], 'base64url').toString());
  return { token: access_token, id: claims.sessionRole.id };
}

test('a card payment → "Payment received" in the sandbox inbox with the receipt’s figures → its link and the bell’s open the receipt; in French once', async ({
  page,
  request,
}) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  const en = { pay: /^One-time payment$/, amount: /^Amount to pay/, next: 'Continue' };
  const { dialog, shown } = await payByCard(page, en, '1849.50');
  expect(shown).toMatchObject({ amount: '$1,849.50', fees: '$53.63', total: '$1,903.13' }); // 2.90 %, rounded down
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toHaveCount(0);

  // The notice in the bell's list (already on the dashboard): its link closes the list and opens the same receipt.
  await page.getByTestId('notifications-bell').click();
  const drawer = page.getByRole('dialog', { name: 'Notifications' });
  const notice = drawer.getByTestId('notification').filter({ hasText: shown.confirmationId });
  await expect(notice.getByRole('heading', { name: 'Payment received' })).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await notice.getByRole('link', { name: 'View the receipt: Payment received' }).click();
  await expect(drawer).toHaveCount(0);
  const fromBell = page.getByRole('dialog', { name: 'Payment receipt' });
  await expect(fromBell.locator('tr[data-field="confirmationId"] td')).toHaveText(shown.confirmationId);
  await expect(fromBell.locator('tr[data-field="total"] td')).toHaveText(shown.total);
  await fromBell.getByRole('button', { name: 'Close' }).last().click();
  await expect(page).toHaveURL(/\/customer\/dashboard$/);

  // The mail, in the demo's inbox.
  const mail = await openMail(page, 'Payment received');
  await expectFigures(mail, shown, {
    confirmationId: 'Confirmation ID',
    amount: 'Payment amount',
    fee: 'Processing fee',
    total: 'Total amount',
    method: 'Payment method',
    charge: 'For',
  });
  await expect(mail).toContainText('View the receipt');
  await expectAccessible(page);
  await followReceiptLink(page, mail);
  const fromMail = page.getByRole('dialog', { name: 'Payment receipt' });
  await expect(fromMail.locator('tr[data-field="confirmationId"] td')).toHaveText(shown.confirmationId);
  await expect(fromMail.locator('tr[data-field="total"] td')).toHaveText(shown.total);
  await fromMail.getByRole('button', { name: 'Close' }).last().click();

  // In French: the account's language is the mail's.
  const { token, id } = await tenantToken(request);
  const saved = await request.patch(`/api/customer/${id}/update`, {
    headers: { authorization: `Bearer ${token}` },
    data: { languageCode: 'fr' },
  });
  expect(saved.status()).toBe(200);
  await page.reload();
  const fr = { pay: /^Paiement unique$/, amount: /^Montant à payer/, next: 'Continuer' };
  // the balance left, as offered: 1 925,50 $
  const french = await payByCard(page, fr);
  expect(french.shown.amount).toMatch(/^1\s925,50\s\$$/);
  expect(french.shown.total).toMatch(/^1\s981,33\s\$$/);
  await french.dialog.getByRole('button', { name: 'Fermer' }).last().click();

  const courriel = await openMail(page, 'Paiement reçu');
  await expectFigures(courriel, french.shown, {
    confirmationId: 'Numéro de confirmation',
    amount: 'Montant du paiement',
    fee: 'Frais de traitement',
    total: 'Montant total',
    method: 'Mode de paiement',
    charge: 'Pour',
  });
  await expect(courriel).toContainText(/1\s925,50\s\$/);
  await expect(courriel).toContainText('Voir le reçu');
  await followReceiptLink(page, courriel);
  const recu = page.getByRole('dialog', { name: 'Reçu de paiement' });
  await expect(recu.locator('tr[data-field="confirmationId"] td')).toHaveText(french.shown.confirmationId);
});
