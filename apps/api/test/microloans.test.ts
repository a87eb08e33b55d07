// The microloan partners' sandbox pages (issue 22, spec 2 §2 microlending, §9): public, marked SANDBOX, en/fr, under
// the sandbox pages' strict policy, and the loan partner's sandbox decision.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ seed: false });
});
afterAll(async () => {
  await app.close();
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('GET /api/sandbox/microloans/{partner}', () => {
  it('serves each partner page without a token, marked SANDBOX, under a no-script policy', async () => {
    for (const partner of ['MONEVO', 'PAYPAL_CREDIT']) {
      const res = await get(`/api/sandbox/microloans/${partner}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('SANDBOX');
      expect(res.body).toContain('<html lang="en">');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("form-action 'self'");
      expect(csp).toContain("frame-ancestors 'self'");
    }
    expect((await get('/api/sandbox/microloans/MONEVO')).body).toContain('<form method="get"');
  });

  it('speaks French with lang=fr', async () => {
    const res = await get('/api/sandbox/microloans/MONEVO?lang=fr');
    expect(res.body).toContain('<html lang="fr">');
    expect(res.body).toContain('Prêt personnel');
  });

  it('serves the neobank card sign-up page with its $40 offer, in English and French', async () => {
    const en = await get('/api/sandbox/neobank');
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('SANDBOX');
    expect(en.body).toContain('get $40.00 off');
    expect((await get('/api/sandbox/neobank?lang=fr')).body).toContain('40,00\u00a0$');
  });

  it('refuses an unknown partner', async () => {
    expect((await get('/api/sandbox/microloans/ACME')).statusCode).toBe(400);
  });

  it('serves its stylesheet', async () => {
    const res = await get('/api/sandbox/assets/microloans.css');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/css');
  });
});

describe('the loan partner’s sandbox decision', () => {
  it('approves up to $10,000, declines above, and asks again for a bad amount', async () => {
    const approved = await get('/api/sandbox/microloans/MONEVO/decision?amount=2500&term=24');
    expect(approved.statusCode).toBe(200);
    expect(approved.body).toContain('data-outcome="APPROVED"');
    expect(approved.body).toContain('$2,500.00 over 24 months');

    // a French tenant's amount, read as French writes it (never reinterpreted): 2 500,50 $ approved as such
    const french = await get(`/api/sandbox/microloans/MONEVO/decision?amount=${encodeURIComponent('2 500,50')}&term=24&lang=fr`);
    expect(french.statusCode).toBe(200);
    expect(french.body).toContain('2\u00a0500,50');
    const declined = await get('/api/sandbox/microloans/MONEVO/decision?amount=20000&term=36&lang=fr');
    expect(declined.body).toContain('data-outcome="DECLINED"');
    expect(declined.body).toContain('20\u00a0000,00\u00a0$');

    for (const query of ['amount=abc&term=24', 'amount=100&term=24', 'amount=5000&term=7', 'amount=<script>&term=12']) {
      const res = await get(`/api/sandbox/microloans/MONEVO/decision?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.body).toContain('role="alert"');
      expect(res.body).not.toContain('<script>');
    }
  });
});
