// Uploading an existing insurance policy (issue 22 "Insurance"; spec 2 §2 "Add-service modal", "Insurance info
// modals", §4, §5, §8): the demo tenant sees the Harbourview lease's insurance card (a pending and an approved policy),
// opens the add-service modal (the partners' cards and the upload option), uploads a policy with its proof, sees it
// pending, terminates it (irreversible, confirmed) and finds it on /customer/payment; then the modals once in French.
// axe at 1280 and 375 px on the card and each modal; screenshots of each go to the test's output folder.
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, acceptTermsViaApi, expectAccessible, PASSWORD, resetDemo, signIn, signOut, TENANT } from './support';

const WIDTHS = [1280, 375] as const;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function saveLanguage(page: Page, lang: 'en' | 'fr') {
  const auth = await page.request.get('/api/authorize', {
    headers: { authorization: `Basic ${Buffer.from(`${TENANT}:${PASSWORD}`).toString('base64')}` },
  });
  const { access_token } = await auth.json();
  const claims = JSON.parse(Buffer.from(access_token.split('.')[1], 'base64url').toString());
  const res = await page.request.patch(`/api/customer/${claims.sessionRole.id}/update`, {
    headers: { authorization: `Bearer ${access_token}` },
    data: { languageCode: lang },
  });
  expect(res.status()).toBe(200);
}

/** axe on what shows (or on the open dialog) at each width, with a screenshot of each. */
async function checkEachWidth(page: Page, name: string, dialog?: boolean) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, dialog ? '[role="dialog"]' : undefined);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: !dialog });
    const card = page.getByTestId('insurance-card');
    if (!dialog && (await card.count()) > 0) await card.screenshot({ path: test.info().outputPath(`${name}-${width}-card.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.beforeEach(async ({ request }) => {
  await resetDemo(request);
  await acceptTermsViaApi(request);
});

test('upload a policy with its proof, see it pending, terminate it, find it on the payment page', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  const card = page.getByTestId('insurance-card');
  await expect(card.getByRole('heading', { name: 'Tenant insurance' })).toBeVisible();
  // the demo's policies: one pending, one approved with the manager's comment as a tooltip (spec 2 §4)
  await expect(card.getByText('Coastal Home Insurance')).toBeVisible();
  await expect(card.getByText('Pending approval by manager')).toBeVisible();
  const approved = card.getByRole('listitem').filter({ hasText: 'Maple Mutual Insurance' });
  await expect(approved.getByText('Approved by Property Manager')).toBeVisible();
  // hover here; the keyboard's way to it (focus) is held by insurance-modals.test.tsx
  await approved.getByRole('button', { name: "Manager's comment" }).hover();
  await expect(page.getByRole('tooltip')).toContainText('Liability coverage of $1,000,000 confirmed.');
  await page.mouse.move(0, 0);
  await checkEachWidth(page, 'insurance-card-en');

  await card.getByRole('button', { name: 'Add insurance' }).click();
  const add = page.getByRole('dialog', { name: 'Add insurance' });
  await expect(add.getByRole('heading', { name: 'I already have insurance' })).toBeVisible();
  await checkEachWidth(page, 'insurance-add-en', true);
  await add.getByRole('button', { name: 'Upload my policy' }).click();

  const form = page.getByRole('dialog', { name: 'Upload your insurance policy' });
  await expect(form).toBeVisible();
  // refused empty: the required messages (spec 2 §5)
  await form.getByRole('button', { name: 'Save and upload' }).click();
  await expect(form.getByText('Required Field').first()).toBeVisible();
  await expect(form.getByText('Please upload your proof of insurance')).toBeVisible();
  await checkEachWidth(page, 'insurance-form-errors-en', true);

  await form.getByLabel(/^Insurance company/).fill('Pacific Shield Mutual');
  await form.getByLabel(/^Policy number/).fill('PSM-2026-0042');
  await form.getByLabel(/^Insured's first name/).fill('Camille');
  await form.getByLabel(/^Insured's last name/).fill('Tremblay');
  await form.getByLabel(/^Start date/).fill('2026-12-01');
  await form.getByLabel(/^End date/).fill('2027-11-30');
  await form.locator('input[type="file"]').setInputFiles({ name: 'pacific-proof.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('button', { name: 'Save and upload' }).click();
  await expect(page.getByText('Your insurance policy was uploaded. Your property manager will review it.')).toBeVisible();
  await expect(form).toBeHidden();

  const item = card.getByRole('listitem').filter({ hasText: 'Pacific Shield Mutual' });
  await expect(item.getByText('Policy number PSM-2026-0042')).toBeVisible();
  await expect(item.getByText('Pending approval by manager')).toBeVisible();
  await expect(item.getByText('Proof: pacific-proof.png')).toBeVisible();
  await expect(item.getByText('01-Dec-2026 to 30-Nov-2027')).toBeVisible();

  // the same number again on this lease: the spec 2 §8 alert
  await card.getByRole('button', { name: 'Add insurance' }).click();
  await page.getByRole('dialog', { name: 'Add insurance' }).getByRole('button', { name: 'Upload my policy' }).click();
  await form.getByLabel(/^Insurance company/).fill('Pacific Shield Mutual');
  await form.getByLabel(/^Policy number/).fill('psm-2026-0042');
  await form.getByLabel(/^Insured's first name/).fill('Camille');
  await form.getByLabel(/^Insured's last name/).fill('Tremblay');
  await form.getByLabel(/^Start date/).fill('2026-12-01');
  await form.getByLabel(/^End date/).fill('2027-11-30');
  await form.locator('input[type="file"]').setInputFiles({ name: 'again.png', mimeType: 'image/png', buffer: PNG });
  await form.getByRole('button', { name: 'Save and upload' }).click();
  await expect(form.getByRole('alert')).toContainText('An insurance policy already exists for this lease.');
  await form.getByRole('button', { name: 'Cancel' }).click();

  // terminate: confirmed, irreversible, and said so
  await item.getByRole('button', { name: 'Terminate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Terminate this insurance policy?' });
  await expect(confirm).toContainText('This cannot be undone');
  await expect(confirm.getByRole('button', { name: 'Keep the policy' })).toBeFocused();
  await checkEachWidth(page, 'insurance-terminate-en', true);
  await confirm.getByRole('button', { name: 'Terminate the policy' }).click();
  await expect(page.getByText('Your insurance policy was terminated.')).toBeVisible();
  await expect(item.getByText(/^Terminated on \d\d-[A-Z][a-z]{2}-\d{4}$/)).toBeVisible();
  await expect(item.getByRole('button', { name: 'Terminate' })).toBeHidden();
  await expect(item.getByRole('button', { name: 'Edit' })).toBeHidden();

  await page.goto('/customer/payment');
  const section = page.getByRole('region', { name: 'Insurance policies' });
  await expect(section.getByText('Pacific Shield Mutual')).toBeVisible();
  await expect(section.getByText('Coastal Home Insurance')).toBeVisible();
  await checkEachWidth(page, 'insurance-payment-page-en');
});

test('the insurance modals in French', async ({ page }) => {
  await saveLanguage(page, 'fr');
  await signIn(page);
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  const card = page.getByTestId('insurance-card');
  await expect(card.getByRole('heading', { name: 'Assurance locataire' })).toBeVisible();
  await expect(card.getByText('En attente d’approbation par le gestionnaire')).toBeVisible();
  await expect(
    card
      .getByRole('listitem')
      .filter({ hasText: 'Maple Mutual Insurance' })
      .getByText('Approuvée par le gestionnaire immobilier'),
  ).toBeVisible();
  await checkEachWidth(page, 'insurance-card-fr');
  await card.getByRole('button', { name: 'Ajouter une assurance' }).click();
  const add = page.getByRole('dialog', { name: 'Ajouter une assurance' });
  await checkEachWidth(page, 'insurance-add-fr', true);
  await add.getByRole('button', { name: 'Téléverser ma police' }).click();
  const form = page.getByRole('dialog', { name: 'Téléverser votre police d’assurance' });
  await form.getByLabel(/^Date de début/).fill('2027-01-10');
  await form.getByLabel(/^Date de fin/).fill('2027-01-01');
  await form.getByRole('button', { name: 'Enregistrer et téléverser' }).click();
  await expect(
    form.getByText('La date de début ne peut pas être postérieure à la date de fin ou à la date d’entrée en vigueur.'),
  ).toBeVisible();
  await checkEachWidth(page, 'insurance-form-fr', true);
  await form.getByRole('button', { name: 'Annuler' }).click();
  // the edit modal of the pending demo policy, with its proof to download or delete
  await card
    .getByRole('listitem')
    .filter({ hasText: 'Coastal Home Insurance' })
    .getByRole('button', { name: 'Modifier' })
    .click();
  const edit = page.getByRole('dialog', { name: 'Modifier votre police d’assurance' });
  await expect(edit.getByRole('button', { name: 'Télécharger home-insurance-proof.png' })).toBeVisible();
  await checkEachWidth(page, 'insurance-edit-fr', true);
});

test('an admin rejects the pending policy with a comment; the tenant sees the status and the comment', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.waitForURL(/\/admin/);
  await page.goto('/admin/insurance');
  const table = page.getByTestId('admin-pending-insurance');
  await expect(table.getByText('Coastal Home Insurance')).toBeVisible();
  await checkEachWidth(page, 'insurance-admin-en');
  await table.getByRole('button', { name: 'Reject the policy of Camille Tremblay' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reject the policy of Camille Tremblay?' });
  await dialog.getByLabel(/Comment for the tenant/).fill('The proof shows no liability coverage.');
  await checkEachWidth(page, 'insurance-admin-reject-en', true);
  await dialog.getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('The policy was rejected. The tenant is told.')).toBeVisible();
  await expect(page.getByText('No uploaded policy is waiting for approval.')).toBeVisible();

  // the sign-out finishes before signing in again (else /signin still sees the admin's session)
  await signOut(page);
  await signIn(page);
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  const item = page.getByTestId('insurance-card').getByRole('listitem').filter({ hasText: 'Coastal Home Insurance' });
  await expect(item.getByText('Rejected by Property Manager')).toBeVisible();
  await item.getByRole('button', { name: "Manager's comment" }).hover();
  await expect(page.getByRole('tooltip')).toContainText('The proof shows no liability coverage.');
});
