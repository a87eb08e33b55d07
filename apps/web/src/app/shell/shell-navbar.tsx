import { AppShell, NavLink, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageSelect } from '../../components/language-select';
import type { Lang } from '../../lib/i18n';
import { HELP_CENTRE_URL, NAV_ITEMS, type NavContext, navItemOf } from './nav-config';

interface ShellNavbarProps {
  id: string;
  navContext: NavContext;
  mimicking: boolean;
  lang: Lang;
  onLanguageChange: (lang: Lang) => void;
  languageSaving: boolean;
  onNavigate: () => void;
  /** Collapsed on a small screen: out of the tab order and the accessibility tree. */
  hidden: boolean;
}

export function ShellNavbar({
  id,
  navContext,
  mimicking,
  lang,
  onLanguageChange,
  languageSaving,
  onNavigate,
  hidden,
}: ShellNavbarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const active = navItemOf(pathname);
  return (
    <AppShell.Navbar
      id={id}
      p="sm"
      aria-label={t('shell.navLabel')}
      component="nav"
      style={hidden ? { visibility: 'hidden' } : undefined}
    >
      <AppShell.Section grow style={{ overflowY: 'auto' }}>
        <Stack gap={4}>
          {NAV_ITEMS.filter((item) => !item.isVisible || item.isVisible(navContext)).map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={t(item.labelKey)}
              active={active?.to === item.to}
              aria-current={active?.to === item.to ? 'page' : undefined}
              onClick={onNavigate}
              fw={500}
            />
          ))}
        </Stack>
      </AppShell.Section>
      <AppShell.Section pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <Stack gap={4}>
          <NavLink
            component="a"
            href={HELP_CENTRE_URL}
            target="_blank"
            rel="noopener noreferrer"
            label={
              <Text size="sm" span>
                {t('shell.help')}
                <VisuallyHidden> ({t('common.opensInNewTab')})</VisuallyHidden>
                <span aria-hidden> ↗</span>
              </Text>
            }
          />
          {!mimicking && <NavLink component={Link} to="/logout" label={t('shell.signOut')} onClick={onNavigate} />}
          <div style={{ padding: '4px 12px' }}>
            <LanguageSelect value={lang} onChange={onLanguageChange} disabled={languageSaving} size="xs" />
          </div>
        </Stack>
      </AppShell.Section>
    </AppShell.Navbar>
  );
}
