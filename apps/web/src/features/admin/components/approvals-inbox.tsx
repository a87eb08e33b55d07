// The approvals inbox (issue 23 "Approvals in one inbox"): the console's one place for what waits for a decision, for a
// manager (their company's items) and the provider's admin (all): lease applications with their screening reports,
// self sign-up leases, and uploaded insurance policies, one tab each with its count. The tab is in the address
// (?tab=), so a reload or a shared link opens the same list; /admin/insurance is the deep link to the insurance tab.
import { Tabs } from '@mantine/core';
import { useSearchParams } from 'wouter';
import { PageContainer } from '../../../components/page-container';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/navigation';
import { useInboxCounts } from '../api/get-inbox-counts';
import { AdminLayout } from './admin-layout';
import { ApplicationReviews } from './application-reviews';
import { InsuranceReviews } from './insurance-reviews';
import { PendingLeaseReviews } from './pending-lease-reviews';

export const INBOX_TABS = ['applications', 'pendingLeases', 'insurance'] as const;
export type InboxTab = (typeof INBOX_TABS)[number];

const isTab = (value: string | null): value is InboxTab => INBOX_TABS.includes(value as InboxTab);

export function ApprovalsInbox({ defaultTab = 'applications' }: { defaultTab?: InboxTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const asked = params.get('tab');
  const tab: InboxTab = isTab(asked) ? asked : defaultTab;
  const counts = useInboxCounts().data;
  const countOf: Record<InboxTab, number | undefined> = {
    applications: counts?.applications,
    pendingLeases: counts?.pendingLeases,
    insurance: counts?.insurancePolicies,
  };
  const label = (key: InboxTab) => {
    const text = t(`admin.inbox.tabs.${key}`);
    const count = countOf[key];
    return count === undefined ? text : t('admin.inbox.tabCount', { label: text, count });
  };

  return (
    <AdminLayout>
      <PageContainer title={t('admin.inbox.title')}>
        <Tabs
          value={tab}
          keepMounted={false}
          onChange={(value) => {
            if (isTab(value)) navigate(`/admin/applications?tab=${value}`, { replace: true });
          }}
        >
          <Tabs.List aria-label={t('admin.inbox.tabsLabel')} mb="md">
            {INBOX_TABS.map((key) => (
              <Tabs.Tab key={key} value={key} data-testid={`inbox-tab-${key}`}>
                {label(key)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="applications">
            <ApplicationReviews />
          </Tabs.Panel>
          <Tabs.Panel value="pendingLeases">
            <PendingLeaseReviews />
          </Tabs.Panel>
          <Tabs.Panel value="insurance">
            <InsuranceReviews />
          </Tabs.Panel>
        </Tabs>
      </PageContainer>
    </AdminLayout>
  );
}
