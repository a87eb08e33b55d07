// spec 2 §2 "Add-service modal, by type" (credit reporting): modes NEW and REMOVE with the manage, success,
// updated-success and resubscribe/edit sub-modals (spec 2 §4), as views of one dialog so focus stays in one place.
// Loaded on its first open (components/lazy-modal.tsx): the dashboard's first load does not carry it (issue 22).
import { Modal } from '@mantine/core';
import type { CreditReportSubscription } from '@portal/domain/credit-report-shapes';
import { creditReporting } from '@portal/i18n/locales/en.json?lazy';
import { useEffect, useRef, useState } from 'react';
import type { PropertyLease } from '../../../api/types';
import { addEnglish, useTranslation } from '../../../lib/i18n';
import { trackOpen } from '../../../lib/track';
import classes from './credit-reporting.module.css';
import { ManageView, UpdatedView } from './manage-view';
import { ConfirmEndView, EndedView, RemoveView } from './remove-view';
import { SignupView, SuccessView } from './signup-view';

addEnglish({ creditReporting });

export type CreditReportingMode = 'NEW' | 'REMOVE' | 'MANAGE';

export interface CreditReportingModalProps {
  opened: boolean;
  onClose: () => void;
  /** NEW: sign up (or resubscribe, when `subscription` is given); MANAGE: change the card; REMOVE: unsubscribe or stop. */
  mode: CreditReportingMode;
  lease: PropertyLease;
  /** The lease's current subscription, when it has one. */
  subscription: CreditReportSubscription | null;
}

type View =
  | { name: 'signup' }
  | { name: 'success'; subscription: CreditReportSubscription; renewed: boolean }
  | { name: 'manage' }
  | { name: 'updated'; subscription: CreditReportSubscription }
  | { name: 'remove' }
  | { name: 'confirm'; end: 'unsubscribe' | 'stop' }
  | { name: 'ended'; end: 'unsubscribe' | 'stop'; subscription: CreditReportSubscription };

const firstView = (mode: CreditReportingMode): View =>
  mode === 'NEW' ? { name: 'signup' } : mode === 'MANAGE' ? { name: 'manage' } : { name: 'remove' };

export function CreditReportingModal({ opened, onClose, mode, lease, subscription }: CreditReportingModalProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<View>(() => firstView(mode));
  // each opening starts at its mode's first view
  useEffect(() => {
    if (opened) setView(firstView(mode));
  }, [opened, mode]);
  // spec 2 §9: the tracking pixel of a credit-reporting open (first-party, lib/track.ts)
  useEffect(() => {
    if (opened) trackOpen('CREDIT_REPORTING_OPEN');
  }, [opened]);
  const [current, setCurrent] = useState(subscription);
  useEffect(() => setCurrent(subscription), [subscription]);
  const resubscribe = !!subscription && subscription.status !== 'ACTIVE';
  // a new view replaces the button that led to it: focus goes to the view's first choice (or its start), not to <body>
  const body = useRef<HTMLDivElement>(null);
  const shown = useRef(view.name);
  useEffect(() => {
    if (shown.current === view.name) return;
    shown.current = view.name;
    const root = body.current;
    const target = root?.querySelector<HTMLElement>('[data-autofocus], select, button:not([disabled])') ?? root;
    target?.focus();
  }, [view.name]);

  const title = (() => {
    switch (view.name) {
      case 'signup':
      case 'success':
        return t(resubscribe ? 'creditReporting.modal.titleResubscribe' : 'creditReporting.modal.titleNew');
      case 'manage':
      case 'updated':
        return t('creditReporting.modal.titleManage');
      default:
        return t('creditReporting.modal.titleRemove');
    }
  })();

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
      data-testid="credit-reporting-modal"
    >
      <div ref={body} tabIndex={-1} className={classes.viewBody}>
        {view.name === 'signup' && (
          <SignupView
            lease={lease}
            previous={subscription}
            onSubscribed={(s, renewed) => setView({ name: 'success', subscription: s, renewed })}
            onManage={(s) => {
              setCurrent(s);
              setView({ name: 'manage' });
            }}
            onCancel={onClose}
          />
        )}
        {view.name === 'success' && (
          <SuccessView lease={lease} subscription={view.subscription} renewed={view.renewed} onDone={onClose} />
        )}
        {view.name === 'manage' && current && (
          <ManageView
            lease={lease}
            subscription={current}
            onUpdated={(s) => {
              setCurrent(s);
              setView({ name: 'updated', subscription: s });
            }}
            onCancelSubscription={() => setView({ name: 'remove' })}
            onClose={onClose}
          />
        )}
        {view.name === 'updated' && <UpdatedView subscription={view.subscription} onDone={onClose} />}
        {view.name === 'remove' && current && (
          <RemoveView
            lease={lease}
            subscription={current}
            onChoose={(end) => setView({ name: 'confirm', end })}
            onClose={onClose}
          />
        )}
        {view.name === 'confirm' && current && (
          <ConfirmEndView
            end={view.end}
            subscription={current}
            onEnded={(s) => {
              setCurrent(s);
              setView({ name: 'ended', end: view.end, subscription: s });
            }}
            onBack={() => setView({ name: 'remove' })}
          />
        )}
        {view.name === 'ended' && <EndedView end={view.end} subscription={view.subscription} onDone={onClose} />}
      </div>
    </Modal>
  );
}
