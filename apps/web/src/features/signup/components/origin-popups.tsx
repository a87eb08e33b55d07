// The dashboard's part of issue 11 (loaded only when the session has an originType): the popup that matches the
// origin (spec 2 §2), opened by itself as lib/popup-rule.ts says, and a button that reopens it.
import { Button, Card, Group, Text } from '@mantine/core';
import { originModal } from '@portal/domain/signup';
import { signup } from '@portal/i18n/locales/en.json?lazy';
import { useEffect, useRef, useState } from 'react';
import { useApplicationFetchDelay, useApplications } from '../../../api/applications/search-applications';
import { useCustomer } from '../../../api/customer/get-customer';
import { useLeases } from '../../../api/leases/search-leases';
import { addEnglish, useTranslation } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/navigation';
import { useSessionUser } from '../../../lib/use-session-user';
import { useOnboardingPage } from '../api/get-signup-pages';
import { dismissPopup, isPopupDismissed, type PopupKind, shouldOpenPopup } from '../lib/popup-rule';
import { ApplyNowModal } from './apply-now-modal';
import { PropertySignupModal } from './property-signup-modal';

addEnglish({ signup });

export function OriginPopups() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const kind: PopupKind | null = originModal(user?.originType);
  const signupPage = user?.signupPage ?? '';
  const customer = useCustomer(user?.id);
  const page = useOnboardingPage(signupPage, kind === 'signup');
  const leases = useLeases();
  // spec 2 §4: the initial application fetch waits 500 ms (as the dashboard's cards do)
  const applicationsReady = useApplicationFetchDelay();
  const applications = useApplications({ enabled: kind === 'applyNow' && applicationsReady });
  const [opened, setOpened] = useState(false);
  const decided = useRef(false);
  // a new modal each time it opens (the previous search and steps are gone)
  const [openCount, setOpenCount] = useState(0);

  const ready =
    !!kind &&
    !!signupPage &&
    customer.isSuccess &&
    (kind === 'signup' ? page.isSuccess && leases.isSuccess : applications.isSuccess);

  // decided once per visit, after the terms modal (which comes first) has been accepted
  const termsAccepted = customer.data?.acknowledgedTerms === true;
  useEffect(() => {
    if (!ready || !termsAccepted || decided.current || !kind) return;
    decided.current = true;
    const open = shouldOpenPopup({
      kind,
      signupPage,
      pageCompanyId: page.data?.companyId,
      leaseCompanyIds: (leases.data?.records ?? []).map((l) => l.companyId),
      applicationPageNames: (applications.data?.records ?? []).map((a) => a.pageName),
      termsAccepted,
      dismissed: isPopupDismissed(kind, signupPage),
    });
    if (open) {
      setOpenCount((n) => n + 1);
      setOpened(true);
    }
  }, [ready, termsAccepted, kind, signupPage, page.data, leases.data, applications.data]);

  if (!kind || !signupPage || !user) return null;
  if (kind === 'signup' && page.isError) return null;

  const close = () => {
    dismissPopup(kind, signupPage);
    setOpened(false);
  };
  const reopen = () => {
    setOpenCount((n) => n + 1);
    setOpened(true);
  };

  return (
    <>
      <Card withBorder padding="md" radius="md" component="section" aria-labelledby="signup-reopen">
        <Group justify="space-between" align="center" wrap="wrap" gap="sm">
          <Text fw={600} id="signup-reopen">
            {kind === 'signup'
              ? t('signup.reopen.joinText', { company: page.data?.companyName ?? '' })
              : t('signup.reopen.applyText')}
          </Text>
          <Button variant="light" onClick={reopen}>
            {kind === 'signup' ? t('signup.reopen.join') : t('signup.reopen.apply')}
          </Button>
        </Group>
      </Card>
      {kind === 'signup' && page.data && (
        <PropertySignupModal
          key={openCount}
          opened={opened}
          onClose={close}
          onCompleted={() => {
            close();
            void navigate('/customer/dashboard');
          }}
          page={page.data}
          user={
            customer.data
              ? { id: user.id, firstName: customer.data.firstName, lastName: customer.data.lastName, email: customer.data.email }
              : null
          }
        />
      )}
      {kind === 'applyNow' && <ApplyNowModal key={openCount} opened={opened} onClose={close} pageName={signupPage} />}
    </>
  );
}
