// spec 2 §2 "Payment and services page (add-on parts)": the tenant's credit reporting subscriptions (property, status,
// yearly fee, card, dates DD-MMM-YYYY, next renewal or end) with the manage / resubscribe / cancel actions.
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { CreditReportSubscription } from '@portal/domain/credit-report-shapes';
import { creditReporting } from '@portal/i18n/locales/en.json?lazy';
import { type ReactNode, useState } from 'react';
import type { PropertyLease } from '../../../api/types';
import { lazyModal } from '../../../components/lazy-modal';
import { ErrorState } from '../../../components/query-state';
import { formatDate } from '../../../lib/format';
import { addEnglish, useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { useCreditReportSubscriptions } from '../api/search-subscriptions';
import { offersCreditReporting } from '../lib/offered';
import { cardAction, currentSubscription, dateLine, isLive } from '../lib/subscription-state';
import { type ModalRequest, SubscriptionLine } from './credit-reporting-card';
import { DetailList, Nowrap, useCardText, useDatedText, useFeeText, useLeaseName } from './parts';
import { ReportedMonths } from './reported-months';

addEnglish({ creditReporting });

const CreditReportingModal = lazyModal(() => import('./credit-reporting-modal').then((m) => m.CreditReportingModal));

const byNewest = (a: CreditReportSubscription, b: CreditReportSubscription) =>
  a.createDate < b.createDate ? 1 : a.createDate > b.createDate ? -1 : 0;

/** Nothing at all when the tenant never subscribed (the page lists what exists). */
export function CreditReportingSubscriptions({ leases }: { leases: readonly PropertyLease[] }) {
  const { t } = useTranslation();
  const query = useCreditReportSubscriptions(leases.map((l) => l.id));
  const [request, setRequest] = useState<ModalRequest | null>(null);
  const [opened, setOpened] = useState(false);
  if (leases.length === 0 || query.isPending) return null;
  if (query.isError) {
    return <ErrorState error={query.error} title={t('creditReporting.card.loadError')} onRetry={() => query.refetch()} />;
  }
  const records = [...query.data.records].sort(byNewest);
  if (records.length === 0) return null;
  const open = (r: ModalRequest) => {
    setRequest(r);
    setOpened(true);
  };
  return (
    <section aria-labelledby="credit-reporting-list-title" data-testid="credit-reporting-list">
      <Stack gap="sm">
        <Title order={2} size="h3" id="credit-reporting-list-title">
          {t('creditReporting.list.title')}
        </Title>
        {records.map((s) => {
          const lease = leases.find((l) => l.id === s.billingAccountId);
          if (!lease) return null;
          const current = currentSubscription(records, lease.id)?.id === s.id;
          return <SubscriptionItem key={s.id} lease={lease} subscription={s} current={current} onOpen={open} />;
        })}
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
    </section>
  );
}

function SubscriptionItem({
  lease,
  subscription: s,
  current,
  onOpen,
}: {
  lease: PropertyLease;
  subscription: CreditReportSubscription;
  current: boolean;
  onOpen: (r: ModalRequest) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const leaseName = useLeaseName();
  const feeText = useFeeText();
  const cardText = useCardText();
  const dated = useDatedText();
  const address = s.property ? `${s.property.street1}, ${s.property.city}, ${s.property.province}` : null;
  const line = dateLine(s);
  const action = cardAction(s);
  // a lease no longer offered the service cannot be subscribed again: no dead-end button
  const actionable = action === 'edit' || offersCreditReporting(lease);
  // the status is said above the rows (the badge, or "Your subscription was {status}")
  const rows: [string, string, ReactNode][] = [
    ['fee', t('creditReporting.list.fee'), feeText(s.feeAmount)],
    ['card', t('creditReporting.list.card'), cardText(s)],
    ['subscribed', t('creditReporting.list.subscribed'), <Nowrap key="d">{formatDate(s.subscriptionDate, lang)}</Nowrap>],
    ['start', t('creditReporting.list.period'), <Nowrap key="d">{formatDate(s.startDate, lang)}</Nowrap>],
  ];
  const titleId = `credit-reporting-${s.id}`;
  const monthsId = `credit-reporting-months-of-${s.id}`;
  const [monthsShown, setMonthsShown] = useState(false);
  return (
    <Card withBorder padding="md" radius="md" component="article" aria-labelledby={titleId} data-subscription={s.id}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5" id={titleId}>
            {leaseName(lease)}
          </Title>
          {address && (
            <Text size="sm" c="dimmed">
              {address}
            </Text>
          )}
        </div>
        <SubscriptionLine subscription={s} />
        {/* the next renewal or the end: a sentence of its own (a row's name would be too long for a phone) */}
        <Text size="sm" fw={500}>
          {dated(`creditReporting.dates.${line.kind}`, { date: formatDate(line.date, lang) })}
        </Text>
        <DetailList rows={rows} compact />
        <Group>
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setMonthsShown((v) => !v)}
            aria-expanded={monthsShown}
            aria-controls={monthsId}
          >
            {t(monthsShown ? 'creditReporting.months.hide' : 'creditReporting.months.show')}
          </Button>
        </Group>
        <div id={monthsId}>{monthsShown && <ReportedMonths subscriptionId={s.id} headingLevel={4} />}</div>
        {/* only the lease's current subscription is acted on; an older ended one is history */}
        {current && (actionable || isLive(s)) && (
          <Group gap="sm" justify="flex-end">
            {isLive(s) && s.status !== 'ACTIVE' && (
              <Button variant="subtle" color="red" onClick={() => onOpen({ lease, subscription: s, mode: 'REMOVE' })}>
                {t('creditReporting.manage.cancelSubscription')}
              </Button>
            )}
            {actionable && (
              <Button
                variant={action === 'edit' ? 'default' : 'filled'}
                onClick={() => onOpen({ lease, subscription: s, mode: action === 'edit' ? 'MANAGE' : 'NEW' })}
                aria-label={t(action === 'edit' ? 'creditReporting.card.editLabel' : 'creditReporting.card.resubscribeLabel', {
                  lease: leaseName(lease),
                })}
              >
                {t(action === 'edit' ? 'creditReporting.card.edit' : 'creditReporting.card.resubscribe')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
