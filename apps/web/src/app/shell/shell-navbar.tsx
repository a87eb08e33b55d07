import { VisuallyHidden } from '@mantine/core';
import { Link, useLocation } from 'wouter';
import { useHasApplications } from '../../api/applications/search-applications';
import { LanguageSelect } from '../../components/language-select';
import type { Lang } from '../../lib/i18n';
import { useTranslation } from '../../lib/i18n';
import { HELP_ITEM, NAV_ITEMS, navItemOf } from './nav-config';
import classes from './shell.module.css';
import { useHelpLink } from './use-help-link';

interface ShellNavbarProps {
  id: string;
  /** Opened with the hamburger (below 48em; wider screens always show the navbar, see shell.module.css). */
  opened: boolean;
  /** A signed-in customer (not an admin): whether to ask for their lease applications. */
  isCustomer: boolean;
  mimicking: boolean;
  lang: Lang;
  onLanguageChange: (lang: Lang) => void;
  languageSaving: boolean;
  onNavigate: () => void;
  /** Escape inside the opened menu closes it. */
  onEscape: () => void;
}

export function ShellNavbar({
  id,
  opened,
  isCustomer,
  mimicking,
  lang,
  onLanguageChange,
  languageSaving,
  onNavigate,
  onEscape,
}: ShellNavbarProps) {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  const active = navItemOf(pathname);
  // spec 1 §2: the Applications item shows only when the tenant has at least one lease application. Asked here, not in
  // the shell: its answer (after spec 2 §4's 500 ms wait) then renders the navigation again, not the whole frame (issue
  // 9: that render was a 40 ms task on a phone right after the first paint).
  const navContext = { hasApplications: useHasApplications(isCustomer) };
  const help = useHelpLink();
  return (
    <nav
      id={id}
      className={classes.navbar}
      data-opened={opened || undefined}
      aria-label={t('shell.navLabel')}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && opened) onEscape();
      }}
    >
      <ul className={classes.navList} data-grow>
        {NAV_ITEMS.filter((item) => !item.isVisible || item.isVisible(navContext)).map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className={classes.navLink}
              data-main
              data-active={active?.to === item.to || undefined}
              aria-current={active?.to === item.to ? 'page' : undefined}
              onClick={onNavigate}
            >
              {t(item.labelKey)}
            </Link>
          </li>
        ))}
      </ul>
      <ul className={classes.navList} data-footer>
        <li>
          {help.external ? (
            <a href={help.href} target="_blank" rel="noopener noreferrer" className={classes.navLink}>
              {t('shell.help')}
              <VisuallyHidden> ({t('common.opensInNewTab')})</VisuallyHidden>
              <span aria-hidden> ↗</span>
            </a>
          ) : (
            <Link
              to={help.to}
              className={classes.navLink}
              data-active={active === HELP_ITEM || undefined}
              aria-current={active === HELP_ITEM ? 'page' : undefined}
              onClick={onNavigate}
            >
              {t('shell.help')}
            </Link>
          )}
        </li>
        {!mimicking && (
          <li>
            <Link to="/logout" className={classes.navLink} onClick={onNavigate}>
              {t('shell.signOut')}
            </Link>
          </li>
        )}
        <li className={classes.navLanguage}>
          <LanguageSelect value={lang} onChange={onLanguageChange} disabled={languageSaving} size="xs" />
        </li>
      </ul>
    </nav>
  );
}
