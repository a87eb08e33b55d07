// spec 2 §2 "Dashboard service cards" / §4 "Credit reporting": one row per lease offered the service or subscribed:
// active → edit (manage), otherwise resubscribe, with "Your subscription was {status}" (status lower-cased); none yet →
// sign up. spec 1 §2: login=cr opens the sign-up of the first eligible lease, or says why there is none.
import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { CreditReportSubscription } from '@portal/domain/credit-report-shapes';
import { creditReportStatusMessage } from '@portal/domain/credit-reporting';
import { creditReporting } from '@portal/i18n/locales/en.json?lazy';
import { useEffect, useRef, useState } from 'react';
import type { PropertyLease } from '../../../api/types';
import { lazyModal } from '../../../components/lazy-modal';
import wrapping from '../../../components/wrapping-button.module.css';
import { formatDate } from '../../../lib/format';
import { addEnglish, useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { offersCreditReporting } from '../lib/offered';
import { type CardAction, cardAction, currentSubscription, dateLine, isLive } from '../lib/subscription-state';
import classes from './credit-reporting.module.css';
import type { CreditReportingMode } from './credit-reporting-modal';
import { useDatedText, useFeeText, useLeaseName } from './parts';

addEnglish({ creditReporting });

// Loads on its first open (components/lazy-modal.tsx).
const CreditReportingModal = lazyModal(() => import('./credit-reporting-modal').then((m) => m.CreditReportingModal));

interface CreditReportingCardProps {
  leases: readonly PropertyLease[];
  subscriptions: readonly CreditReportSubscription[];
  subscriptionsFailed: boolean;
  signup: boolean;
}

export interface ModalRequest {
  lease: PropertyLease;
  mode: CreditReportingMode;
  subscription: CreditReportSubscription | null;
}

/** The modal a lease's button opens (spec 2 §4): sign up → NEW; edit → manage; resubscribe → NEW with the old one. */
export function requestFor(lease: PropertyLease, subscription: CreditReportSubscription | null): ModalRequest {
  const action = cardAction(subscription);
  return { lease, subscription, mode: action === 'edit' ? 'MANAGE' : 'NEW' };
}

type SignupNotice = 'noEligible' | 'allSubscribed' | null;

/** login=cr (spec 1 §2): the first offered lease without a live subscription, or why there is none. */
export function signupTarget(
  leases: readonly PropertyLease[],
  subscriptions: readonly CreditReportSubscription[],
): { lease: PropertyLease; subscription: CreditReportSubscription | null } | { notice: Exclude<SignupNotice, null> } {
  const offered = leases.filter((l) => offersCreditReporting(l));
  if (offered.length === 0) return { notice: 'noEligible' };
  for (const lease of offered) {
    const subscription = currentSubscription(subscriptions, lease.id);
    if (!subscription || !isLive(subscription)) return { lease, subscription };
  }
  return { notice: 'allSubscribed' };
}

export function CreditReportingCard({ leases, subscriptions, subscriptionsFailed, signup }: CreditReportingCardProps) {
  const { t } = useTranslation();
  const [request, setRequest] = useState<ModalRequest | null>(null);
  const [opened, setOpened] = useState(false);
  const [notice, setNotice] = useState<SignupNotice>(null);
  const open = (r: ModalRequest) => {
    setRequest(r);
    setOpened(true);
  };

  // spec 1 §2: login=cr opens the sign-up once, on arrival (the address was cleaned by the dashboard)
  const signupDone = useRef(false);
  useEffect(() => {
    if (!signup || signupDone.current) return;
    signupDone.current = true;
    const target = signupTarget(leases, subscriptions);
    if ('notice' in target) setNotice(target.notice);
    else {
      setRequest({ lease: target.lease, subscription: target.subscription, mode: 'NEW' });
      setOpened(true);
    }
  }, [signup, leases, subscriptions]);

  const rows = leases
    .map((lease) => ({ lease, subscription: currentSubscription(subscriptions, lease.id) }))
    .filter(({ lease, subscription }) => subscription || offersCreditReporting(lease));
  if (rows.length === 0 && !notice) return null;

  return (
    <Card
      withBorder
      padding="lg"
      radius="md"
      component="section"
      aria-labelledby="credit-reporting-title"
      data-testid="credit-reporting-card"
    >
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id="credit-reporting-title">
            {t('creditReporting.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('creditReporting.card.intro')}
          </Text>
        </div>
        {notice && (
          <Alert
            color="blue"
            variant="light"
            role="status"
            withCloseButton
            closeButtonLabel={t('creditReporting.card.dismiss')}
            onClose={() => setNotice(null)}
            data-testid="credit-reporting-signup-notice"
          >
            {t(`creditReporting.card.${notice}`)}
          </Alert>
        )}
        {subscriptionsFailed && (
          <Alert color="red" variant="light" role="alert">
            {t('creditReporting.card.loadError')}
          </Alert>
        )}
        {rows.map(({ lease, subscription }) => (
          <LeaseRow key={lease.id} lease={lease} subscription={subscription} onOpen={open} />
        ))}
      </Stack>
      {request && (
        <CreditReportingModal
          opened={opened}
          onClose={() => setOpened(false)}
          mode={request.mode}
          lease={request.lease}
          subscription={request.subscription}
        />
      )}
    </Card>
  );
}

const ACTION_KEYS: Record<CardAction, { text: string; label: string }> = {
  signup: { text: 'creditReporting.card.signUp', label: 'creditReporting.card.signUpLabel' },
  edit: { text: 'creditReporting.card.edit', label: 'creditReporting.card.editLabel' },
  resubscribe: { text: 'creditReporting.card.resubscribe', label: 'creditReporting.card.resubscribeLabel' },
};

function LeaseRow({
  lease,
  subscription,
  onOpen,
}: {
  lease: PropertyLease;
  subscription: CreditReportSubscription | null;
  onOpen: (r: ModalRequest) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const leaseName = useLeaseName();
  const feeText = useFeeText();
  const dated = useDatedText();
  const action = cardAction(subscription);
  // a lease no longer offered the service (ended, moved out of the provinces) shows its subscription, no dead-end button
  const actionable = action === 'edit' || offersCreditReporting(lease);
  const name = leaseName(lease);
  const fee = lease.services.find((s) => s.service === 'CREDIT_REPORT')?.feeAmount;
  return (
    <Group justify="space-between" align="center" wrap="wrap" gap="sm" className={classes.leaseRow} data-lease={lease.id}>
      <Stack gap={2} maw="100%">
        <Text fw={600}>{name}</Text>
        <SubscriptionLine subscription={subscription} />
        {!subscription && (
          <Text size="sm">
            {t('creditReporting.card.notSubscribed')}
            {fee !== undefined && ` · ${t('creditReporting.card.yearlyFee', { fee: feeText(fee) })}`}
          </Text>
        )}
        {subscription && (
          <Text size="sm" c="dimmed">
            {(() => {
              const line = dateLine(subscription);
              return dated(`creditReporting.dates.${line.kind}`, { date: formatDate(line.date, lang) });
            })()}
          </Text>
        )}
      </Stack>
      {actionable && (
        <Button
          variant={action === 'edit' ? 'default' : 'filled'}
          onClick={() => onOpen(requestFor(lease, subscription))}
          aria-label={t(ACTION_KEYS[action].label, { lease: name })}
          classNames={{ root: wrapping.root, label: wrapping.label }}
        >
          {t(ACTION_KEYS[action].text)}
        </Button>
      )}
    </Group>
  );
}

/** Active: a badge; otherwise "Your subscription was {status}" (spec 2 §4), with what a suspended one needs. */
export function SubscriptionLine({ subscription }: { subscription: CreditReportSubscription | null }) {
  const { t } = useTranslation();
  if (!subscription) return null;
  if (subscription.status === 'ACTIVE') {
    return (
      <Group gap="xs">
        <Badge color="green" variant="light">
          {t('creditReporting.status.ACTIVE')}
        </Badge>
      </Group>
    );
  }
  // the status word in the reader's language, lower-cased as spec 2 §3 shows it
  const message = creditReportStatusMessage(subscription.status);
  const word = t(`creditReporting.statusWord.${subscription.status}`).toLowerCase();
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500} data-testid="credit-reporting-status">
        {t(message.key, { status: word })}
      </Text>
      {subscription.status === 'SUSPENDED' && (
        <Text size="sm" c="orange.9">
          {t('creditReporting.card.suspendedHint')}
        </Text>
      )}
    </Stack>
  );
}
