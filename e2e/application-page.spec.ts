// issue 11, /customer/application (spec 2 §2 "Application page", §4 "Applications", §8): the nav item, the table of
// the demo applications with their report columns, a PASS credit report, the application's PDF, deleting a draft; the
// admin approves the PENDING application and the tenant sees APPROVED; in French once and at 375 px once.
import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { ADMIN, acceptTermsViaApi, expectAccessible, PASSWORD, resetDemo, signIn, signOut, TENANT } from './support';

test.beforeEach(async ({ request }) => {
  await resetDemo(request);
  await acceptTermsViaApi(request);
});

const rows = (page: Page) => page.getByTestId('application-row');

async function openApplications(page: Page, navName = 'Applications') {
  await page.getByRole('navigation').getByRole('link', { name: navName }).click();
  await expect(page).toHaveURL(/\/customer\/application$/);
  await expect(rows(page).first()).toBeVisible();
}

test('the tenant sees the applications, a PASS credit report, downloads the PDF and deletes a draft', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  await openApplications(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  await expect(rows(page)).toHaveCount(5);
  // spec 2 §4: PENDING shows SUBMITTED; the report columns appear (there are submitted rows)
  const submitted = rows(page).filter({ hasText: 'Metrotown Lofts' });
  await expect(submitted.getByTestId('application-status')).toHaveText('SUBMITTED');
  // issue 21 §1: the same figure as the dashboard card (dashboard.spec.ts)
  await expect(submitted).toContainText('90%');
  await expect(page.getByRole('columnheader', { name: 'Credit' })).toBeVisible();
  await expect(submitted.getByTestId('report-credit')).toContainText('Pass');
  // the in-progress draft resumes at the application flow, without report cells
  const draft = rows(page).filter({ hasText: 'IN PROGRESS' });
  await expect(draft.getByRole('link', { name: /^Resume the application/ })).toHaveAttribute(
    'href',
    /\/apply\/harbourview\?applicationId=/,
  );
  await expect(draft.getByTestId('report-credit')).toHaveCount(0);
  // the declined one ("Fail" surname): FAIL, and its report opens (issue 21 §1: every answered screening has one)
  const declined = rows(page).filter({ hasText: 'DECLINED' });
  await expect(declined.getByTestId('report-credit')).toContainText('Fail');
  await expectAccessible(page);
  await declined.getByRole('button', { name: /^View the credit report/ }).click();
  const failed = page.getByRole('dialog', { name: 'Credit report' });
  await expect(failed).toBeVisible();
  await failed.getByRole('button', { name: 'Close' }).last().click();
  await expect(failed).toBeHidden();

  await submitted.getByRole('button', { name: 'View the credit report for Metrotown Lofts' }).click();
  const credit = page.getByRole('dialog', { name: 'Credit report' });
  await expect(credit.getByTestId('credit-score')).toHaveText(/^\d{3}$/);
  await expect(credit.getByTestId('credit-grade')).toHaveText(/^(A\+|A|B\+|B|C\+|C|D|F)$/);
  await expectAccessible(page, '[role="dialog"]');
  const [report] = await Promise.all([
    page.waitForEvent('download'),
    credit.getByRole('button', { name: 'Download report' }).click(),
  ]);
  expect(report.suggestedFilename()).toMatch(/^credit-report.*\.pdf$/);
  await credit.getByRole('button', { name: 'Close' }).last().click();
  await expect(credit).toBeHidden();

  await submitted.getByRole('button', { name: 'View the application for Metrotown Lofts' }).click();
  const view = page.getByRole('dialog', { name: 'Lease application' });
  await expect(view.getByRole('heading', { name: 'Employment' })).toBeVisible();
  await expect(view).toContainText('Coastal Health');
  await expect(view.getByRole('region', { name: 'Additional questions' })).toContainText('Number of vehicles');
  await expectAccessible(page, '[role="dialog"]');
  await view.getByRole('button', { name: 'Close' }).last().click();

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    submitted.getByRole('button', { name: 'Download the application for Metrotown Lofts as a PDF' }).click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^application-metrotown-lofts-\d{4}-\d{2}-\d{2}\.pdf$/);
  const bytes = readFileSync(await pdf.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.toString('latin1')).toContain('Camille');

  // delete the NOT_STARTED draft (no property chosen yet): Cancel is focused, then the toast
  const notStarted = rows(page).filter({ hasText: 'NOT STARTED' });
  await notStarted.getByRole('button', { name: /^Delete the application/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this application?' });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectAccessible(page, '[role="dialog"]');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Application deleted')).toBeVisible();
  await expect(rows(page)).toHaveCount(4);

  // a submitted application is locked: the errorCode and the reason show
  await submitted.getByRole('button', { name: 'Delete the application for Metrotown Lofts' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByRole('alert')).toContainText('RM_ERROR_APPLICATION_LOCKED');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
});

test('the admin approves the PENDING application and the tenant sees APPROVED', async ({ page }) => {
  await signIn(page, ADMIN, PASSWORD);
  await expect(page).toHaveURL(/\/admin/);
  // issue 23: the approvals inbox (its applications tab opens first)
  await page.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Approvals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Approvals' })).toBeVisible();
  const pending = page.getByTestId('admin-pending-applications');
  await expect(pending).toContainText('Metrotown Lofts');
  await expectAccessible(page);
  await pending
    .getByRole('button', { name: /^Approve Camille/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: /Approve the application of Camille/ });
  const start = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  await dialog.getByRole('textbox', { name: /Lease start date/ }).fill(start);
  await dialog.getByRole('textbox', { name: 'Unit' }).fill('305');
  await dialog.getByRole('textbox', { name: 'Monthly rent' }).fill('1700');
  await expectAccessible(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Application approved: the lease was created.')).toBeVisible();
  await expect(pending).toHaveCount(0);

  await signOut(page);
  await signIn(page, TENANT);
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  await openApplications(page);
  await expect(rows(page).filter({ hasText: 'Metrotown Lofts' }).getByTestId('application-status')).toHaveText('APPROVED');
  await expect(page.getByText('SUBMITTED', { exact: true })).toHaveCount(0);
});

test('in French: the page, the statuses and the income report', async ({ page }) => {
  await page.goto('/signin');
  await page.getByLabel('Language').selectOption('fr');
  await page.getByLabel(/^Courriel/).fill(TENANT);
  await page.getByLabel(/^Mot de passe/).fill(PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/customer\/dashboard/);
  await openApplications(page, 'Demandes');
  await expect(page.getByRole('heading', { level: 1, name: 'Demandes' })).toBeVisible();
  const submitted = rows(page).filter({ hasText: 'Metrotown Lofts' });
  await expect(page.getByRole('columnheader', { name: 'Revenus' })).toBeVisible();
  await expectAccessible(page);
  await submitted.getByRole('button', { name: 'Voir le rapport de revenus pour Metrotown Lofts' }).click();
  const income = page.getByRole('dialog', { name: 'Rapport de vérification des revenus' });
  await expect(income).toContainText('Revenu mensuel');
  await expect(income).toContainText(/\d\s?\$/);
  await expectAccessible(page, '[role="dialog"]');
});

test.describe('on a phone (375 px)', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('cards instead of the table, the background report opens', async ({ page }) => {
    await signIn(page);
    await expect(page).toHaveURL(/\/customer\/dashboard/);
    await page.getByRole('button', { name: /menu/i }).first().click();
    await openApplications(page);
    await expect(page.getByTestId('applications-cards')).toBeVisible();
    await expect(page.getByTestId('applications-table')).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    const submitted = rows(page).filter({ hasText: 'Metrotown Lofts' });
    await submitted.getByRole('button', { name: 'View the background report for Metrotown Lofts' }).click();
    const background = page.getByRole('dialog', { name: 'Background report' });
    await expect(background).toContainText('Criminal records');
    await expect(background).toContainText('Clear');
    await expectAccessible(page, '[role="dialog"]');
  });
});
