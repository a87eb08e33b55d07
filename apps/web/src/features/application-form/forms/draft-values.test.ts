// issue 20 §1: the application's income amounts are read in the tenant's language by the one amount parser.
import { MSG } from '@portal/domain/message-keys';
import { describe, expect, it } from 'vitest';
import type { LeaseApplication } from '../api/types';
import { draftFromValues, formValuesFromApplication } from './draft-values';
import { issuesOf } from './step-resolver';

const page = { customFields: [], sections: { '5': { monthlySalary: true, otherIncome: true } } };
const values = (monthlySalary: string, otherIncome = '') => {
  const v = formValuesFromApplication({ id: 'app-1' } as LeaseApplication, page);
  return { ...v, employment: { ...v.employment, monthlySalary, otherIncome } };
};
const rules = (locale: 'en' | 'fr') => ({ page, step: 'employment' as const, today: '2026-11-27', feePaid: false, locale });

describe('application income amounts (issue 20 §1)', () => {
  it.each<[string, 'en' | 'fr', number | null]>([
    ['6 200,50', 'fr', 6200.5],
    ['6200,5', 'fr', 6200.5],
    ['6200.50', 'fr', 6200.5],
    ['6,200.50', 'en', 6200.5],
    ['6,200', 'en', 6200],
    ['', 'fr', null],
  ])('%j in %s is sent as %j', (typed, locale, sent) => {
    expect(draftFromValues(values(typed), page, locale).employment?.monthlySalary ?? null).toBe(sent);
  });

  it('refuses what is ambiguous with how to write it, under the field, before any shape rule', () => {
    expect(issuesOf(values('6,200'), rules('fr'))).toContainEqual({
      path: 'employment.monthlySalary',
      message: MSG.amountAmbiguous,
      values: { example: '6\u00a0200,00' },
    });
    expect(issuesOf(values('6,200'), rules('en')).filter((i) => i.path === 'employment.monthlySalary')).toEqual([]);
    expect(issuesOf(values('12', '1.234'), rules('en'))[0]).toMatchObject({
      path: 'employment.otherIncome',
      message: MSG.amountAmbiguous,
    });
  });
});
