// /admin/insurance: the deep link to the approvals inbox's insurance tab (issue 22's review page became a part of the
// inbox in issue 23; spec 2 §4: a manager approves or rejects an uploaded policy with a comment).
import { ApprovalsInbox } from './components/approvals-inbox';

export function AdminInsurancePage() {
  return <ApprovalsInbox defaultTab="insurance" />;
}
