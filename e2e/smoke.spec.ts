import { expect, test } from '@playwright/test';

test('the API answers and a signed-out visitor is sent to sign-in', async ({ page, request }) => {
  const ping = await request.get('/api/ping');
  expect(ping.ok()).toBe(true);
  await page.goto('/customer/dashboard');
  await expect(page).toHaveURL(/\/signin\?next=/);
});
