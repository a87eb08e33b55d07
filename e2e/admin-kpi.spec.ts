// issue 24 "Tests": the admin opens the KPI charts in both languages (/admin/stats: totals, payments by method,
// revenue of the year, each chart with its table), filters by company, downloads the revenue CSV; axe-clean at 1280 and
// 375 px; a manager has no Statistics section and the API refuses the KPIs to them.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { ADMIN, expectAccessible, PASSWORD, resetDemo, signIn, signOut } from './support';

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const auth = await request.get('/api/authorize', {
    headers: { authorization: `Basic ${Buffer.from(`${email}:${PASSWORD}`).toString('base64')}` },
  });
  expect(auth.status()).toBe(200);
  return (await auth.json()).access_token as string;
}

/** The console's language is the corporate user's saved language (issue 23). */
async function setConsoleLanguage(request: APIRequestContext, languageCode: 'en' | 'fr'): Promise<void> {
  const token = await tokenOf(request, ADMIN);
  const adminId = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sessionRole.id;
  const saved = await request.patch(`/api/corporateUser/${adminId}/update`, {
    headers: { authorization: `Bearer ${token}` },
    data: { languageCode },
  });
  expect(saved.status()).toBe(200);
}

test.beforeEach(async ({ request }) => {
  await resetDemo(request);
});

test('the admin opens the KPI charts in English and French, filters a company and downloads the revenue', async ({
  page,
  request,
}) => {
  const year = new Date().getUTCFullYear();
  await setConsoleLanguage(request, 'en');
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, ADMIN);
  await page.waitForURL(/\/admin/);
  await page.getByRole('link', { name: 'Statistics', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics and KPIs' })).toBeVisible();
  await expect(page.getByTestId('stats-totals')).toContainText('Companies');
  await expect(page.getByRole('heading', { name: 'Payments by method' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Revenue ${year}` })).toBeVisible();
  // The demo's payments of the last twelve months: the chart and its table.
  await expect(page.getByTestId('stats-processing')).toBeVisible();
  await expect(page.getByRole('figure', { name: /completed and failed payments by method/ })).toBeVisible();
  await expect(page.getByTestId('stats-processing')).toContainText('$');
  await expectAccessible(page);

  // One company; its revenue as CSV (header in English).
  await page.getByLabel('Company').selectOption({ label: 'Maple Leaf Property Management' });
  await expect(page.getByRole('heading', { name: 'Maple Leaf Property Management in this period' })).toBeVisible();
  await expect(page.getByTestId('stats-company')).toContainText('Active leases');
  await expect(page.getByTestId('stats-records')).toContainText('Active');
  await expectAccessible(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`revenue-${year}.csv`);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  expect(Buffer.concat(chunks).toString('utf8').split('\r\n')[0]).toBe(
    'Month,Company ID,Company,Currency,Processing fees,Credit reporting,Application fees,Total',
  );

  // In French at 375 px.
  await signOut(page);
  await setConsoleLanguage(request, 'fr');
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, ADMIN);
  await page.waitForURL(/\/admin/);
  await page.goto('/admin/stats');
  await expect(page.getByRole('heading', { level: 1, name: 'Statistiques et indicateurs clés' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Paiements par mode de paiement' })).toBeVisible();
  await expect(page.getByRole('heading', { name: `Revenus ${year}` })).toBeVisible();
  await expect(page.getByTestId('stats-processing')).toContainText(/\d,\d{2}\s\$/);
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await setConsoleLanguage(request, 'en');
});

test('a manager has no Statistics section and the KPIs are refused to them', async ({ page, request }) => {
  await signIn(page, 'manager@demo.test');
  await page.waitForURL(/\/admin/);
  await expect(page.getByRole('link', { name: 'Ledger', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Statistics', exact: true })).toHaveCount(0);
  const token = await tokenOf(request, 'manager@demo.test');
  const refused = await request.get('/api/admin/processing_kpi', { headers: { authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(403);
});
