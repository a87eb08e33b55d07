// spec 1 §2: the Applications nav item's condition (moved from the applications page's test: a feature's test does
// not reach into app/).
import { describe, expect, it } from 'vitest';
import { NAV_ITEMS } from './nav-config';

describe('nav item (spec 1 §2)', () => {
  const item = NAV_ITEMS.find((i) => i.to === '/customer/application');
  it('shows Applications only when the tenant has at least one application', () => {
    expect(item?.labelKey).toBe('shell.nav.applications');
    expect(item?.isVisible?.({ hasApplications: true })).toBe(true);
    expect(item?.isVisible?.({ hasApplications: false })).toBe(false);
  });
});
