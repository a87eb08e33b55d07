// Receipts by e-mail (issue 25): every completed, failed or refunded payment and autopay outcome goes out as an e-mail in
// the tenant's language with the receipt's figures (confirmation id, amount, fee, total, method, charges), in text and
// HTML, and a link that opens that receipt in the portal; only to a verified address; once per payment.
import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  customers,
  mailOutbox,
  notifications,
  openCharges,
  paymentMethods,
  paymentTransactions,
  properties,
  propertyLeases,
  recurringSchedules,
} from '../src/db/schema.ts';
import { runJobs } from '../src/jobs/run-jobs.ts';
import { bankHolidays } from '../src/lib/bank-holidays.ts';
import { ensureUpcomingPayment } from '../src/services/autopay/upcoming.ts';
import { dispatchMail } from '../src/services/mail/dispatch.ts';
import type { OutgoingMail } from '../src/services/mail/transport.ts';
import { settleBankPayments } from '../src/services/payments/settle-bank-payments.ts';
import { auth, CA_BILLING_ADDRESS, DEMO_IDS, login, signedInApp } from './helpers.ts';
import { addCard } from './ledger-helpers.ts';

const I = DEMO_IDS;
const NBSP = '\u00a0';
let app: FastifyInstance;
let tenant: string;
let tenantUs: string;
let manager: string;
const mails: OutgoingMail[] = [];

beforeAll(async () => {
  ({ app, tenant, tenantUs } = await signedInApp());
  manager = await login(app, 'manager@demo.test');
  app.ctx.mail = { name: 'test', send: async (m) => void mails.push(m) };
});
afterAll(async () => {
  await app.close();
});
beforeEach(async () => {
  // Whatever was queued before (the demo's own notices) is sent and forgotten.
  await dispatchMail(app.ctx);
  mails.length = 0;
});

const pay = (body: Record<string, unknown>, key: string = randomUUID()) =>
  app.inject({
    method: 'POST',
    url: '/api/processpayment',
    headers: { ...auth(tenant), 'idempotency-key': key },
    payload: {
      billingAccountId: I.leaseActive,
      billingAccountType: 'TYPE_PROPERTY_LEASE',
      paymentMethodId: I.cardVisa,
      paymentMethodType: 'TYPE_CREDIT_CARD',
      ...body,
    },
  });

/** The mails sent now that carry the transaction's receipt link. */
async function mailsOf(transactionId: string): Promise<OutgoingMail[]> {
  await dispatchMail(app.ctx);
  return mails.filter((m) => m.text.includes(`/customer/dashboard?receipt=${transactionId}`));
}

const noticesOf = (transactionId: string) =>
  app.ctx.database.raw(`SELECT id, kind, dedupe_key FROM notifications WHERE params->>'transactionId' = $1`, [transactionId]);

/** Every figure a tenant checks on the receipt, in the text part and the HTML part. */
function expectFigures(mail: OutgoingMail, figures: string[]) {
  for (const f of figures) {
    expect(mail.text, `text: ${f}`).toContain(f);
    expect(mail.html, `html: ${f}`).toContain(f.replace(/&/g, '&amp;'));
  }
}

describe('a one-time payment', () => {
  it('completed by card: one notice, one mail in text and HTML with every figure and the receipt link', async () => {
    const res = await pay({ amount: 1000 });
    expect(res.statusCode, res.body).toBe(200);
    const tx = res.json();
    expect(tx).toMatchObject({ status: 'COMPLETE', feeAmount: 29, total: 1029 });

    const { rows } = await noticesOf(tx.id);
    expect(rows).toEqual([expect.objectContaining({ kind: 'PAYMENT_COMPLETED', dedupe_key: `PAYMENT_COMPLETED:${tx.id}` })]);
    const outbox = await app.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.notificationId, String(rows[0].id)));
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ template: 'NOTICE', toAddress: 'tenant@demo.test', languageCode: 'en' });

    const sent = await mailsOf(tx.id);
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail.to).toBe('tenant@demo.test');
    expect(mail.subject).toBe('Payment received');
    const date = /^(\d{4})-(\d{2})-(\d{2})/.exec(tx.createDate) as RegExpExecArray;
    const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(date[2]) - 1];
    expectFigures(mail, [
      tx.confirmationId,
      'Payment amount',
      '$1,000.00',
      'Processing fee',
      '$29.00',
      'Total amount',
      '$1,029.00',
      'VISA card ending in 4242',
      'For Rent',
      `${date[3]}-${month}-${date[1]}`,
      'Harbourview Residences',
      `/customer/dashboard?receipt=${tx.id}`,
      'View the receipt',
    ]);
    expect(mail.text).toMatch(/Total amount:\s+\$1,029\.00/);

    // Shown in the portal's notifications too, in the tenant's words.
    const list = await app.inject({ method: 'GET', url: '/api/notifications', headers: auth(tenant) });
    expect(list.statusCode, list.body).toBe(200);
    const shown = list.json().records.find((n: { params: { transactionId?: string } }) => n.params.transactionId === tx.id);
    expect(shown).toMatchObject({ kind: 'PAYMENT_COMPLETED', title: 'Payment received' });
    expect(shown.body).toContain('$1,029.00');
    expect(shown.body).toContain(tx.confirmationId);
  });

  it('paid twice under the same Idempotency-Key: one notice, one mail', async () => {
    const key = randomUUID();
    const first = await pay({ amount: 20 }, key);
    const again = await pay({ amount: 20 }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    const { rows } = await noticesOf(first.json().id);
    expect(rows).toHaveLength(1);
    const outbox = await app.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.notificationId, String(rows[0].id)));
    expect(outbox).toHaveLength(1);
    expect(await mailsOf(first.json().id)).toHaveLength(1);
    // A later pass sends nothing more.
    await dispatchMail(app.ctx);
    expect(mails.filter((m) => m.text.includes(first.json().id))).toHaveLength(1);
  });

  it('in French for a French tenant: "1 029,00 $", the date as DD-MMM-YYYY in French', async () => {
    await app.ctx.db.update(customers).set({ languageCode: 'fr' }).where(eq(customers.id, I.tenant));
    try {
      const res = await pay({ amount: 1000 });
      expect(res.statusCode, res.body).toBe(200);
      const tx = res.json();
      const [mail] = await mailsOf(tx.id);
      expect(mail.subject).toBe('Paiement reçu');
      const date = /^(\d{4})-(\d{2})-(\d{2})/.exec(tx.createDate) as RegExpExecArray;
      const month = ['janv', 'févr', 'mars', 'avr', 'mai', 'juin', 'juil', 'août', 'sept', 'oct', 'nov', 'déc'][
        Number(date[2]) - 1
      ];
      expectFigures(mail, [
        tx.confirmationId,
        'Montant du paiement',
        `1${NBSP}000,00${NBSP}$`,
        'Frais de traitement',
        `29,00${NBSP}$`,
        'Montant total',
        `1${NBSP}029,00${NBSP}$`,
        'Carte VISA se terminant par 4242',
        'Pour Loyer',
        `${date[3]}-${month}-${date[1]}`,
        `/customer/dashboard?receipt=${tx.id}`,
        'Voir le reçu',
      ]);
      expect(mail.text).not.toContain('$1,029.00');
    } finally {
      await app.ctx.db.update(customers).set({ languageCode: 'en' }).where(eq(customers.id, I.tenant));
    }
  });

  it('failed (insufficient funds): the failure told by mail with its figures and reason', async () => {
    const cardId = await addCard(app, tenant, '4000000000009995');
    const res = await pay({ paymentMethodId: cardId, amount: 100 });
    expect(res.statusCode).toBe(402);
    const tx = res.json().transaction;
    const { rows } = await noticesOf(tx.id);
    expect(rows.map((r) => r.kind)).toEqual(['PAYMENT_FAILED']);
    const [mail] = await mailsOf(tx.id);
    expect(mail.subject).toBe('Payment failed');
    expectFigures(mail, [
      tx.confirmationId,
      '$100.00',
      '$2.90',
      '$102.90',
      'ending in 9995',
      'there were insufficient funds',
      `/customer/dashboard?receipt=${tx.id}`,
    ]);
  });

  it('a tenant whose address is not verified sees the notice in the portal but gets no mail', async () => {
    await app.ctx.db.update(customers).set({ emailVerifiedAt: null }).where(eq(customers.id, I.tenant));
    try {
      const res = await pay({ amount: 15 });
      expect(res.statusCode, res.body).toBe(200);
      const { rows } = await noticesOf(res.json().id);
      expect(rows).toHaveLength(1);
      const outbox = await app.ctx.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.notificationId, String(rows[0].id)));
      expect(outbox).toEqual([]);
      expect(await mailsOf(res.json().id)).toEqual([]);
      const list = await app.inject({ method: 'GET', url: '/api/notifications', headers: auth(tenant) });
      expect(list.json().records.map((n: { id: string }) => n.id)).toContain(rows[0].id);
    } finally {
      await app.ctx.db.update(customers).set({ emailVerifiedAt: new Date().toISOString() }).where(eq(customers.id, I.tenant));
    }
  });

  it('escapes the property name in the HTML part', async () => {
    const [before] = await app.ctx.db.select().from(properties).where(eq(properties.id, I.propertyCa));
    await app.ctx.db.update(properties).set({ propertyName: 'Harbourview <b>&"' }).where(eq(properties.id, I.propertyCa));
    try {
      const res = await pay({ amount: 12 });
      expect(res.statusCode, res.body).toBe(200);
      const [mail] = await mailsOf(res.json().id);
      expect(mail.text).toContain('Harbourview <b>&"');
      expect(mail.html).toContain('Harbourview &lt;b&gt;&amp;&quot;');
      expect(mail.html).not.toContain('<b>&"');
    } finally {
      await app.ctx.db.update(properties).set({ propertyName: before.propertyName }).where(eq(properties.id, I.propertyCa));
    }
  });
});

describe('other ways to pay', () => {
  const send = (token: string | null, url: string, body?: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...(token ? auth(token) : {}), 'idempotency-key': randomUUID() },
      ...(body ? { payload: body } : {}),
    });

  it('a cash barcode is told when the store takes the cash, not when it is printed', async () => {
    // The US lease takes part of its balance in cash (the demo blocks partial payments there).
    await app.ctx.database.raw('UPDATE property_leases SET block_partial_payments = false WHERE id = $1', [I.leaseUs]);
    await app.ctx.database.raw('UPDATE companies SET block_partial_payments = false WHERE id = $1', [I.companyUs]);
    const res = await send(tenantUs, '/api/payment/paysafecash', {
      billingAccountId: I.leaseUs,
      billingAccountType: 'TYPE_PROPERTY_LEASE',
      currency: 'USD',
      language: 'EN',
      amount: 100,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().transactionId as string;
    expect((await noticesOf(id)).rows).toEqual([]);
    const [tx] = await app.ctx.db.select().from(paymentTransactions).where(eq(paymentTransactions.id, id));
    const paid = await send(null, `/api/sandbox/paysafecash/${tx.hostedPaymentPageId}/pay`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await send(null, `/api/sandbox/paysafecash/${tx.hostedPaymentPageId}/pay`)).statusCode).toBe(200);
    expect((await noticesOf(id)).rows.map((r) => r.kind)).toEqual(['PAYMENT_COMPLETED']);
    const sent = await mailsOf(id);
    expect(sent).toHaveLength(1);
    expectFigures(sent[0], [tx.confirmationId as string, '$100.00', 'Cash (Paysafe barcode)', 'by cash (Paysafe barcode)']);
  });

  it('a PayPal order captured three times at once is told once', async () => {
    const order = await send(tenant, '/api/paypal_create_order', {
      billingAccountId: I.leaseActive,
      billingAccountType: 'TYPE_PROPERTY_LEASE',
      amount: 75,
    });
    expect(order.statusCode, order.body).toBe(200);
    const body = {
      billingAccountId: I.leaseActive,
      billingAccountType: 'TYPE_PROPERTY_LEASE',
      amount: 75,
      orderId: order.json().orderId,
    };
    const answers = await Promise.all([1, 2, 3].map(() => send(tenant, '/api/paypal_capture_order', body)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const id = answers[0].json().id as string;
    expect((await noticesOf(id)).rows.map((r) => r.kind)).toEqual(['PAYMENT_COMPLETED']);
    const sent = await mailsOf(id);
    expect(sent).toHaveLength(1);
    expectFigures(sent[0], [answers[0].json().confirmationId, 'PayPal', `$${answers[0].json().total.toFixed(2)}`]);
  });

  it('a split-pay plan’s payment names its plan; a UnionPay order the tenant cancels tells nothing', async () => {
    const initiated = await app.inject({
      method: 'POST',
      url: '/api/installment_pay/initiate',
      headers: auth(tenant),
      payload: { amount: 400, billingAccount: { id: I.leaseActive } },
    });
    expect(initiated.statusCode, initiated.body).toBe(200);
    const planId = initiated.json().id as string;
    const accepted = await app.inject({
      method: 'PATCH',
      url: `/api/INSTALLMENT_PAY/${planId}/update`,
      headers: auth(tenant),
      payload: { acceptedTermsAndConditions: true, fundingMethodId: I.cardVisa },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const res = await pay({ paymentMethodId: planId, paymentMethodType: 'TYPE_INSTALLMENT_PAY', amount: 400 });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await mailsOf(res.json().id);
    expect(mail.subject).toBe('Payment received');
    expectFigures(mail, [res.json().confirmationId, 'by split payment with VISA card ending in 4242', '$400.00']);

    const order = await send(tenant, '/api/geoswift/create_order', {
      billingAccountId: I.leaseActive,
      billingAccountType: 'TYPE_PROPERTY_LEASE',
      amount: 60,
    });
    expect(order.statusCode, order.body).toBe(200);
    const [tx] = await app.ctx.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.id, order.json().transactionId));
    expect((await send(null, `/api/sandbox/geoswift/${tx.hostedPaymentPageId}/cancel`)).json().status).toBe('CANCELLED');
    expect((await noticesOf(tx.id)).rows).toEqual([]);
  });

  it('a bank debit is told when submitted; its return by the bank is told as a return, not as a failed payment', async () => {
    const bank = await app.inject({
      method: 'POST',
      url: '/api/create',
      headers: auth(tenant),
      payload: {
        type: 'TYPE_BANK_ACCOUNT',
        country: 'CA',
        accountHolder: 'Camille Tremblay',
        institutionNumber: '004',
        transitNumber: '12345',
        bankAccountNumber: '000222222227', // the sandbox bank's NSF account
        billingAddress: CA_BILLING_ADDRESS,
      },
    });
    expect(bank.statusCode, bank.body).toBeLessThan(300);
    const res = await pay({ paymentMethodId: bank.json().id, paymentMethodType: 'TYPE_BANK_ACCOUNT', amount: 200 });
    expect(res.statusCode, res.body).toBe(200);
    const tx = res.json();
    expect(tx.status).toBe('PENDING');
    const [submitted] = await mailsOf(tx.id);
    expect(submitted.subject).toBe('Payment received');
    expectFigures(submitted, [tx.confirmationId, 'was submitted on', 'bank account ending in 2227', '$200.00', '$200.50']);

    const later = new Date(Date.now() + 25 * 60 * 60 * 1000);
    const settled = await settleBankPayments({ ...app.ctx, now: () => later });
    expect(settled).toContainEqual({ id: tx.id, status: 'FAILED' });
    expect((await noticesOf(tx.id)).rows.map((r) => r.kind).sort()).toEqual(['BANK_PAYMENT_RETURNED', 'PAYMENT_COMPLETED']);
    mails.length = 0;
    const [returned] = await mailsOf(tx.id);
    expect(returned.subject).toBe('Bank payment returned');
    expectFigures(returned, [tx.confirmationId, '$200.50', 'non-sufficient funds']);
  });
});

describe('a refund', () => {
  it('is mailed with the refunded amount, the payment it refunds and the refund receipt link', async () => {
    const paid = await pay({ amount: 150 });
    expect(paid.statusCode, paid.body).toBe(200);
    const res = await app.inject({
      method: 'POST',
      url: `/api/payment_transaction/${paid.json().id}/refund`,
      headers: { ...auth(manager), 'idempotency-key': randomUUID() },
      payload: { amount: 4_000, reason: 'Parking charged twice' }, // cents, as the console sends it
    });
    expect(res.statusCode, res.body).toBe(200);
    const refundId = res.json().id;
    const [mail] = await mailsOf(refundId);
    expect(mail.subject).toBe('Payment refunded');
    expectFigures(mail, [
      paid.json().confirmationId,
      '$40.00',
      'VISA card ending in 4242',
      `/customer/dashboard?receipt=${refundId}`,
    ]);
    // Its own payment's receipt mail was the one before; the refund is one more, not a second receipt of the payment.
    const { rows } = await noticesOf(paid.json().id);
    expect(rows.map((r) => r.kind)).toEqual(['PAYMENT_COMPLETED']);
  });
});

describe('an autopay outcome', () => {
  it('is mailed with its figures and charges, and no PAYMENT_COMPLETED besides', async () => {
    const at = new Date('2026-12-07T12:00:00Z'); // a Monday, not a holiday
    const [lease] = await app.ctx.db
      .insert(propertyLeases)
      .values({ userId: I.tenant, propertyId: I.propertyCa, companyId: I.companyCa, status: 'ACTIVE', unit: 'mail-1' })
      .returning({ id: propertyLeases.id });
    await app.ctx.db.insert(openCharges).values({
      billingAccountId: lease.id,
      code: 'Rent',
      name: 'Rent',
      dueDate: '2026-12-01',
      amount: 100_000,
      balance: 100_000,
    });
    const [card] = await app.ctx.db
      .insert(paymentMethods)
      .values({
        userId: I.tenant,
        type: 'TYPE_CREDIT_CARD',
        country: 'CA',
        processorToken: 'tok_sbx_card_mailreceipts1',
        brand: 'VISA',
        cardType: 'CREDIT',
        last4: '4242',
        expiryMonth: 12,
        expiryYear: 2035,
      })
      .returning({ id: paymentMethods.id });
    const [schedule] = await app.ctx.db
      .insert(recurringSchedules)
      .values({
        userId: I.tenant,
        billingAccountId: lease.id,
        paymentMethodId: card.id,
        paymentMethodType: 'TYPE_CREDIT_CARD',
        startDate: '2026-12-07',
        customAmount: 0,
        padSchedule: false,
        active: true,
      })
      .returning();
    await ensureUpcomingPayment(app.ctx.db, schedule, bankHolidays('CA'));
    await runJobs(app.ctx, { now: at, runnerId: 'mail-receipts' });
    const [tx] = await app.ctx.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.recurringScheduleId, schedule.id));
    expect(tx).toMatchObject({ status: 'COMPLETE', amount: 100_000, feeAmount: 2_900 });
    const { rows } = await noticesOf(tx.id);
    expect(rows.map((r) => r.kind)).toEqual(['AUTOPAY_PAID']);
    const [mail] = await mailsOf(tx.id);
    expect(mail.subject).toBe('Autopayment made');
    expectFigures(mail, [
      tx.confirmationId as string,
      '$1,000.00',
      '$29.00',
      '$1,029.00',
      'VISA card ending in 4242',
      'For Rent',
      '07-Dec-2026',
      `/customer/dashboard?receipt=${tx.id}`,
    ]);
  });
});

describe('the notices of a tenant', () => {
  it('carry the receipt figures as raw values (cents and codes)', async () => {
    const res = await pay({ amount: 10 });
    const [row] = await app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, I.tenant), inArray(notifications.dedupeKey, [`PAYMENT_COMPLETED:${res.json().id}`])));
    expect(row.params).toMatchObject({
      transactionId: res.json().id,
      confirmationId: res.json().confirmationId,
      amountCents: 1_000,
      feeCents: 29,
      totalCents: 1_029,
      currency: 'CAD',
      methodType: 'TYPE_CREDIT_CARD',
      last4: '4242',
      status: 'COMPLETE',
      charges: [expect.objectContaining({ name: 'Rent', amount: 1_000 })],
    });
  });
});
