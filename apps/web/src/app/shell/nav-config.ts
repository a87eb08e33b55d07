// Side navigation of the shell (spec 1 §2 Shell). Each later issue adds its item here.
export interface NavContext {
  /** spec 1 §2: /customer/application shows only when the customer has at least one lease application. */
  hasApplications: boolean;
}

export interface NavItem {
  to: string;
  /** i18n key of the link text; also the page title of the route. */
  labelKey: string;
  isVisible?: (ctx: NavContext) => boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { to: '/customer/dashboard', labelKey: 'shell.nav.dashboard' },
  { to: '/customer/account', labelKey: 'shell.nav.account' },
  { to: '/customer/payment', labelKey: 'shell.nav.payment' },
  { to: '/customer/application', labelKey: 'shell.nav.applications', isVisible: (ctx) => ctx.hasApplications },
];

/** The portal's help page (issue 21 §1), in the navigation's footer; a deployment may set its own (use-help-link.ts). */
export const HELP_ITEM: NavItem = { to: '/customer/help', labelKey: 'shell.help' };

/** The nav item whose route the path is in (for the page title and the active link). */
export function navItemOf(pathname: string): NavItem | undefined {
  return [...NAV_ITEMS, HELP_ITEM].find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));
}
