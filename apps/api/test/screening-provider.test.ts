// The sandbox screening provider (issue 11): outcomes by surname, one answer per request key, real PDFs.
import { describe, expect, it } from 'vitest';
import {
  createSandboxScreening,
  SANDBOX_FAIL_SCORE,
  SANDBOX_REVIEW_SCORE,
  type ScreeningApplicant,
  ScreeningProviderError,
  sandboxScenario,
} from '../src/providers/screening/screening.ts';

const provider = () => createSandboxScreening({ secret: 'test-secret', now: () => new Date('2026-03-02T12:00:00Z') });
const person = (lastName: string, lang: 'en' | 'fr' = 'en'): ScreeningApplicant => ({
  firstName: 'Camille',
  lastName,
  birthDate: '1990-04-12',
  email: 'camille@example.com',
  addresses: [{ street1: '4700 Kingsway', city: 'Burnaby', province: 'BC', postalCode: 'V5H 4M1' }],
  lang,
});
const isPdf = (b: Buffer | null) => b != null && b.subarray(0, 5).toString('latin1') === '%PDF-';

describe('sandbox screening provider', () => {
  it('reads the scenario from the surname, case-insensitively, first match wins', () => {
    expect(sandboxScenario('Tremblay')).toBe('PASS');
    expect(sandboxScenario('FAILLE')).toBe('FAIL');
    expect(sandboxScenario('McReview')).toBe('REVIEW');
    expect(sandboxScenario('error')).toBe('ERROR');
    expect(sandboxScenario('Slowfail')).toBe('SLOW');
  });

  it('passes anyone else with a score of 700–850 stable for the name, and a PDF report', async () => {
    const p = provider();
    const credit = await p.screen({ type: 'CREDIT', requestKey: 'k1', applicant: person('Tremblay') });
    expect(credit.status).toBe('PASS');
    expect(credit.screenResult?.creditScore).toBeGreaterThanOrEqual(700);
    expect(credit.screenResult?.creditScore).toBeLessThanOrEqual(850);
    expect(credit.screenResult?.criminalScan).toBe('CLEAR');
    expect(isPdf(credit.reportPdf)).toBe(true);
    const again = await provider().screen({ type: 'CREDIT', requestKey: 'other', applicant: person('Tremblay') });
    expect(again.screenResult?.creditScore).toBe(credit.screenResult?.creditScore);
    const basic = await p.screen({ type: 'BASIC', requestKey: 'k1', applicant: person('Tremblay') });
    expect(basic.status).toBe('PASS');
    expect(basic.screenResult?.creditScore).toBeNull();
    expect(basic.requestId).not.toBe(credit.requestId);
  });

  it('fails a Fail surname (score 480, eviction potential high) and reviews a Review one (640)', async () => {
    const p = provider();
    const fail = await p.screen({ type: 'CREDIT', requestKey: 'f', applicant: person('Tremblay-Fail') });
    expect(fail).toMatchObject({ status: 'FAIL', screenResult: { creditScore: SANDBOX_FAIL_SCORE, evictionPotential: 'HIGH' } });
    const failBg = await p.screen({ type: 'BASIC', requestKey: 'f', applicant: person('Tremblay-Fail') });
    expect(failBg).toMatchObject({ status: 'FAIL', screenResult: { criminalScan: 'RECORDS_FOUND' } });
    const review = await p.screen({ type: 'CREDIT', requestKey: 'r', applicant: person('Review') });
    expect(review).toMatchObject({ status: 'REVIEW', screenResult: { creditScore: SANDBOX_REVIEW_SCORE } });
    const income = await p.verifyIncome({
      requestKey: 'f',
      applicant: person('Fail'),
      declaredMonthlyIncome: 500_000,
      currency: 'CAD',
    });
    expect(income.status).toBe('FAIL');
    expect(income.report).toMatchObject({ monthlyIncome: 200_000, nsf: 3, overdraftDays: 12 });
    expect(isPdf(income.reportPdf)).toBe(true);
  });

  it('throws a transient error for an Error surname, every time', async () => {
    const p = provider();
    for (let i = 0; i < 3; i++) {
      await expect(p.screen({ type: 'CREDIT', requestKey: 'e', applicant: person('Error') })).rejects.toBeInstanceOf(
        ScreeningProviderError,
      );
    }
    await expect(
      p.verifyIncome({ requestKey: 'e', applicant: person('Error'), declaredMonthlyIncome: null, currency: 'CAD' }),
    ).rejects.toBeInstanceOf(ScreeningProviderError);
  });

  it('answers a Slow surname PENDING first, then for good', async () => {
    const p = provider();
    const first = await p.screen({ type: 'CREDIT', requestKey: 's', applicant: person('Slow') });
    expect(first).toMatchObject({ status: 'PENDING', screenResult: null, reportPdf: null });
    const second = await p.screen({ type: 'CREDIT', requestKey: 's', applicant: person('Slow') });
    expect(second.status).toBe('PASS');
    expect(second.requestId).toBe(first.requestId);
    const income = await p.verifyIncome({
      requestKey: 's',
      applicant: person('Slow'),
      declaredMonthlyIncome: null,
      currency: 'USD',
    });
    expect(income.status).toBe('PENDING');
    expect(
      (await p.verifyIncome({ requestKey: 's', applicant: person('Slow'), declaredMonthlyIncome: null, currency: 'USD' })).status,
    ).toBe('PASS');
  });

  it('gives one answer per request key (the same report bytes)', async () => {
    const p = provider();
    const a = await p.screen({ type: 'CREDIT', requestKey: 'same', applicant: person('Tremblay') });
    const b = await p.screen({ type: 'CREDIT', requestKey: 'same', applicant: person('Tremblay') });
    expect(b).toBe(a);
    const i1 = await p.verifyIncome({
      requestKey: 'same',
      applicant: person('Tremblay'),
      declaredMonthlyIncome: 620_000,
      currency: 'CAD',
    });
    const i2 = await p.verifyIncome({
      requestKey: 'same',
      applicant: person('Tremblay'),
      declaredMonthlyIncome: 1,
      currency: 'CAD',
    });
    expect(i2).toBe(i1);
    expect(i1.report?.monthlyIncome).toBe(620_000);
  });

  it('writes the report in the applicant’s language', async () => {
    const fr = await provider().screen({ type: 'CREDIT', requestKey: 'fr', applicant: person('Tremblay', 'fr') });
    const en = await provider().screen({ type: 'CREDIT', requestKey: 'fr', applicant: person('Tremblay', 'en') });
    const text = (b: Buffer | null) => b?.toString('latin1') ?? '';
    // compressed streams: the document title (in the info dictionary) says the language
    expect(text(fr.reportPdf)).toMatch(/Rapport de cr/);
    expect(text(en.reportPdf)).toMatch(/Credit report/);
  });
});
