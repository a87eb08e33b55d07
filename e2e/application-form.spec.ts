// Issue 11 "Applying": the demo tenant starts an application on the demo page (/apply/harbourview), fills two steps,
// saves for later, resumes from the applications page, answers every step, pays the application fee with the saved
// card, submits and sees SUBMITTED with the screening reports (the sandbox passes a surname without Fail/Review/Error).
// axe on every step; once in French at phone width (375 px).
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { acceptTermsViaApi, expectAccessible, PASSWORD, resetDemo, signIn, TENANT } from './support';

// the seeded pending application is on Metrotown Lofts; the seeded one in progress here is resumed by its own id
const PROPERTY = 'Harbourview Residences';

async function patchCustomer(request: APIRequestContext, body: object) {
  const auth = await request.get('/api/authorize', {
    headers: { authorization: `Basic ${Buffer.from(`${TENANT}:${PASSWORD}`).toString('base64')}` },
  });
  const { access_token } = await auth.json();
  const id = JSON.parse(Buffer.from(access_token.split('.')[1], 'base64url').toString()).sessionRole.id;
  const res = await request.patch(`/api/customer/${id}/update`, {
    headers: { authorization: `Bearer ${access_token}` },
    data: body,
  });
  expect(res.status()).toBe(200);
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

/** Next on a step: the answers are saved and the next step's heading takes the focus. */
async function next(page: Page, nextStep: string) {
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(stepHeading(page, nextStep)).toBeFocused();
}

test.beforeEach(async ({ request }) => {
  await resetDemo(request);
  await acceptTermsViaApi(request);
});

test('a tenant starts an application, saves it for later, resumes, pays the fee, submits and sees it screened', async ({
  page,
}) => {
  // eleven steps, each checked by axe
  test.setTimeout(180_000);
  await signIn(page);
  await expect(page).toHaveURL(/\/customer\/dashboard/);

  // start: the address takes the application's id
  await page.goto('/apply/harbourview');
  await expect(page).toHaveURL(/\/apply\/harbourview\?applicationId=[0-9a-f-]{36}$/);
  const applicationId = new URL(page.url()).searchParams.get('applicationId') ?? '';
  await expect(stepHeading(page, 'Applicant')).toBeVisible();
  await expect(page.getByText('Step 1 of 11: Applicant')).toBeVisible();
  await expect(page.getByLabel(/^First name/)).toHaveValue('Camille');
  await expectAccessible(page);

  // a required field left empty stops Next with its message, on the field
  await page.getByLabel(/^Last name/).fill('');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Required Field')).toBeVisible();
  await expect(page.getByLabel(/^Last name/)).toBeFocused();
  await page.getByLabel(/^Last name/).fill('Tremblay');
  await next(page, 'Property');

  // property: searched by postal code, chosen from the results
  await page.getByLabel('Postal or zip code, or property name').fill('v6z');
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('radio', { name: new RegExp(PROPERTY) }).check();
  await expect(page.getByTestId('chosen-property')).toContainText(PROPERTY);
  await expectAccessible(page);
  await next(page, 'Address history');

  // save for later → the dashboard, with the toast
  await page.getByRole('button', { name: 'Save for later' }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  await expect(page.getByText('Application saved')).toBeVisible();

  // resume from the applications page: back where the tenant left off
  await page.goto('/customer/application');
  const resume = page.locator(`a[href$="applicationId=${applicationId}"]`).filter({ visible: true }).first();
  await expect(resume).toHaveAccessibleName(`Resume the application for ${PROPERTY}`);
  await resume.click();
  await expect(stepHeading(page, 'Address history')).toBeVisible();
  await expect(page.getByText('Step 3 of 11: Address history')).toBeVisible();

  // address history
  await page.getByRole('button', { name: 'Add an address' }).click();
  const address = page.getByRole('group', { name: 'Address 1' });
  await address.getByLabel(/^Street address/).fill('4700 Kingsway');
  await address.getByLabel(/^City/).fill('Burnaby');
  await address.getByLabel(/^Country/).selectOption('CA');
  await address.getByLabel(/^Province or state/).selectOption('BC');
  await address.getByLabel(/^Postal or zip code/).fill('V5H 4M1');
  await address.getByLabel(/^Months at this address/).fill('24');
  await expectAccessible(page);
  await next(page, 'Other occupants');

  // other occupants: one
  await page.getByRole('button', { name: 'Add an occupant' }).click();
  await page.getByLabel(/^Full name/).fill('Sam Tremblay');
  await page.getByLabel(/^Age/).fill('34');
  await page.getByLabel(/^Relationship to you/).fill('Spouse');
  await expectAccessible(page);
  await next(page, 'Employment');

  // employment
  await page.getByLabel(/^Employment status/).selectOption('EMPLOYED');
  await page.getByLabel(/^Employer \*?$/).fill('Coastal Health');
  await page.getByLabel(/^Occupation/).fill('Nurse');
  await page.getByLabel(/^Employer's phone/).fill('6045550190');
  await page.getByLabel(/^Months with this employer/).fill('48');
  await page.getByLabel(/^Monthly salary/).fill('6200');
  await expectAccessible(page);
  await next(page, 'Personal references');

  // references
  await page.getByRole('button', { name: 'Add a reference' }).click();
  await page.getByLabel(/^Full name/).fill('Priya Shah');
  await page.getByLabel(/^Relationship to you/).fill('Former landlord');
  await page.getByLabel(/^Phone/).fill('6045550111');
  await expectAccessible(page);
  await next(page, 'Other information');

  // other information
  await page.getByLabel(/^Marital status/).selectOption('MARRIED');
  await page
    .getByRole('radiogroup', { name: /Do you have pets/ })
    .getByLabel('No')
    .check();
  await page
    .getByRole('radiogroup', { name: /Do you smoke/ })
    .getByLabel('No')
    .check();
  await expectAccessible(page);
  await next(page, 'Emergency contact');

  // emergency contact
  await page.getByLabel(/^First name/).fill('Louise');
  await page.getByLabel(/^Last name/).fill('Tremblay');
  await page.getByLabel(/^Relationship to you/).fill('Mother');
  await page.getByLabel(/^Phone/).fill('5145550123');
  await expectAccessible(page);
  await next(page, 'Additional questions');

  // the page's own question
  await page.getByLabel(/^Number of vehicles/).fill('1');
  await expectAccessible(page);
  await next(page, 'Application fee');

  // the fee: the demo card, its service fee
  await expect(page.getByTestId('application-fee-amount')).toHaveText('Application fee: $35.00');
  await page.getByRole('radio', { name: /Visa 4242/ }).check();
  await expect(page.getByTestId('application-service-fee')).toContainText('Total charged');
  await expectAccessible(page);
  await next(page, 'Review and terms');

  // review and terms, submit
  const review = page.getByTestId('application-review');
  await expect(review).toContainText(PROPERTY);
  await expect(review).toContainText('4700 Kingsway');
  await expect(review).toContainText('Coastal Health');
  await page.getByRole('checkbox', { name: /I confirm my answers/ }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByTestId('application-submitted')).toContainText('screening is under way');
  await expect(page.getByTestId('application-status')).toHaveText('SUBMITTED');
  await expectAccessible(page);

  // the applications page: SUBMITTED, with the reports once the sandbox has answered
  await page.getByRole('link', { name: 'Go to my applications' }).click();
  await expect(page).toHaveURL(/\/customer\/application$/);
  const row = page.getByRole('row').filter({ hasText: PROPERTY }).filter({ hasText: 'SUBMITTED' });
  await expect(async () => {
    await page.reload();
    await expect(row.getByRole('button', { name: /View the credit report/ })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row.getByRole('button', { name: /View the background report/ })).toBeVisible();
});

test('in French at phone width: the steps, the errors and save for later', async ({ page, request }) => {
  await patchCustomer(request, { languageCode: 'fr' });
  await page.setViewportSize({ width: 375, height: 667 });
  await signIn(page);
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  await page.goto('/apply/harbourview');
  await expect(stepHeading(page, 'Demandeur')).toBeVisible();
  await expect(page.getByText('Étape 1 sur 11\u202f: Demandeur')).toBeVisible();
  // one column: nothing wider than the screen
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();
  await expect(stepHeading(page, 'Propriété')).toBeFocused();
  await page.getByRole('button', { name: 'Enregistrer et continuer' }).click();
  await expect(page.getByText('Champ obligatoire').first()).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(PROPERTY) }).check();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Enregistrer pour plus tard' }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  await expect(page.getByText('Demande enregistrée')).toBeVisible();
});
