// Autopay, the tenant's side (issue 10): set up a monthly autopayment with a card and a custom amount, see it in the
// upcoming payments, edit it, disable it; the required-autopay lease whose modal has no close button; the same in
// French; axe on the modal in English and French at 1280 and 375 pixels. The journeys use the US tenant's lease, which
// has no schedule yet, and a payment day whose next date is about a month away (so the 2-business-day lock of spec 2
// §9 never applies, whatever day the suite runs).
import { expect, type Page, test } from '@playwright/test';
import { acceptTermsViaApi, expectAccessible, resetDemo, signIn, TENANT, TENANT_US } from './support';

const US_LEASE = '00000000-0000-4000-8000-000000000304';
// Intl puts narrow or regular no-break spaces in French amounts and typography: compare with plain spaces.
const spaced = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** The day of the month of yesterday (UTC, the server's calendar): its next occurrence is 27 to 31 days away. */
function farDay(): number {
  return new Date(Date.now() - 86_400_000).getUTCDate();
}

test.beforeEach(async ({ request }) => {
  await resetDemo(request);
  await acceptTermsViaApi(request);
  await acceptTermsViaApi(request, TENANT_US);
  // The US lease blocks partial payments and its company overpayments: an autopay amount could only be the exact
  // balance. Allowed here, so the journey can choose its own amount.
  const res = await request.post('/api/__test/allow-partial-payments', { data: { leaseId: US_LEASE } });
  expect(res.status()).toBe(200);
});

async function openDashboard(page: Page, email: string) {
  await signIn(page, email);
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  await expect(page.getByTestId('lease-card').first()).toBeVisible();
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The open modal, whole: the viewport made tall enough for its content while the picture is taken. */
async function shotModal(page: Page, name: string) {
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.setViewportSize({ width: size.width, height: 1700 });
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
  await page.setViewportSize(size);
}

test('set up autopay with a card and a custom amount, see it upcoming, edit it, disable it', async ({ page }) => {
  await openDashboard(page, TENANT_US);
  const card = page.getByTestId('lease-card');
  // spec 2 §8: bank payments blocked by the manager: the alert naming the property, once per lease
  const bankAlert = card.getByTestId('bank-blocked-alert');
  await expect(bankAlert).toContainText('Bank account payments for Pike Street Flats have been blocked');
  await expect(bankAlert).toContainText('Autopay with a bank account will not be processed.');
  await expect(page.getByTestId('upcoming-payment')).toHaveCount(0);
  await shot(page, 'dashboard-en-1280-before');

  await card.getByRole('button', { name: 'Auto-pay', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Set up autopayment' });
  await expect(modal).toBeVisible();
  // spec 2 §5: the blocked types are listed; the bank account is not offered
  await expect(
    modal.getByText('Bank Account payments have been blocked by your Property Manager.', { exact: false }),
  ).toBeVisible();
  const day = farDay();
  await modal.getByLabel('Payment day').selectOption(String(day));
  await modal.getByRole('radio', { name: /Mastercard 4444/ }).check();
  await expect(modal.getByTestId('autopay-fee')).toContainText('is added to each autopayment');
  await modal.getByRole('checkbox', { name: 'Pay a custom monthly amount' }).check();
  await modal.getByRole('textbox', { name: 'Monthly amount (USD)' }).fill('1200');
  await expectAccessible(page, '[role="dialog"]');
  await shotModal(page, 'autopay-modal-en-1280');
  await modal.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText(/^Your autopayment is set up\. The first payment will be on \d{2}-[A-Z][a-z]{2}-\d{4}\.$/),
  ).toBeVisible();
  await expect(modal).toBeHidden();

  // spec 1 §2: the upcoming payment: custom amount, date, property; no pre-authorized debit label for a card
  const upcoming = page.getByTestId('upcoming-payment');
  await expect(upcoming).toHaveCount(1);
  await expect(upcoming).toContainText('$1,200.00');
  await expect(upcoming).toContainText(`${String(day).padStart(2, '0')}-`);
  await expect(upcoming).toContainText('Pike Street Flats');
  await expect(upcoming).not.toContainText('Pre-authorized debit');
  await expect(page.getByTestId('upcoming-disclaimer')).toBeVisible();
  await shot(page, 'dashboard-en-1280-after');

  // edit: the modal opens on the schedule and says until when the payment can change
  await card.getByRole('button', { name: 'Edit auto-pay' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit autopayment schedule' });
  await expect(edit.getByTestId('autopay-change-window')).toContainText('You can change or disable it until');
  await expect(edit.getByRole('radio', { name: /Mastercard 4444/ })).toBeChecked();
  const amount = edit.getByRole('textbox', { name: 'Monthly amount (USD)' });
  await expect(amount).toHaveValue('1200.00');
  await amount.fill('1300');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/^Your autopayment is updated\./)).toBeVisible();
  await expect(upcoming).toContainText('$1,300.00');

  // disable: a confirmation that starts on the safe choice
  await card.getByRole('button', { name: 'Edit auto-pay' }).click();
  await edit.getByRole('button', { name: 'Disable autopayment' }).click();
  const confirm = page.getByRole('dialog', { name: 'Disable autopayment?' });
  await expect(confirm.getByRole('button', { name: 'Keep autopayment' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Disable autopayment' }).click();
  await expect(page.getByText('Your autopayment is disabled.')).toBeVisible();
  await expect(page.getByTestId('upcoming-payment')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Auto-pay', exact: true })).toBeVisible();

  // once per lease: the bank alert does not come back
  await page.reload();
  await expect(page.getByTestId('lease-card')).toBeVisible();
  await expect(page.getByTestId('bank-blocked-alert')).toHaveCount(0);
});

test('a lease that requires autopay: the notice with its due day, and no way to close without saving', async ({ page }) => {
  // The seeded US lease requires autopay and has no schedule yet.
  await openDashboard(page, TENANT_US);
  await page.getByTestId('lease-card').getByRole('button', { name: 'Auto-pay', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Set up autopayment' });
  await expect(modal.getByTestId('autopay-required')).toHaveText(
    /Autopay is requiredYour lease requires a monthly autopayment\. Your rent is due on the 1st of each month\./,
  );
  await expect(modal.getByRole('button', { name: 'Close' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.mouse.click(5, 5);
  await expect(modal).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
});

test('the notifications bell opens the tenant’s notices (none yet on the fresh demo)', async ({ page }) => {
  await openDashboard(page, TENANT_US);
  const bell = page.getByRole('button', { name: 'Notifications', exact: true });
  await bell.click();
  const drawer = page.getByRole('dialog', { name: 'Notifications' });
  await expect(drawer.getByText('You have no notifications.')).toBeVisible();
  await expectAccessible(page, '[role="dialog"]');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(bell).toBeFocused();
});

test('en français : paiement automatique configuré, puis désactivé', async ({ page }) => {
  await openDashboard(page, TENANT_US);
  await page.getByLabel('Language').selectOption('fr');
  await expect(page.getByRole('heading', { name: 'Vos baux' })).toBeVisible();
  const card = page.getByTestId('lease-card');
  await card.getByRole('button', { name: 'Paiement automatique', exact: true }).click();
  const modal = page.getByRole('dialog', { name: 'Configurer le paiement automatique' });
  await modal.getByLabel('Jour du paiement').selectOption(String(farDay()));
  await expect(modal.getByLabel('Jour du paiement').locator('option[value="1"]')).toHaveText('1er du mois');
  await modal.getByRole('radio', { name: /Mastercard 4444/ }).check();
  await modal.getByRole('checkbox', { name: 'Payer un montant mensuel personnalisé' }).check();
  await modal.getByRole('textbox', { name: 'Montant mensuel (USD)' }).fill('900');
  await expect(modal.getByTestId('autopay-fee')).toContainText('Frais de service');
  await expectAccessible(page, '[role="dialog"]');
  await shotModal(page, 'autopay-modal-fr-1280');
  await modal.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(/^Votre paiement automatique est configuré\. Le premier paiement aura lieu le /)).toBeVisible();
  const upcoming = page.getByTestId('upcoming-payment');
  expect(spaced(await upcoming.textContent())).toContain('900,00 $ US');
  await shot(page, 'dashboard-fr-1280');
  await card.getByRole('button', { name: 'Modifier le paiement automatique' }).click();
  await page
    .getByRole('dialog', { name: 'Modifier le calendrier de paiement automatique' })
    .getByRole('button', {
      name: 'Désactiver le paiement automatique',
    })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Désactiver le paiement automatique\u202f?' });
  await confirm.getByRole('button', { name: 'Désactiver le paiement automatique' }).click();
  await expect(page.getByText('Votre paiement automatique est désactivé.')).toBeVisible();
  await expect(upcoming).toHaveCount(0);
});

for (const lang of ['en', 'fr'] as const) {
  test(`the autopay modal at 375 pixels (${lang}): one column, nothing wider than the screen, no axe violation`, async ({
    page,
  }) => {
    await openDashboard(page, TENANT);
    if (lang === 'fr') {
      await page.getByLabel('Language').selectOption('fr');
      await expect(page.getByRole('heading', { name: 'Vos baux' })).toBeVisible();
    }
    await page.setViewportSize({ width: 375, height: 812 });
    // the navbar slides away behind the hamburger at this width (its transition starts on the next frames): the
    // picture once it has
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    await shot(page, `dashboard-${lang}-375`);
    const active = page.locator('[data-lease-status="ACTIVE"]');
    await active.getByRole('button', { name: lang === 'en' ? 'Edit auto-pay' : 'Modifier le paiement automatique' }).click();
    const modal = page.getByRole('dialog');
    // the seeded schedule: a pre-authorised debit from the bank account, each payment the balance then due
    await expect(modal.getByRole('radio', { name: /Bank Account \d{4}|Compte bancaire \d{4}/ })).toBeChecked();
    await expect(modal.getByRole('checkbox')).not.toBeChecked();
    await expect(modal.getByTestId('autopay-fee')).toBeVisible();
    const overflow = await page.evaluate(() => {
      const content = document.querySelector('[role="dialog"]');
      return content ? content.scrollWidth - content.clientWidth : 0;
    });
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page, '[role="dialog"]');
    await shotModal(page, `autopay-modal-${lang}-375`);
  });
}
