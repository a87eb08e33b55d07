// The console's frame (admin and managers): product name, sign-out and the language toggle (issue 23: saved to the
// corporate user's languageCode and applied after sign-in).
import { Anchor, AppShell, Button, Group, Text } from '@mantine/core';
import { admin } from '@portal/i18n/locales/en.json?lazy';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { LanguageSelect } from '../../../components/language-select';
import { addEnglish, useTranslation } from '../../../lib/i18n';
import { useSessionUser } from '../../../lib/use-session-user';
import { useConsoleLanguage } from '../api/corporate-user';

// The admin pages frame themselves with this layout: their English texts load with it.
addEnglish({ admin });

type ConsoleRole = 'admin' | 'manager';
const BOTH: readonly ConsoleRole[] = ['admin', 'manager'];
const ADMIN_ONLY: readonly ConsoleRole[] = ['admin'];

// The console's sections (issue 11: the applications page; issue 23: the property manager's console shares the frame,
// each section listed for the roles that may use it; the server scopes a manager to their company either way).
const SECTIONS: readonly { to: string; labelKey: string; roles: readonly ConsoleRole[] }[] = [
  { to: '/admin/tenants', labelKey: 'admin.nav.tenants', roles: BOTH },
  { to: '/admin/applications', labelKey: 'admin.nav.applications', roles: BOTH },
  // issue 22: the monthly Metro 2 files of rent reporting and the bureau's answers
  { to: '/admin/credit-reports', labelKey: 'admin.nav.creditReports', roles: ADMIN_ONLY },
  // issue 22: uploaded insurance policies to approve or reject (spec 2 §4); issue 23: the approvals inbox's insurance tab
  { to: '/admin/insurance', labelKey: 'admin.nav.insurance', roles: BOTH },
  // issue 22: the first-party tracking pixels (spec 2 §9)
  { to: '/admin/tracking', labelKey: 'admin.nav.tracking', roles: ADMIN_ONLY },
  // issue 23: the company's settings and its properties (with their sign-up and application pages)
  { to: '/admin/company', labelKey: 'admin.nav.company', roles: BOTH },
  { to: '/admin/properties', labelKey: 'admin.nav.properties', roles: BOTH },
  // issue 23: the ledger of a property or lease, refunds and returned bank payments
  { to: '/admin/ledger', labelKey: 'admin.nav.ledger', roles: BOTH },
  // issue 24: the company's API keys (a property-management system, an accounting export)
  { to: '/admin/api-keys', labelKey: 'admin.nav.apiKeys', roles: BOTH },
  // issue 24: the provider's statistics and KPI charts
  { to: '/admin/stats', labelKey: 'admin.nav.stats', roles: ADMIN_ONLY },
  // issue 25: the mail outbox (failed and uncertain mails, send again)
  { to: '/admin/mail', labelKey: 'admin.nav.mail', roles: ADMIN_ONLY },
];

export function AdminLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  const user = useSessionUser();
  // issue 23: the console's language is the corporate user's languageCode, saved by the select
  const language = useConsoleLanguage(user?.id ?? null);
  const role: ConsoleRole = user?.type === 'TYPE_ADMIN' ? 'admin' : 'manager';
  return (
    <AppShell header={{ height: 60 }} padding={{ base: 'sm', sm: 'md' }}>
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap={4}>
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Text
              component={Link}
              to="/admin/tenants"
              fw={700}
              fz={{ base: 'md', sm: 'lg' }}
              c="blue.8"
              style={{ textDecoration: 'none', whiteSpace: 'nowrap' }}
            >
              {t('common.productName')}
            </Text>
            <Text size="sm" c="dimmed" visibleFrom="xs">
              {t('admin.area')}
            </Text>
          </Group>
          <Group gap={4} wrap="nowrap">
            <LanguageSelect value={language.lang} onChange={language.change} disabled={language.saving} hideLabel size="xs" />
            <Button component={Link} to="/logout" variant="subtle" size="xs" px={6}>
              {t('admin.signOut')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Group component="nav" aria-label={t('admin.nav.label')} gap="md" mb="md">
          {SECTIONS.filter((section) => section.roles.includes(role)).map((section) => {
            const current = pathname === section.to || pathname.startsWith(`${section.to}/`);
            return (
              <Anchor
                key={section.to}
                component={Link}
                to={section.to}
                aria-current={current ? 'page' : undefined}
                fw={current ? 700 : 500}
                underline={current ? 'always' : 'hover'}
                c="blue.8"
              >
                {t(section.labelKey)}
              </Anchor>
            );
          })}
        </Group>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
