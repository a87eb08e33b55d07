// issue 23 "Properties" (/admin/properties/{id}, /admin/properties/new): the property's form, and the company's
// onboarding and application pages with their public links (spec 2 §2 self sign-up, §3 application template).
import { Anchor, Button, Fieldset, Group, Stack, Switch, Table, Text, TextInput, Title } from '@mantine/core';
import { currencyForCountry } from '@portal/domain/money';
import { parseAmountInput } from '@portal/domain/money-input';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'wouter';
import { AmountInput } from '../../../components/amount-input';
import { PageContainer } from '../../../components/page-container';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-client';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { AdminLayout } from '../../admin';
import { useConsoleCompanies } from '../company/api/company-settings';
import { ScrollRegion } from '../company/components/scroll-region';
import { type Property, useCompanyPages, useProperty, useSavePage, useSaveProperty } from './api/properties';
import { PropertyForm } from './components/property-form';

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

/** spec 2 §3 joins.lap: the screening checks an application page asks for. */
const SCREENINGS = [
  'creditReportEnabled',
  'backgroundCheckEnabled',
  'identityVerificationEnabled',
  'incomeVerificationEnabled',
] as const;

/** The company's onboarding and application pages: public links, auto-approval, screenings, new pages. */
function CompanyPages({ property }: { property: Property }) {
  const { t } = useTranslation();
  const lang = useLang();
  const pages = useCompanyPages(property.companyId);
  const save = useSavePage(property.companyId);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <Stack gap="sm">
      <Title order={2} id="company-pages-title" fz="h3">
        {t('admin.properties.pages.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('admin.properties.pages.intro')}
      </Text>
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
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{t('admin.properties.pages.onboarding')}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>
                    <Anchor href={p.publicLink}>{`${origin}${p.publicLink}`}</Anchor>
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
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{t('admin.properties.pages.application')}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>
                    <Anchor href={p.publicLink}>{`${origin}${p.publicLink}`}</Anchor>
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
      <NewPageForm companyId={property.companyId} />
    </Stack>
  );
}

function NewPageForm({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const save = useSavePage(companyId);
  const [kind, setKind] = useState<'on_boarding_page' | 'lease_application_page'>('on_boarding_page');
  const [name, setName] = useState('');
  const [autoApproval, setAutoApproval] = useState(false);
  const [fee, setFee] = useState('');
  const [error, setError] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = fee.trim() ? parseAmountInput(fee, lang) : { ok: true as const, cents: 0 };
    if (!parsed.ok) return setError({ applicationFeeAmount: t('admin.company.amountInvalid') });
    const body = kind === 'on_boarding_page' ? { name, autoApproval } : { name, applicationFeeAmount: parsed.cents / 100 };
    try {
      await save.mutateAsync({ kind, body });
      setName('');
      setFee('');
      setError({});
    } catch (e) {
      const found: Record<string, string> = {};
      for (const f of e instanceof ApiError ? e.fieldErrors : []) found[f.field] ??= f.message;
      setError(Object.keys(found).length ? found : { name: e instanceof Error ? e.message : '' });
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t('admin.properties.pages.new')}>
      <Fieldset legend={t('admin.properties.pages.new')}>
        <Stack gap="sm">
          <Group gap="sm">
            <Button
              variant={kind === 'on_boarding_page' ? 'filled' : 'default'}
              aria-pressed={kind === 'on_boarding_page'}
              onClick={() => setKind('on_boarding_page')}
            >
              {t('admin.properties.pages.onboarding')}
            </Button>
            <Button
              variant={kind === 'lease_application_page' ? 'filled' : 'default'}
              aria-pressed={kind === 'lease_application_page'}
              onClick={() => setKind('lease_application_page')}
            >
              {t('admin.properties.pages.application')}
            </Button>
          </Group>
          <TextInput
            label={t('admin.properties.pages.name')}
            description={t('admin.properties.pages.nameHelp')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value.toLowerCase())}
            error={error.name}
            data-autofocus={error.name ? true : undefined}
          />
          {kind === 'on_boarding_page' ? (
            <Switch
              label={t('admin.properties.pages.autoApproval')}
              checked={autoApproval}
              onChange={(e) => setAutoApproval(e.currentTarget.checked)}
            />
          ) : (
            <AmountInput
              label={t('admin.properties.pages.applicationFee')}
              value={fee}
              onChange={setFee}
              error={error.applicationFeeAmount}
              maw={220}
            />
          )}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('admin.properties.pages.create')}
            </Button>
          </Group>
        </Stack>
      </Fieldset>
    </form>
  );
}
