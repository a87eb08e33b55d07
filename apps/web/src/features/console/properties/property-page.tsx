// issue 23 "Properties" (/admin/properties/{id}, /admin/properties/new): the property's form, and the company's
// onboarding and application pages with their public links (spec 2 §2 self sign-up, §3 application template), created
// and edited in the page editor (components/page-editor-modal.tsx).
import { Anchor, Button, CopyButton, Group, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { APPLICATION_PAGE_SCREENINGS as SCREENINGS } from '@portal/domain/company-pages';
import { currencyForCountry } from '@portal/domain/money';
import { lazy, Suspense, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'wouter';
import { PageContainer } from '../../../components/page-container';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { AdminLayout } from '../../admin';
import { useConsoleCompanies } from '../company/api/company-settings';
import { ScrollRegion } from '../company/components/scroll-region';
import { type Property, useCompanyPages, useProperty, useSavePage, useSaveProperty } from './api/properties';
import type { PageTarget } from './components/page-editor-modal';
import { PropertyForm } from './components/property-form';

// the page editors load when one opens (a lazy chunk: most visits only read the property)
const PageEditorModal = lazy(() => import('./components/page-editor-modal').then((m) => ({ default: m.PageEditorModal })));

export function PropertyPage() {
  const { id } = useParams<{ id: string }>();
  return id === 'new' ? <NewProperty /> : <EditProperty id={id} />;
}

function NewProperty() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const companies = useConsoleCompanies();
  const records = companies.data?.records ?? [];
  const company = records.find((c) => c.id === params.get('companyId')) ?? records[0];
  const save = useSaveProperty(null);
  return (
    <AdminLayout>
      <PageContainer title={t('admin.properties.newTitle')}>
        <Anchor component={Link} to="/admin/properties">
          {t('admin.properties.back')}
        </Anchor>
        {companies.isPending && <LoadingState />}
        {company && (
          <PropertyForm
            property={null}
            country={company.country}
            onSave={async (input) => {
              const created = await save.mutateAsync({ ...input, companyId: company.id });
              navigate(`/admin/properties/${created.id}`);
            }}
          />
        )}
      </PageContainer>
    </AdminLayout>
  );
}

function EditProperty({ id }: { id: string }) {
  const { t } = useTranslation();
  const property = useProperty(id);
  const save = useSaveProperty(id);
  return (
    <AdminLayout>
      <PageContainer title={property.data?.propertyName ?? t('admin.properties.editTitle')}>
        <Anchor component={Link} to="/admin/properties">
          {t('admin.properties.back')}
        </Anchor>
        {property.isPending && <LoadingState />}
        {property.isError && <ErrorState error={property.error} onRetry={() => void property.refetch()} />}
        {property.data && (
          <>
            <Text c="dimmed">
              {t('admin.properties.leaseCounts', {
                active: property.data.activeLeaseCount ?? 0,
                all: property.data.leaseCount ?? 0,
              })}
            </Text>
            <PropertyForm
              key={property.data.id}
              property={property.data}
              country={property.data.country}
              onSave={(input) => save.mutateAsync(input)}
            />
            <CompanyPages property={property.data} />
          </>
        )}
      </PageContainer>
    </AdminLayout>
  );
}

/** The company's onboarding and application pages: public links, auto-approval, screenings, their editor. */
function CompanyPages({ property }: { property: Property }) {
  const { t } = useTranslation();
  const lang = useLang();
  const pages = useCompanyPages(property.companyId);
  const save = useSavePage(property.companyId);
  const [editing, setEditing] = useState<PageTarget | null>(null);
  // the editor stays mounted once loaded, so closing it gives the focus back to the button that opened it
  const [editorLoaded, setEditorLoaded] = useState(false);
  const edit = (target: PageTarget) => {
    setEditorLoaded(true);
    setEditing(target);
  };
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const editButton = (name: string, open: () => void) => (
    <Button size="compact-sm" variant="light" onClick={open} aria-label={t('admin.properties.pages.editor.editLabel', { name })}>
      {t('admin.properties.pages.editor.edit')}
    </Button>
  );
  const copyButton = (name: string, path: string) => (
    <CopyButton value={`${origin}${path}`}>
      {({ copied, copy }) => (
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={copy}
          aria-label={t('admin.properties.pages.editor.copyLinkOf', { name })}
        >
          {copied ? t('admin.properties.pages.editor.copied') : t('admin.properties.pages.editor.copyLink')}
        </Button>
      )}
    </CopyButton>
  );
  return (
    <Stack gap="sm">
      <Title order={2} id="company-pages-title" fz="h3">
        {t('admin.properties.pages.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('admin.properties.pages.intro')}
      </Text>
      <Group gap="sm">
        <Button variant="default" onClick={() => edit({ kind: 'on_boarding_page', page: null })}>
          {t('admin.properties.pages.editor.onboardingNew')}
        </Button>
        <Button variant="default" onClick={() => edit({ kind: 'lease_application_page', page: null })}>
          {t('admin.properties.pages.editor.applicationNew')}
        </Button>
      </Group>
      {pages.isPending && <LoadingState />}
      {pages.isError && <ErrorState error={pages.error} onRetry={() => void pages.refetch()} />}
      {pages.data && (
        <ScrollRegion label={t('admin.properties.pages.title')}>
          <Table striped data-testid="company-pages">
            <Table.Caption>{t('admin.properties.pages.title')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.properties.pages.name')}</Table.Th>
                <Table.Th>{t('admin.properties.pages.kind')}</Table.Th>
                <Table.Th>{t('admin.properties.pages.link')}</Table.Th>
                <Table.Th>{t('admin.properties.pages.settings')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {pages.data.onBoardingPages.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <Text size="sm">{p.name}</Text>
                      {editButton(p.name, () => edit({ kind: 'on_boarding_page', page: p }))}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{t('admin.properties.pages.onboarding')}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>
                    <Anchor href={p.publicLink}>{`${origin}${p.publicLink}`}</Anchor>
                    {copyButton(p.name, p.publicLink)}
                  </Table.Td>
                  <Table.Td>
                    <Switch
                      label={t('admin.properties.pages.autoApproval')}
                      checked={p.autoApproval}
                      onChange={(e) =>
                        void save.mutateAsync({
                          kind: 'on_boarding_page',
                          id: p.id,
                          body: { autoApproval: e.currentTarget.checked },
                        })
                      }
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
              {pages.data.leaseApplicationPages.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <Stack gap={4} align="flex-start">
                      <Text size="sm">{p.name}</Text>
                      {editButton(p.name, () => edit({ kind: 'lease_application_page', page: p }))}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{t('admin.properties.pages.application')}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>
                    <Anchor href={p.publicLink}>{`${origin}${p.publicLink}`}</Anchor>
                    {copyButton(p.name, p.publicLink)}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={6}>
                      <Text size="sm">
                        {t('admin.properties.pages.fee', {
                          amount: formatAmount(p.applicationFeeAmount, currencyForCountry(property.country), lang),
                        })}
                      </Text>
                      {SCREENINGS.map((key) => (
                        <Switch
                          key={key}
                          size="sm"
                          label={t(`admin.properties.pages.screenings.${key}`)}
                          checked={p[key]}
                          onChange={(e) =>
                            void save.mutateAsync({
                              kind: 'lease_application_page',
                              id: p.id,
                              body: { [key]: e.currentTarget.checked },
                            })
                          }
                        />
                      ))}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollRegion>
      )}
      {editorLoaded && (
        <Suspense fallback={<LoadingState />}>
          <PageEditorModal
            companyId={property.companyId}
            country={property.country}
            target={editing}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
