// Account page (issue 2): profile rules and save, password change with the server's answers, documents upload /
// download / delete and a refused file type, French and a phone-width layout.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { acceptTermsViaApi, PASSWORD, resetDemo, signIn, signOut, TENANT, TENANT_US } from './support';

const REQUIRED = 'Required Field';
const FILE_TYPES = 'Accepted file types: CSV, PNG, JPEG, PDF.';
const TYPE_MISMATCH = "The file's content does not match the type its name says.";
// A valid 1x1 PNG.
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const files = mkdtempSync(join(tmpdir(), 'account-e2e-'));
test.afterAll(() => rmSync(files, { recursive: true, force: true }));
function writeFile(name: string, content: string | Buffer): string {
  const path = join(files, name);
  writeFileSync(path, content);
  return path;
}

async function openAccount(page: Page, email = TENANT, password = PASSWORD) {
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  await page.goto('/customer/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(page.getByLabel(/^First name/)).toHaveValue('Camille');
}

async function token(request: APIRequestContext, email = TENANT, password = PASSWORD): Promise<{ token: string; id: string }> {
  const res = await request.get('/api/authorize', {
    headers: { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` },
  });
  expect(res.status()).toBe(200);
  const { access_token } = await res.json();
  return { token: access_token, id: JSON.parse(Buffer.from(access_token.split('.')[1], 'base64url').toString()).sessionRole.id };
}

test.beforeEach(async ({ request }) => {
  await resetDemo(request);
  await acceptTermsViaApi(request);
});

test('profile: every rule shows its message after Save, the server refuses a taken email, and a valid save persists', async ({
  page,
}) => {
  await openAccount(page);
  const profile = page.getByRole('region', { name: 'Profile' });
  const phone = profile.getByLabel(/^Mobile phone/);
  const alternate = profile.getByLabel(/^Alternate phone/);
  const contact = profile.getByLabel(/^Preferred contact method/);
  const email = profile.getByLabel(/^Email/);
  const unmute = profile.getByRole('checkbox', { name: 'Receive text message notifications' });
  const save = profile.getByRole('button', { name: 'Save' });

  // the demo tenant receives texts (unmute on) with EMAIL as preferred contact
  await expect(unmute).toBeChecked();
  await expect(contact).toHaveValue('EMAIL');

  // preferred contact MOBILE_PHONE without a mobile phone: no message until Save
  await unmute.uncheck();
  await phone.fill('');
  await contact.selectOption('MOBILE_PHONE');
  await expect(profile.getByText(REQUIRED)).toHaveCount(0);
  await save.click();
  await expect(phone).toHaveAccessibleDescription(REQUIRED);
  await expect(phone).toHaveAttribute('aria-invalid', 'true');

  // with EMAIL nothing needs the phone; text notifications on need it again
  await contact.selectOption('EMAIL');
  await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  await unmute.check();
  await expect(phone).toHaveAccessibleDescription(REQUIRED);
  await unmute.uncheck();
  await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  await phone.fill('604-555-0142');
  await expect(phone).toHaveValue('6045550142');

  // preferred contact ALTERNATE_PHONE without an alternate phone
  await contact.selectOption('ALTERNATE_PHONE');
  await save.click();
  await expect(alternate).toHaveAccessibleDescription(REQUIRED);
  await alternate.fill('6045550111');
  await expect(alternate).not.toHaveAttribute('aria-invalid', 'true');

  // invalid email
  await email.fill('camille@@demo');
  await save.click();
  await expect(email).toHaveAccessibleDescription('Invalid Email Address');

  // an email another account uses: the server answers RM_ERROR_RECORD_ALREADY_EXIST
  await email.fill(TENANT_US);
  await save.click();
  await expect(profile.getByRole('alert')).toHaveText('An account with this email already exists.');

  // a valid save
  await email.fill('camille.t@demo.test');
  await profile.getByLabel(/^First name/).fill('Camila');
  await profile.getByLabel(/^Birth date/).fill('1990-05-20');
  await unmute.check();
  await save.click();
  // issue 25: a new address waits for the link sent to it (spec 2 §8: the e-mail verification note)
  await expect(
    page.getByText('Profile saved. We sent a link to camille.t@demo.test: your e-mail changes once you confirm it.'),
  ).toBeVisible();
  await expect(profile.getByRole('alert')).toHaveCount(0);

  await page.reload();
  await expect(profile.getByLabel(/^First name/)).toHaveValue('Camila');
  await expect(email).toHaveValue(TENANT);
  await expect(profile.getByText('Waiting for confirmation of camille.t@demo.test')).toBeVisible();
  await expect(phone).toHaveValue(/6045550142$/);
  await expect(alternate).toHaveValue(/6045550111$/);
  await expect(contact).toHaveValue('ALTERNATE_PHONE');
  await expect(profile.getByLabel(/^Birth date/)).toHaveValue('1990-05-20');
  await expect(unmute).toBeChecked();

  // the next save with the same email is a plain "Profile saved"
  await unmute.uncheck();
  await save.click();
  await expect(page.getByText('Profile saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(unmute).not.toBeChecked();
});

test('profile: choosing French saves the language and switches the page', async ({ page }) => {
  await openAccount(page);
  const profile = page.getByRole('region', { name: 'Profile' });
  await profile.getByLabel(/^Language/).selectOption('fr');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Compte' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Profil' })).toBeVisible();
  await expect(page.getByText('Profil enregistré', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Compte' })).toBeVisible();
});

test('password: wrong current password, client-side checks, then success and a sign-in with the new password', async ({
  page,
  request,
}) => {
  await openAccount(page);
  const security = page.getByRole('region', { name: 'Security' });
  const current = security.getByLabel(/^Current password/);
  const next = security.getByLabel(/^New password/);
  const confirm = security.getByLabel(/^Confirm new password/);
  const update = security.getByRole('button', { name: 'Update password' });
  await expect(update).toBeDisabled();

  // the toggle shows the typed password
  await current.fill('Wrong1234');
  await security.getByRole('button', { name: 'Show current password' }).click();
  await expect(current).toHaveAttribute('type', 'text');
  await security.getByRole('button', { name: 'Hide current password' }).click();
  await expect(current).toHaveAttribute('type', 'password');

  // complexity and mismatch are caught before any call
  await next.fill('short');
  await next.blur();
  await expect(next).toHaveAccessibleDescription(/Insufficient Password complexity/);
  await next.fill('Better1234');
  await confirm.fill('Better12345');
  await confirm.blur();
  await expect(confirm).toHaveAccessibleDescription('Passwords do not match');
  await expect(update).toBeDisabled();
  await confirm.fill('Better1234');
  await expect(update).toBeEnabled();

  // the server refuses the wrong current password: the message shows for 5 seconds
  await update.click();
  const wrong = security.getByRole('alert').filter({ hasText: 'The current password you entered is wrong!' });
  await expect(wrong).toBeVisible();
  await page.waitForTimeout(3500);
  await expect(wrong).toBeVisible();
  await expect(wrong).toBeHidden({ timeout: 3000 });

  // the server's own mismatch and complexity answers (the form never sends these)
  const { token: bearer, id } = await token(request);
  const refused = async (body: object) => {
    const res = await request.post('/api/changepassword', {
      headers: { authorization: `Bearer ${bearer}` },
      data: { userId: id, ...body },
    });
    return { status: res.status(), body: await res.json() };
  };
  const mismatch = await refused({ password: PASSWORD, newPassword: 'Better1234', confirmNewPassword: 'Better12345' });
  expect(mismatch.body.errorCode).toBe('RM_ERROR_RECORD_VALIDATION');
  const weak = await refused({ password: PASSWORD, newPassword: 'weakpass', confirmNewPassword: 'weakpass' });
  expect(weak.body.errorCode).toBe('RM_ERROR_PASSWORD_COMPLEXITY');

  // success: message for 5 seconds, form cleared
  await current.fill(PASSWORD);
  await update.click();
  const success = security.getByRole('status').filter({ hasText: 'Your password has been changed.' });
  await expect(success).toBeVisible();
  await expect(current).toHaveValue('');
  await expect(next).toHaveValue('');
  await expect(confirm).toHaveValue('');
  await expect(success).toBeHidden({ timeout: 7000 });

  // the new password signs in, the old one no longer does (signed out for good first: /signin must not see the session)
  await signOut(page);
  const old = await request.get('/api/authorize', {
    headers: { authorization: `Basic ${Buffer.from(`${TENANT}:${PASSWORD}`).toString('base64')}` },
  });
  expect(old.status()).toBe(401);
  await signIn(page, TENANT, 'Better1234');
  await expect(page).toHaveURL(/\/customer\/dashboard/);
});

test('documents: the lists, upload a PNG, download the same bytes, delete it, and refuse other files', async ({ page }) => {
  await openAccount(page);
  const mine = page.getByRole('region', { name: 'My documents' });
  const manager = page.getByRole('region', { name: 'From your property manager' });
  // the seeded documents: one of the tenant's and one from the manager
  await expect(mine.getByText('move-in-costs.csv')).toBeVisible();
  await expect(manager.getByText('Signed lease agreement.png')).toBeVisible();
  await expect(manager.getByRole('button', { name: 'Delete Signed lease agreement.png' })).toBeVisible();

  // upload: both fields are required
  await page.getByRole('button', { name: 'Upload a document' }).click();
  let dialog = page.getByRole('dialog', { name: 'Upload a document' });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText('Please select a property lease')).toBeVisible();
  await expect(dialog.getByText('Please select a valid file')).toBeVisible();

  const lease = dialog.getByLabel(/^Property lease/);
  await expect(lease.locator('option')).not.toHaveCount(1);
  await lease.selectOption({ label: 'Harbourview Residences, unit 804' });
  const pngPath = writeFile('e2e-pixel.png', PNG_1X1);
  await dialog.locator('input[type="file"]').setInputFiles(pngPath);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(page.getByText('Document uploaded')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(mine.getByText('e2e-pixel.png')).toBeVisible();
  await expect(mine.getByText(`${PNG_1X1.length} bytes`)).toBeVisible();

  // download: the original bytes under the decoded name
  const downloading = page.waitForEvent('download');
  await mine.getByRole('button', { name: 'Download e2e-pixel.png' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('e2e-pixel.png');
  expect(readFileSync(await download.path()).equals(PNG_1X1)).toBe(true);

  // delete with confirmation
  await mine.getByRole('button', { name: 'Delete e2e-pixel.png' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this document?' });
  await expect(confirm).toContainText('e2e-pixel.png');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Document deleted')).toBeVisible();
  await expect(mine.getByText('e2e-pixel.png')).toHaveCount(0);
  await expect(mine.getByText('move-in-costs.csv')).toBeVisible();

  // refused (issue 9): a ".png" that holds a table, and a ".png" that holds HTML
  await page.getByRole('button', { name: 'Upload a document' }).click();
  dialog = page.getByRole('dialog', { name: 'Upload a document' });
  await dialog.getByLabel(/^Property lease/).selectOption({ label: 'Harbourview Residences, unit 804' });
  const fileInput = dialog.locator('input[type="file"]');
  await fileInput.setInputFiles(writeFile('table.png', 'item,amount\nRent,1850\n'));
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText(TYPE_MISMATCH)).toBeVisible();
  await fileInput.setInputFiles(writeFile('fake.png', '<!DOCTYPE html><html><body>not an image</body></html>'));
  await expect(dialog.getByText(FILE_TYPES)).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog.getByText(FILE_TYPES)).toBeVisible();
  // a name of 50 characters
  await fileInput.setInputFiles(writeFile(`${'n'.repeat(46)}.png`, PNG_1X1));
  await expect(dialog.getByText('The file name must be under 50 characters.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(mine.getByText('fake.png')).toHaveCount(0);
  await expect(mine.getByText('table.png')).toHaveCount(0);
});

test('the server refuses a fake PNG, a table named .png and a long name on its own, and takes a PDF', async ({ request }) => {
  const { token: bearer } = await token(request);
  const leases = await request.post('/api/property_lease/search', {
    headers: { authorization: `Bearer ${bearer}` },
    data: { conditions: [] },
  });
  const leaseId = (await leases.json()).records[0].id as string;
  const upload = (name: string, buffer: Buffer, mimeType: string) =>
    request.post(`/api/PROPERTY_LEASE/${leaseId}/upload`, {
      headers: { authorization: `Bearer ${bearer}` },
      multipart: { file: { name, mimeType, buffer } },
    });
  const fake = await upload('fake.png', Buffer.from('<!DOCTYPE html><html></html>'), 'image/png');
  expect((await fake.json()).errorCode).toBe('RM_ERROR_FILE_TYPE');
  // issue 9: a table named .png is refused; a PDF is accepted
  const table = await upload('table.png', Buffer.from('item,amount\nRent,1850\n'), 'image/png');
  expect((await table.json()).errorCode).toBe('RM_ERROR_FILE_TYPE');
  const pdf = await upload('lease.pdf', Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n'), 'application/pdf');
  const { id: pdfId } = await pdf.json();
  expect(pdfId).toMatch(/^[0-9a-f-]{36}$/);
  await request.delete(`/api/document/${pdfId}/delete`, { headers: { authorization: `Bearer ${bearer}` } });
  const long = await upload(`${'n'.repeat(46)}.png`, PNG_1X1, 'image/png');
  expect((await long.json()).errorCode).toBe('RM_ERROR_FILE_NAME_TOO_LONG');
});

test('the account page in French and at phone width', async ({ page }, testInfo) => {
  await openAccount(page);
  await page.screenshot({ path: testInfo.outputPath('account-en.png'), fullPage: true });

  // 375 x 667 (a small phone held upright)
  await page.setViewportSize({ width: 375, height: 667 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await expect(page.getByLabel(/^First name/)).toHaveValue('Camille');
  // one column and nothing wider than the screen
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const first = await page.getByLabel(/^First name/).boundingBox();
  const last = await page.getByLabel(/^Last name/).boundingBox();
  expect(last && first && last.y > first.y).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('account-375.png'), fullPage: true });

  await page.setViewportSize({ width: 1280, height: 900 });
  const profile = page.getByRole('region', { name: 'Profile' });
  await profile.getByLabel(/^Language/).selectOption('fr');
  await profile.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Compte' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mes documents' })).toContainText('move-in-costs.csv');
  await expect(page.getByRole('region', { name: 'Sécurité' }).getByLabel(/^Mot de passe actuel/)).toBeVisible();
  await page.getByRole('region', { name: 'Profil' }).getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Profil enregistré', { exact: true })).toHaveCount(2);
  await page.screenshot({ path: testInfo.outputPath('account-fr.png'), fullPage: true });
});
