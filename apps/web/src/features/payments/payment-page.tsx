// spec 1 §2: the payment page (/customer/payment): payment method cards with expand and collapse, remove with
// confirmation, the add-payment-method modal, blocked-method warnings, the transaction fees modal and the cash slip view.
import { Alert, Button, Group, Stack } from '@mantine/core';
import { arePaymentMethodChangesDisabled, showAddPaymentOption } from '@portal/domain/payment-methods';
import { payments } from '@portal/i18n/locales/en.json?lazy';
import { Suspense, useState } from 'react';
import { useLeases } from '../../api/leases/search-leases';
import { lazyModal } from '../../components/lazy-modal';
import { PageContainer } from '../../components/page-container';
import { ErrorState } from '../../components/query-state';
import { addEnglish, useTranslation } from '../../lib/i18n';
import { useSessionUser } from '../../lib/use-session-user';
import { CreditReportingSubscriptions } from '../credit-reporting';
import { InsurancePoliciesSection } from '../insurance';
import { BlockedMethodsNotice } from './components/blocked-methods-notice';
import { CompanyAlerts } from './components/company-alerts';
import { CashSlipView } from './components/modes/cash-slip-view';
import { PaymentMethodList } from './components/payment-method-list';

addEnglish({ payments });

// Both modals load on their first open (components/lazy-modal.tsx)
const AddPaymentMethodModal = lazyModal(() =>
  import('./components/add-method/add-payment-method-modal').then((m) => m.AddPaymentMethodModal),
);
const TransactionFeesModal = lazyModal(() => import('./components/transaction-fees-modal').then((m) => m.TransactionFeesModal));

const CHANGES_DISABLED_ID = 'payment-changes-disabled';

export function PaymentPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const leases = useLeases();
  const [addOpen, setAddOpen] = useState(false);
  const [feesOpen, setFeesOpen] = useState(false);

  const leaseList = leases.data?.records ?? [];
  // spec 1 §5: add and remove are disabled when every lease's company has onlyPMPaymentAllowed YES
  const changesDisabled = arePaymentMethodChangesDisabled(leaseList.map((l) => ({ company: l.joins.company })));
  const canAdd = showAddPaymentOption({ onlyPMPaymentAllowed: changesDisabled ? 'YES' : 'NO' });

  return (
    <PageContainer
      title={t('payments.title')}
      actions={
        <Group gap="sm" wrap="wrap">
          <Button variant="default" onClick={() => setFeesOpen(true)} disabled={!leases.isSuccess}>
            {t('payments.page.transactionFees')}
          </Button>
          <Button
            onClick={() => setAddOpen(true)}
            disabled={!canAdd || !leases.isSuccess}
            aria-describedby={canAdd ? undefined : CHANGES_DISABLED_ID}
          >
            {t('payments.page.addMethod')}
          </Button>
        </Group>
      }
    >
      <Stack gap="lg">
        {leases.isError && (
          <ErrorState error={leases.error} title={t('payments.page.leasesLoadError')} onRetry={() => leases.refetch()} />
        )}
        {changesDisabled && (
          <Alert
            color="blue"
            variant="light"
            role="note"
            title={t('payments.page.changesDisabledTitle')}
            id={CHANGES_DISABLED_ID}
          >
            {t('payments.page.changesDisabled')}
          </Alert>
        )}
        {/* issue 21 §2: the one-time alerts of the tenant's listed companies (re-enter a method, a fee change) */}
        <CompanyAlerts enabled={user?.type === 'TYPE_CUSTOMER' && leases.isSuccess} />
        <BlockedMethodsNotice leases={leases.data?.records} />
        <PaymentMethodList
          customerId={user?.id}
          removeDisabled={changesDisabled}
          disabledReasonId={changesDisabled ? CHANGES_DISABLED_ID : undefined}
          canAdd={canAdd}
        />
        {/* spec 2 §2: the credit reporting subscriptions (issue 22; nothing when the tenant has none) */}
        {leases.isSuccess && (
          <Suspense fallback={null}>
            <CreditReportingSubscriptions leases={leaseList} />
          </Suspense>
        )}
        {/* spec 2 §2: the insurance policies (issue 22; nothing when the tenant has none) */}
        {leases.isSuccess && (
          <Suspense fallback={null}>
            <InsurancePoliciesSection leases={leaseList} />
          </Suspense>
        )}
        {/* spec 1 §2: the cash slip view, for Canada only (it renders nothing otherwise) */}
        <CashSlipView leases={leaseList} />
      </Stack>
      <AddPaymentMethodModal
        opened={addOpen}
        onClose={() => setAddOpen(false)}
        onAdded={() => setAddOpen(false)}
        context="payment-page"
        leases={leaseList}
      />
      <TransactionFeesModal opened={feesOpen} onClose={() => setFeesOpen(false)} leases={leaseList} />
    </PageContainer>
  );
}
