// spec 1 §4 "Loadhub cash" (Canada): the cash slip modal. It creates the lease's slip (POST /cash; the amount starts at
// the amount the tenant typed in the payment flow, issue 20 §1, else GET /cash/new's; spec 1 §5: 10..1993) or shows the
// active one, with its QR code; the slip can be edited (amount,
// PATCH /cash/{id}/update), printed (only the slip prints) or deleted (after a confirmation). spec 1 §8: a failed cash
// slip call shows the server's message, or 'generic-contact-support'.
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { mapCashSlipError } from '@portal/domain/errors';
import { LOADHUB_CASH_MAX_CENTS, LOADHUB_CASH_MIN_CENTS, validateLoadhubCashAmount } from '@portal/domain/limits';
import { fromCents, toCents } from '@portal/domain/money';
import type { CashSlip } from '@portal/domain/payment-shapes';
import type { MessageRef, RuleResult } from '@portal/domain/rule';
import { useEffect, useRef, useState } from 'react';
import type { PropertyLease } from '../../../../api/types';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { notifySuccess } from '../../../../components/notify';
import { answerOf } from '../../../../lib/api-client';
import { useTranslation } from '../../../../lib/i18n';
import { useCashSlips, useCreateCashSlip, useDeleteCashSlip, useNewCashSlip, useUpdateCashSlip } from '../../api/cash-slips';
import { AmountField, amountCentsOf, amountRefusal, amountText } from './amount-field';
import { CashSlipCard, printCashSlip } from './cash-slip-card';
import { useLeaseMoney } from './mode-support';

export interface CashSlipModalProps {
  opened: boolean;
  onClose: () => void;
  /** The lease the slip pays (a Canadian lease whose company accepts loadhub cash). */
  lease: PropertyLease;
  /** A slip to show (the payment page's list); else the lease's active slip, or a new one. */
  slip?: CashSlip | null;
  /** The amount the tenant typed before choosing cash: a new slip starts at it, not at the balance (issue 20 §1). */
  amountCents?: number | null;
}

export function CashSlipModal({ opened, onClose, lease, slip, amountCents }: CashSlipModalProps) {
  return (
    <Modal.Root opened={opened} onClose={onClose} centered size="md">
      <Modal.Overlay />
      <Modal.Content>
        {opened && <CashSlipContent lease={lease} slip={slip ?? null} typedCents={amountCents ?? null} onClose={onClose} />}
      </Modal.Content>
    </Modal.Root>
  );
}

type Mode = 'view' | 'edit';

function CashSlipContent({
  lease,
  slip,
  typedCents,
  onClose,
}: {
  lease: PropertyLease;
  slip: CashSlip | null;
  typedCents: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { money, display } = useLeaseMoney(lease);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const slips = useCashSlips(!slip);
  const create = useCreateCashSlip();
  const update = useUpdateCashSlip();
  const remove = useDeleteCashSlip();
  // what the server answered last (a created or edited slip) wins over the list until the list refreshes
  const [shown, setShown] = useState<CashSlip | null>(slip);
  const current = shown ?? slips.data?.records.find((s) => s.billingAccountId === lease.id) ?? null;
  const template = useNewCashSlip(lease.id, !slip && slips.isSuccess && !current);

  const [mode, setMode] = useState<Mode>('view');
  // issue 20 §1: what the tenant typed is kept (out of 10..1993 too: the limits' message says so, nothing rewrites it)
  const typed = typedCents != null && typedCents > 0;
  const [text, setText] = useState(() => (typed ? amountText(typedCents, display.locale) : ''));
  const [touched, setTouched] = useState(typed);
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<MessageRef | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  // without a typed amount, the new slip's starts at the template's (the amount due now, within the limits)
  const templateAmount = template.data?.amount;
  useEffect(() => {
    if (templateAmount != null && !touched) setText(amountText(toCents(templateAmount), display.locale));
  }, [templateAmount, touched, display.locale]);

  const forming = !current || mode === 'edit';
  const stage = slips.isPending && !slip ? 'loading' : forming ? (current ? 'edit' : 'create') : 'view';
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves to the heading on each change of stage
  useEffect(() => {
    titleRef.current?.focus();
  }, [stage]);

  const cents = amountCentsOf(text, display.locale);
  const refusal = cents == null ? amountRefusal(text, display.locale) : null;
  const rule: RuleResult = refusal ? { ok: false, ...refusal } : validateLoadhubCashAmount(cents ?? 0);
  const fieldError = submitted && !rule.ok ? t(rule.key, rule.values) : undefined;
  const saving = create.isPending || update.isPending;
  const loadError = (slips.isError && !slip ? slips.error : null) ?? (template.isError ? template.error : null);

  const fail = (err: unknown) => setFailure(mapCashSlipError(answerOf(err)));

  const onSave = () => {
    setSubmitted(true);
    setFailure(null);
    if (!rule.ok || cents == null || saving) return;
    const amount = fromCents(cents);
    const done = (answer: CashSlip) => {
      setShown(answer);
      setMode('view');
      setSubmitted(false);
    };
    if (current) update.mutate({ id: current.id, amount }, { onSuccess: done, onError: fail });
    else create.mutate({ amount, billingAccountId: lease.id }, { onSuccess: done, onError: fail });
  };

  const onDelete = () => {
    if (!current) return;
    setDeleteError(null);
    remove.mutate(current.id, {
      onSuccess: () => {
        setConfirmDelete(false);
        notifySuccess(t('payments.cashSlip.deleted'));
        onClose();
      },
      onError: (err) => {
        const ref = mapCashSlipError(answerOf(err));
        setDeleteError(t(ref.key, ref.values));
      },
    });
  };

  const title =
    stage === 'view'
      ? t('payments.cashSlip.title')
      : stage === 'edit'
        ? t('payments.cashSlip.editTitle')
        : t('payments.cashSlip.createTitle');

  return (
    <>
      <Modal.Header>
        <Modal.Title ref={titleRef} tabIndex={-1} data-autofocus style={{ outline: 'none' }}>
          {title}
        </Modal.Title>
        <Modal.CloseButton aria-label={t('common.close')} />
      </Modal.Header>
      <Modal.Body>
        {stage === 'loading' ? (
          <Group gap="sm" role="status" aria-live="polite" py="md">
            <Loader size="sm" aria-hidden="true" />
            <Text size="sm">{t('payments.cashSlip.loading')}</Text>
          </Group>
        ) : stage === 'view' && current ? (
          <Stack gap="md">
            <CashSlipCard slip={current} lease={lease} />
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Button variant="subtle" color="red" onClick={() => setConfirmDelete(true)}>
                {t('payments.cashSlip.delete')}
              </Button>
              <Group gap="sm" wrap="wrap">
                <Button
                  variant="default"
                  onClick={() => {
                    setText(amountText(toCents(current.amount), display.locale));
                    setTouched(true);
                    setFailure(null);
                    setSubmitted(false);
                    setMode('edit');
                  }}
                >
                  {t('payments.cashSlip.edit')}
                </Button>
                <Button onClick={printCashSlip}>{t('payments.cashSlip.print')}</Button>
              </Group>
            </Group>
          </Stack>
        ) : (
          <Stack gap="md">
            {stage === 'create' && <Text size="sm">{t('payments.cashSlip.intro')}</Text>}
            {loadError ? (
              <Alert color="red" variant="light" role="alert">
                {(() => {
                  const ref = mapCashSlipError(answerOf(loadError));
                  return t(ref.key, ref.values);
                })()}
              </Alert>
            ) : stage === 'create' && template.isPending ? (
              <Group gap="sm" role="status" aria-live="polite">
                <Loader size="sm" aria-hidden="true" />
                <Text size="sm">{t('common.loading')}</Text>
              </Group>
            ) : (
              <AmountField
                label={t('payments.cashSlip.amount')}
                currency={display.currency}
                value={text}
                onChange={(v) => {
                  setText(v);
                  setTouched(true);
                }}
                description={t('payments.cashSlip.limits', {
                  min: money(LOADHUB_CASH_MIN_CENTS),
                  max: money(LOADHUB_CASH_MAX_CENTS),
                })}
                error={fieldError}
                disabled={saving}
              />
            )}
            {failure && (
              <Alert color="red" role="alert">
                {t(failure.key, failure.values)}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                onClick={() => {
                  if (stage === 'edit') {
                    setMode('view');
                    setFailure(null);
                  } else onClose();
                }}
                disabled={saving}
              >
                {t('common.cancel')}
              </Button>
              <Button onClick={onSave} loading={saving} disabled={!!loadError || (stage === 'create' && template.isPending)}>
                {stage === 'edit' ? t('payments.cashSlip.save') : t('payments.cashSlip.create')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal.Body>
      <ConfirmDialog
        opened={confirmDelete}
        title={t('payments.cashSlip.deleteTitle')}
        confirmLabel={t('payments.cashSlip.deleteConfirm')}
        danger
        loading={remove.isPending}
        error={deleteError}
        onConfirm={onDelete}
        onCancel={() => {
          setConfirmDelete(false);
          setDeleteError(null);
        }}
      >
        {current ? t('payments.cashSlip.deleteText', { amount: money(toCents(current.amount)) }) : ''}
      </ConfirmDialog>
    </>
  );
}
