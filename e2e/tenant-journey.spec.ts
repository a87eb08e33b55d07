// The first journey of issue 2 in one go, as a tenant meets the portal: sign in, accept the terms of use, see the
// leases with the overdue flag, page through past payments and open a receipt.
import { expect, test } from '@playwright/test';
import { resetDemo, signIn } from './support';

test.beforeEach(async ({ request }) => {
  await resetDemo(request);
});

test('sign in, accept the terms, see the leases and the overdue flag, page through payments, open a receipt', async ({
  page,
}) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/customer\/dashboard$/);

  const terms = page.getByRole('dialog', { name: /terms of use/i });
  await expect(terms).toBeVisible();
  await terms.getByRole('button', { name: 'I accept' }).click();
  await expect(terms).toBeHidden();

  const cards = page.getByTestId('lease-card');
  await expect(cards).toHaveCount(3);
  const active = cards.filter({ hasText: 'Harbourview Residences' });
  await expect(active.getByTestId('lease-balance')).toHaveText('$3,775.00');
  await expect(active.getByText('Overdue')).toBeVisible();

  const rows = page.getByTestId('past-payment');
  await expect(rows).toHaveCount(5);
  const firstPageIds = await rows.allTextContents();
  const pages = page.getByRole('navigation', { name: 'Past payments pages' });
  await pages.getByRole('button', { name: 'Page 2' }).click();
  await expect(pages.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(rows).toHaveCount(5);
  // The first page's rows stay (dimmed) until the second page's arrive.
  await expect.poll(() => rows.allTextContents()).not.toEqual(firstPageIds);

  // The refund row says what it is (transaction type shown for anything but a plain payment).
  await rows.filter({ hasText: 'REFUND' }).click();
  const receipt = page.getByRole('dialog', { name: 'Payment receipt' });
  await expect(receipt).toBeVisible();
  await expect(receipt.locator('tr[data-field="confirmationId"] td')).toHaveText('RL-2W9Q4E');
  await expect(receipt.locator('tr[data-field="total"] td')).toHaveText('$75.00');
  await expect(receipt.getByRole('button', { name: 'Print' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(receipt).toBeHidden();
});
