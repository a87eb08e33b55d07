// /admin/applications: the approvals inbox (issue 23; before it, issue 11's admin-only decisions page), for managers
// (their company's items) and the provider's admin (all). Its lists: components/application-reviews.tsx,
// pending-lease-reviews.tsx and insurance-reviews.tsx, each a ReviewTable (components/review-table.tsx).
import { ApprovalsInbox } from './components/approvals-inbox';

export function AdminApplicationsPage() {
  return <ApprovalsInbox />;
}
