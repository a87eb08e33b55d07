import { describe, expect, it } from 'vitest';
import { shouldOpenPopup } from './popup-rule';

const base = {
  signupPage: 'harbourview',
  pageCompanyId: 'company-1',
  leaseCompanyIds: [] as string[],
  applicationPageNames: [] as string[],
  termsAccepted: true,
  dismissed: false,
};

describe('shouldOpenPopup', () => {
  it.each([
    ['signup, no lease with the company', { kind: 'signup' as const }, true],
    ['signup, a lease with another company', { kind: 'signup' as const, leaseCompanyIds: ['company-2'] }, true],
    ['signup, already a lease with the company', { kind: 'signup' as const, leaseCompanyIds: ['company-1'] }, false],
    ['signup, page not known', { kind: 'signup' as const, pageCompanyId: null }, false],
    ['apply, no application on the page', { kind: 'applyNow' as const, applicationPageNames: ['other'] }, true],
    ['apply, an application on the page', { kind: 'applyNow' as const, applicationPageNames: ['harbourview'] }, false],
    ['terms not accepted yet', { kind: 'signup' as const, termsAccepted: false }, false],
    ['closed in this browser session', { kind: 'applyNow' as const, dismissed: true }, false],
  ])('%s', (_name, over, expected) => {
    expect(shouldOpenPopup({ ...base, ...over })).toBe(expected);
  });
});
