// Credit reporting, the tenant's side (issue 22, spec 2 §2, §4): the demo tenant's BC lease (Harbourview) is seeded
// with an ACTIVE subscription and the old lease (Metrotown) with an EXPIRED one (apps/api/src/db/seed-credit-reporting.ts).
// The journey stops the active one through the UI (REMOVE mode, confirmed), subscribes again with the demo Visa, and
// sees the subscription on the dashboard and on /customer/payment; in English, then in French arriving with login=cr
// (spec 1 §2: the address opens the sign-up). In English it then unsubscribes (reported until expiry) and resubscribes
// (renewal back on, nothing charged). axe on the card and every view of the modal at 1280 and 375 px, both
// languages. Screenshots of each screen go to the test's output folder.
import { expect, type Page, test } from '@playwright/test';
import { acceptTermsViaApi, expectAccessible, PASSWORD, resetDemo, signIn, TENANT } from './support';

// Intl puts narrow or regular no-break spaces in French amounts and typography: compare with plain spaces.
const spaced = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');
const DATE_EN = /\d{2}-[A-Z][a-z]{2}-\d{4}/;
/** A name as a pattern where any space may be a no-break one. */
const loose = (s: string) =>
  new RegExp(
    `^${spaced(s)
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace(/ /g, '\\s')}$`,
  );

async function saveLanguage(page: Page, lang: 'en' | 'fr') {
  const request = page.request;
  const auth = await request.get('/api/authorize', {
    headers: { authorization: `Basic ${Buffer.from(`${TENANT}:${PASSWORD}`).toString('base64')}` },
  });
  const { access_token } = await auth.json();
  const claims = JSON.parse(Buffer.from(access_token.split('.')[1], 'base64url').toString());
  const res = await request.patch(`/api/customer/${claims.sessionRole.id}/update`, {
    headers: { authorization: `Bearer ${access_token}` },
    data: { languageCode: lang },
  });
  expect(res.status()).toBe(200);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** The open modal, whole: the viewport made tall enough for its content while the picture is taken. */
async function shotModal(page: Page, name: string) {
  const size = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.setViewportSize({ width: size.width, height: 1500 });
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
  await page.setViewportSize(size);
}

const T = {
  en: {
    card: 'Credit reporting',
    edit: 'Edit credit reporting, Harbourview Residences, unit 804',
    resubscribe: 'Resubscribe to credit reporting, Harbourview Residences, unit 804',
    manageTitle: 'Manage credit reporting',
    cancelSubscription: 'Cancel the subscription',
    removeTitle: 'Cancel credit reporting',
    stop: 'Stop now',
    confirmStop: 'Yes, stop now',
    stopped: 'Your rent payments are no longer reported.',
    done: 'Done',
    terminated: 'Your subscription was terminated',
    expired: 'Your subscription was expired',
    resubscribeTitle: 'Resubscribe to credit reporting',
    cardSelect: 'Card for the yearly fee',
    subscribe: 'Subscribe and pay $4.95',
    success: 'You are subscribed',
    active: 'Active',
    listTitle: 'Credit reporting subscriptions',
    renews: 'Renews automatically on',
    fee: 'Yearly fee$4.95',
    cardRow: 'CardVisa 4242',
  },
  fr: {
    card: 'Déclaration de crédit',
    edit: 'Modifier la déclaration de crédit, Harbourview Residences, logement 804',
    resubscribe: 'Me réabonner à la déclaration de crédit, Harbourview Residences, logement 804',
    manageTitle: 'Gérer la déclaration de crédit',
    cancelSubscription: 'Annuler l’abonnement',
    removeTitle: 'Annuler la déclaration de crédit',
    stop: 'Arrêter maintenant',
    confirmStop: 'Oui, arrêter maintenant',
    stopped: 'Vos paiements de loyer ne sont plus déclarés.',
    done: 'Terminé',
    terminated: 'Votre abonnement a été arrêté',
    expired: 'Votre abonnement a été clos à son échéance',
    resubscribeTitle: 'Réabonnement à la déclaration de crédit',
    cardSelect: 'Carte pour les frais annuels',
    subscribe: 'M’abonner et payer 4,95 $',
    success: 'Vous êtes abonné',
    active: 'Actif',
    listTitle: 'Abonnements à la déclaration de crédit',
    renews: 'Renouvellement automatique le',
    fee: 'Frais annuels4,95 $',
    cardRow: 'CarteVisa 4242',
  },
} as const;

test.beforeEach(async ({ request }) => {
  await resetDemo(request);
  await acceptTermsViaApi(request);
});

for (const lang of ['en', 'fr'] as const) {
  test(`stop the active subscription, subscribe again with the demo card, see it on the dashboard and /customer/payment (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const t = T[lang];
    await saveLanguage(page, lang);
    await signIn(page, TENANT);
    await expect(page).toHaveURL(/\/customer\/dashboard/);

    // The card: Harbourview active (edit), the old lease's expired subscription (resubscribe).
    const card = page.getByTestId('credit-reporting-card');
    await expect(card.getByRole('heading', { name: t.card })).toBeVisible();
    const harbourview = card.locator('[data-lease="00000000-0000-4000-8000-000000000301"]');
    await expect(harbourview.getByText(t.active, { exact: true })).toBeVisible();
    await expect(card.getByText(t.expired)).toBeVisible();
    await expectAccessible(page, '[data-testid="credit-reporting-card"]');
    await shot(page, `dashboard-${lang}-1280-active`);

    // Stop it (REMOVE mode through manage), with its confirmation.
    await card.getByRole('button', { name: t.edit }).click();
    const manage = page.getByRole('dialog', { name: t.manageTitle });
    await expect(manage.getByTestId('credit-reporting-subscription')).toContainText(t.cardRow);
    // the months reported to the bureau (the seed reports last month) with the bureau's answer
    await expect(manage.getByTestId('credit-reporting-months').getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page, '[role="dialog"]');
    await shotModal(page, `manage-${lang}-1280`);
    await manage.getByRole('button', { name: t.cancelSubscription }).click();
    const remove = page.getByRole('dialog', { name: t.removeTitle });
    await expect(remove.getByTestId('credit-reporting-remove')).toBeVisible();
    await expectAccessible(page, '[role="dialog"]');
    await shotModal(page, `remove-${lang}-1280`);
    await remove.getByRole('button', { name: t.stop, exact: true }).click();
    await expect(remove.getByTestId('credit-reporting-confirm')).toBeVisible();
    await expectAccessible(page, '[role="dialog"]');
    await remove.getByRole('button', { name: t.confirmStop }).click();
    await expect(remove.getByTestId('credit-reporting-ended')).toContainText(t.stopped);
    await remove.getByRole('button', { name: t.done }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(harbourview.getByTestId('credit-reporting-status')).toHaveText(t.terminated);

    // Subscribe again: English from the card's resubscribe button, French by arriving with ?login=cr.
    // (the lease had a subscription: the sign-up is titled Resubscribe either way)
    const signup = page.getByRole('dialog', { name: t.resubscribeTitle });
    if (lang === 'en') {
      await harbourview.getByRole('button', { name: t.resubscribe }).click();
    } else {
      // the sign-up and its success at phone width this time
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto('/customer/dashboard?login=cr');
      await expect(signup).toBeVisible();
      // spec 1 §2: the address is cleaned to its path
      await expect(page).toHaveURL(/\/customer\/dashboard$/);
    }
    const offer = signup.getByTestId('credit-reporting-offer');
    await expect(offer).toContainText('Harbourview Residences');
    expect(spaced(await offer.textContent())).toContain(spaced(t.fee));
    await expect(signup.getByLabel(t.cardSelect)).toHaveValue(/.+/);
    await expect(signup.getByLabel(t.cardSelect).locator('option:checked')).toHaveText('Visa 4242');
    await expectAccessible(page, '[role="dialog"]');
    const width = lang === 'en' ? 1280 : 375;
    await shotModal(page, `signup-${lang}-${width}`);
    await signup.getByRole('button', { name: loose(t.subscribe) }).click();
    await expect(signup.getByTestId('credit-reporting-success')).toContainText(t.success);
    await expectAccessible(page, '[role="dialog"]');
    await shotModal(page, `success-${lang}-${width}`);
    await signup.getByRole('button', { name: t.done }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 720 });

    // On the dashboard: active again, with its renewal date.
    await expect(harbourview.getByText(t.active, { exact: true })).toBeVisible();
    await expect(harbourview).toContainText(t.renews);
    if (lang === 'en') await expect(harbourview).toContainText(DATE_EN);
    await expect(harbourview.getByRole('button', { name: t.edit })).toBeVisible();

    // On /customer/payment: the new subscription first, with its card and fee, then the ended ones.
    await page.goto('/customer/payment');
    const list = page.getByTestId('credit-reporting-list');
    await expect(list.getByRole('heading', { name: t.listTitle })).toBeVisible();
    const first = list.getByRole('article').first();
    await expect(first).toContainText(t.cardRow);
    expect(spaced(await first.textContent())).toContain(spaced(t.fee));
    await expect(first).toContainText(t.renews);
    await expect(list.getByRole('article')).toHaveCount(3);
    await expectAccessible(page, '[data-testid="credit-reporting-list"]');
    await shot(page, `payment-${lang}-1280`);

    // The phone width: the card, the list and the modal.
    await page.setViewportSize({ width: 375, height: 812 });
    await expectAccessible(page, '[data-testid="credit-reporting-list"]');
    await shot(page, `payment-${lang}-375`);
    await first.getByRole('button', { name: t.edit }).click();
    await expect(page.getByRole('dialog', { name: t.manageTitle })).toBeVisible();
    await expect(page.getByTestId('credit-reporting-subscription')).toBeVisible();
    await expectAccessible(page, '[role="dialog"]');
    await shotModal(page, `manage-${lang}-375`);
    await page.keyboard.press('Escape');
    await page.goto('/customer/dashboard');
    await expect(page.getByTestId('credit-reporting-card')).toBeVisible();
    await expectAccessible(page, '[data-testid="credit-reporting-card"]');
    await shot(page, `dashboard-${lang}-375`);
    if (lang === 'fr') return;

    // Unsubscribe (no renewal, reported until the expiry date), then resubscribe: renewal back on, nothing charged.
    const card375 = page.getByTestId('credit-reporting-card');
    const row = card375.locator('[data-lease="00000000-0000-4000-8000-000000000301"]');
    await row.getByRole('button', { name: t.edit }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: t.cancelSubscription }).click();
    await dialog.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
    await expect(dialog.getByTestId('credit-reporting-confirm')).toContainText('Your subscription will not renew.');
    await dialog.getByRole('button', { name: 'Yes, unsubscribe' }).click();
    await expect(dialog.getByTestId('credit-reporting-ended')).toContainText(
      /Your rent payments are reported until \d{2}-[A-Z][a-z]{2}-\d{4}\./,
    );
    await dialog.getByRole('button', { name: t.done }).click();
    await expect(row.getByTestId('credit-reporting-status')).toHaveText('Your subscription was unsubscribed');
    await expect(row).toContainText(/Reported until \d{2}-[A-Z][a-z]{2}-\d{4}; it will not renew/);
    await row.getByRole('button', { name: t.resubscribe }).click();
    await expect(dialog.getByTestId('credit-reporting-renew-notice')).toContainText('Nothing is charged now');
    await expectAccessible(page, '[role="dialog"]');
    await shotModal(page, 'renew-again-en-375');
    await dialog.getByRole('button', { name: 'Resubscribe', exact: true }).click();
    await expect(dialog.getByTestId('credit-reporting-success')).toContainText('Automatic renewal of credit reporting');
    await dialog.getByRole('button', { name: t.done }).click();
    await expect(row.getByText(t.active, { exact: true })).toBeVisible();
  });
}
