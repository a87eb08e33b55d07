// issue 23 "Company settings" (/admin/company): a manager's own company; the admin picks one (?companyId=).
import { NativeSelect, Text } from '@mantine/core';
import { useSearchParams } from 'wouter';
import { PageContainer } from '../../../components/page-container';
import { ErrorState, LoadingState } from '../../../components/query-state';
import { useTranslation } from '../../../lib/i18n';
import { AdminLayout } from '../../admin';
import { useCompanySettings, useConsoleCompanies, useUpdateCompanySettings } from './api/company-settings';
import { CompanySettingsForm } from './components/company-settings-form';

export function CompanySettingsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const companies = useConsoleCompanies();
  const records = companies.data?.records ?? [];
  const asked = params.get('companyId');
  const companyId = records.find((c) => c.id === asked)?.id ?? records[0]?.id ?? null;
  const settings = useCompanySettings(companyId);

  return (
    <AdminLayout>
      <PageContainer title={t('admin.company.title')}>
        {companies.isPending && <LoadingState />}
        {companies.isError && <ErrorState error={companies.error} onRetry={() => void companies.refetch()} />}
        {records.length > 1 && (
          <NativeSelect
            label={t('admin.company.picker')}
            value={companyId ?? ''}
            onChange={(e) => setParams({ companyId: e.currentTarget.value })}
            data={records.map((c) => ({ value: c.id, label: `${c.name} (${c.country})` }))}
            maw={420}
          />
        )}
        {settings.isPending && companyId && <LoadingState />}
        {settings.isError && <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />}
        {settings.data && (
          <>
            <Text c="dimmed">{t('admin.company.intro', { name: settings.data.name })}</Text>
            <SettingsForm key={settings.data.id} companyId={settings.data.id} settings={settings.data} />
          </>
        )}
      </PageContainer>
    </AdminLayout>
  );
}

function SettingsForm({
  companyId,
  settings,
}: {
  companyId: string;
  settings: Parameters<typeof CompanySettingsForm>[0]['settings'];
}) {
  const update = useUpdateCompanySettings(companyId);
  return <CompanySettingsForm settings={settings} onSave={(patch) => update.mutateAsync(patch)} />;
}
