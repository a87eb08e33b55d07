import { describe, expect, it } from 'vitest';
import {
  isMimicking,
  mimicStopUrl,
  securitySettingsVisible,
  shouldApplyLanguageChange,
  shouldLeaveLanding,
  showApplicationsNav,
  showSecurityCard,
  showSignOut,
  takeTokenFromUrl,
} from './session.ts';

describe('session rules', () => {
  it.each([
    [{ userType: 'TYPE_CUSTOMER', mimicLeaseId: 'L1' }, true],
    [{ userType: 'TYPE_CUSTOMER', mimicLeaseId: '' }, false],
    [{ userType: 'TYPE_ADMIN', mimicLeaseId: 'L1' }, false],
  ])('mimicking %j → %s', (s, m) => {
    expect(isMimicking(s)).toBe(m);
    expect(showSignOut(m)).toBe(!m);
  });
  it.each([
    [{ accountType: 'TYPE_GOOGLE_OAUTH_ACCOUNT' }, false],
    [{ accountType: null }, true],
    [{ securitySettingsVisible: false }, false],
  ])('security card %j → %s', (s, shown) => {
    expect(showSecurityCard(s)).toBe(shown);
  });
  it.each([
    [{ accountType: null, hasPassword: true, mimicking: false }, true],
    [{ accountType: 'TYPE_GOOGLE_OAUTH_ACCOUNT', hasPassword: true, mimicking: false }, false],
    [{ accountType: null, hasPassword: false, mimicking: false }, false],
    [{ accountType: null, hasPassword: true, mimicking: true }, false],
  ])('security settings visible %j → %s', (s, visible) => {
    expect(securitySettingsVisible(s)).toBe(visible);
  });
  it('misc', () => {
    expect(mimicStopUrl('L 1')).toBe('/admin/tenants/L%201/edit');
    expect(shouldApplyLanguageChange({ id: 'c1' })).toBe(true);
    expect(shouldApplyLanguageChange({})).toBe(false);
    expect(shouldApplyLanguageChange(null)).toBe(false);
    expect(showApplicationsNav(1)).toBe(true);
    expect(showApplicationsNav(0)).toBe(false);
    expect(shouldLeaveLanding({ id: 'u' })).toBe(false);
    expect(shouldLeaveLanding(null)).toBe(true);
  });
  it.each([
    ['/customer/dashboard?token=abc', 'abc', '/customer/dashboard'],
    ['/customer/dashboard?companyId=1', null, '/customer/dashboard?companyId=1'],
    ['https://portal.example/?token=', null, '/'],
  ])('%s → token %s path %s', (url, token, path) => {
    expect(takeTokenFromUrl(url)).toEqual({ token, cleanPath: path });
  });
});
