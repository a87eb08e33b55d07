// spec 2 §2 "Autopayment edit modal", in its order: the required-autopay notice (with the due day or without), the
// add-charges section (manageBalance NO), the start-day select, the payment-method select with the blocked-types
// warning (the one-time payment's selector), the custom monthly amount, the service-fee notice, the soft-maximum
// warning, then close (unless autopay is required), save (disabled, with the reason, for manager-only payments or an
// enforced custom amount with blocked partials) and disable (an active schedule, not manager-only). spec 2 §9: until
// when the upcoming payment can still be changed; past that day (issue 21 §1) the form is read-only and save and
// disable are disabled, saying until when, since the server refuses every change until that payment is made. Errors show after a save attempt, under their fields; a refused save
// moves focus to the first field in error.
import { Alert, Button, Checkbox, Fieldset, Group, Stack, Text } from '@mantine/core';
import {
  disableAutopayPatch,
  padDayOfMonth,
  showAutopayCharges,
  showAutopayCustomAmount,
  showDisableAutopay,
} from '@portal/domain/autopay';
import { recurringChangeLocked } from '@portal/domain/business-days';
import { mapSaveListError } from '@portal/domain/errors';
import { currencyForCountry, type MoneyDisplay } from '@portal/domain/money';
import { getChargeCodes } from '@portal/domain/payment-amounts';
import type { MessageRef } from '@portal/domain/rule';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { PropertyLease } from '../../../api/types';
import { AmountInput } from '../../../components/amount-input';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Dropdown } from '../../../components/form/dropdown';
import { type FormErrors, useForm } from '../../../components/form/use-form';
import { notifySuccess } from '../../../components/notify';
import { answerOf } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { localToday, useLang } from '../../../lib/locale';
import { useSessionUser } from '../../../lib/use-session-user';
import { ChargeRows, isWindowsPlatform, MethodSelector, usePaymentMethods } from '../../payments';
import { useCreateRecurringSchedule } from '../api/create-recurring-schedule';
import { useUpcomingPayment } from '../api/get-upcoming-payment';
import { useSaveList } from '../api/save-list';
import { useLeaseSchedules } from '../api/search-recurring-schedules';
import { useUpdateRecurringSchedule } from '../api/update-recurring-schedule';
import { type AutopayField, autopayRefusal, type TextRef } from '../forms/autopay-errors';
import {
  type AutopayFormValues,
  autopayMethods,
  autopaySaveBlock,
  autopaySettings,
  checkAutopayForm,
  createScheduleBody,
  initialAutopayForm,
  saveListBody,
  startDayOptions,
  updateScheduleBody,
} from '../forms/autopay-form';
import { ChangeWindowNotice } from './change-window-notice';
import { FeeNotice } from './fee-notice';

/** Where a refused submit moves focus when no field is in error. */
const REFUSAL_FOCUS = ['[data-refusal]', 'input[type="radio"]'];

interface AutopayEditorProps {
  lease: PropertyLease;
  /** The close button shows (spec 2 §2: hidden when autopay is required). */
  closable: boolean;
  /** Saved or disabled: the modal closes. */
  onDone: () => void;
  onClose: () => void;
}

type Confirm = 'softMaximum' | 'disable' | null;

export function AutopayEditor({ lease, closable, onDone, onClose }: AutopayEditorProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const user = useSessionUser();
  const saveBlockId = useId();
  const windowId = useId();
  const disableHintId = useId();
  const [today] = useState(localToday);
  const display: MoneyDisplay = { currency: currencyForCountry(lease.joins.company?.country), locale: lang };
  const settings = autopaySettings(lease);
  const withCharges = showAutopayCharges(settings);
  const schedule = lease.recurringSchedule?.active ? lease.recurringSchedule : null;

  // The lease record carries the schedule without its charges: the schedule search brings them (manageBalance NO).
  const schedulesQuery = useLeaseSchedules(lease.id, withCharges && !!schedule);
  const fullSchedule = schedulesQuery.data?.records.find((s) => s.id === schedule?.id) ?? null;
  const upcoming = useUpcomingPayment(schedule?.id);
  const locked = !!schedule && recurringChangeLocked(today, upcoming.data);
  const lockedUntil = locked && upcoming.data ? formatDate(upcoming.data.scheduledDate, lang) : null;
  const methodsQuery = usePaymentMethods(user?.id);
  const methods = useMemo(
    () => autopayMethods(methodsQuery.data?.records ?? [], lease, { isWindows: isWindowsPlatform(), now: new Date() }),
    [methodsQuery.data, lease],
  );

  const checkOptions = { today, display, offeredMethodIds: methods.map((m) => m.id) };
  // issue 21 §3: the portal's one form state and focus rule (a refusal without a field focuses its alert, else a radio)
  const form = useForm<AutopayFormValues>({
    initialValues: () => initialAutopayForm(lease, schedule, lang),
    // the charge rows' errors are a list per row: the form only needs to know there are some
    validate: (v) => checkAutopayForm(v, lease, checkOptions).errors as FormErrors<AutopayFormValues>,
    focusFallbacks: REFUSAL_FOCUS,
  });
  const { values, submitted, focusInvalid: focusFirstInvalid } = form;
  const setValues = form.setValues;
  // the schedule's own charges replace the lease's once they arrive (before the tenant touched the rows)
  const chargesTouched = useRef(false);
  useEffect(() => {
    if (fullSchedule && !chargesTouched.current)
      setValues((v) => ({ ...v, charges: initialAutopayForm(lease, fullSchedule, lang).charges }));
  }, [fullSchedule, lease, lang, setValues]);

  const [refusal, setRefusal] = useState<ReturnType<typeof autopayRefusal> | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [disableError, setDisableError] = useState<TextRef | null>(null);
  const [chargesError, setChargesError] = useState<MessageRef[] | null>(null);

  const create = useCreateRecurringSchedule();
  const update = useUpdateRecurringSchedule();
  const saveList = useSaveList();
  const busy = create.isPending || update.isPending || saveList.isPending;

  const check = checkAutopayForm(values, lease, checkOptions);
  const saveBlock = autopaySaveBlock(lease);
  const shown = submitted ? check.errors : {};
  const serverField = (field: AutopayField) => refusal?.fields[field];
  const fieldError = (field: AutopayField): string | undefined => {
    const ref = shown[field] ?? serverField(field);
    return ref ? t(ref.key, ref.values) : undefined;
  };
  const change = (update: (v: AutopayFormValues) => AutopayFormValues) => {
    setRefusal(null);
    setChargesError(null);
    setValues(update);
  };

  const refuse = (err: unknown) => {
    const answer = autopayRefusal(err);
    if (answer.confirmSoftMaximum) {
      setConfirm('softMaximum');
      return;
    }
    setRefusal(answer);
    focusFirstInvalid();
  };

  const save = async (confirmSoftMaximum: boolean) => {
    setConfirm(null);
    setRefusal(null);
    setChargesError(null);
    try {
      if (withCharges) {
        try {
          await saveList.mutateAsync(saveListBody(values, lease, lang));
        } catch (err) {
          // spec 2 §8: save-list failure: the generic error with its errorCode, and the charges-save-failed alert
          setChargesError(mapSaveListError(answerOf(err)));
          focusFirstInvalid();
          return;
        }
      }
      const answer = schedule
        ? await update.mutateAsync({
            id: schedule.id,
            body: updateScheduleBody(values, lease, methods, { confirmSoftMaximum, locale: lang }),
          })
        : await create.mutateAsync(createScheduleBody(values, lease, methods, { confirmSoftMaximum, locale: lang }));
      // spec 2 §8 info messages: autopay saved / updated, with the first payment it will make
      const next = answer.upcomingPayment?.scheduledDate;
      const key = schedule ? 'autopay.info.updated' : 'autopay.info.saved';
      notifySuccess(next ? t(`${key}WithDate`, { date: formatDate(next, lang) }) : t(key));
      onDone();
    } catch (err) {
      refuse(err);
    }
  };

  const submitValid = form.handleSubmit(() => {
    // spec 2 §5: a soft-maximum breach asks to confirm first
    if (check.softMaximum) {
      setConfirm('softMaximum');
      return;
    }
    void save(false);
  });
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (saveBlock || locked || busy) return;
    void submitValid(e);
  };

  const onDisable = () => {
    if (!schedule || locked) return;
    setDisableError(null);
    update.mutate(
      { id: schedule.id, body: disableAutopayPatch() },
      {
        onSuccess: () => {
          setConfirm(null);
          notifySuccess(t('autopay.info.disabled'));
          onDone();
        },
        onError: (err) => {
          const answer = autopayRefusal(err);
          setDisableError(answer.alert ?? Object.values(answer.fields)[0] ?? null);
        },
      },
    );
  };

  const company = lease.joins.company;
  const dueDay = lease.monthlyPaymentDueDay;
  const dayLabel = (day: number) => t('autopay.form.day', { count: day, ordinal: true });
  const chosen = methods.find((m) => m.id === values.paymentMethodId) ?? null;
  const isBank = chosen?.type === 'TYPE_BANK_ACCOUNT';
  const padDay = values.startDay && isBank ? padDayOfMonth(values.startDay) : null;
  const showCustom = showAutopayCustomAmount(settings);
  const enforced = !!company?.enforceCustomAmount;
  const customChecked = values.customAmountChecked || enforced;

  return (
    <form ref={form.formRef} noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        {lease.requireAutoPay && (
          <Alert color="blue" variant="light" role="note" title={t('autopay.form.requiredTitle')} data-testid="autopay-required">
            {dueDay >= 1 && dueDay <= 31
              ? t('autopay.form.requiredWithDay', { day: dayLabel(dueDay) })
              : t('autopay.form.required')}
          </Alert>
        )}
        {schedule && <ChangeWindowNotice query={upcoming} locked={locked} id={windowId} />}

        {/* spec 2 §9: past the last change day every field is read-only (the server refuses any change) */}
        <Fieldset variant="unstyled" disabled={locked} data-testid="autopay-fields">
          <Stack gap="md">
            {withCharges && (
              <ChargeRows
                values={values.charges}
                onChange={(up) => {
                  chargesTouched.current = true;
                  change((v) => ({ ...v, charges: up(v.charges) }));
                }}
                codes={getChargeCodes(company)}
                errors={shown.charges}
                display={display}
              />
            )}

            <Dropdown
              type="autoPaymentDate"
              name="startDay"
              title={t('autopay.form.startDay')}
              description={t('autopay.form.startDayHint')}
              placeholder={t('autopay.form.chooseDay')}
              placeholderDisabled
              days={startDayOptions(lease)}
              value={values.startDay ? String(values.startDay) : ''}
              onChange={(value) => {
                const day = Number(value);
                change((v) => ({ ...v, startDay: Number.isInteger(day) && day > 0 ? day : null }));
              }}
              onRevalidate={() => void form.revalidate()}
              error={fieldError('startDay')}
              required
            />
            {padDay !== null && padDay !== values.startDay && (
              <Text size="sm" c="dimmed" role="note" data-testid="pad-note">
                {t('autopay.form.padMoved', { day: dayLabel(padDay) })}
              </Text>
            )}

            <MethodSelector
              lease={lease}
              methods={methods}
              currency={display.currency}
              methodsQuery={methodsQuery}
              selectedId={values.paymentMethodId}
              onSelect={(id) => change((v) => ({ ...v, paymentMethodId: id }))}
              // the autopay's fee is the schedule's own (the service-fee notice below), not a one-time amount's
              amountCents={0}
              canAdd={!saveBlock}
              error={shown.paymentMethodId ?? serverField('paymentMethodId')}
            />

            {showCustom && (
              <Stack gap="xs">
                <Checkbox
                  label={t('autopay.form.customAmount')}
                  description={
                    enforced
                      ? t('autopay.form.customAmountEnforced')
                      : customChecked
                        ? undefined
                        : t('autopay.form.balanceThenDue')
                  }
                  checked={customChecked}
                  disabled={enforced}
                  onChange={(e) => {
                    const checked = e.currentTarget.checked;
                    change((v) => ({ ...v, customAmountChecked: checked }));
                  }}
                />
                {customChecked && (
                  <AmountInput
                    label={t('autopay.form.monthlyAmount', { currency: display.currency })}
                    required
                    value={values.customAmount}
                    onChange={(amount) => change((v) => ({ ...v, customAmount: amount }))}
                    error={fieldError('customAmount')}
                  />
                )}
              </Stack>
            )}

            {chosen && <FeeNotice lease={lease} method={chosen} day={values.startDay} />}
          </Stack>
        </Fieldset>

        {check.softMaximum && (
          <Alert color="yellow" variant="light" role="note" title={t('autopay.form.softMaximumTitle')}>
            {t(check.softMaximum.key, check.softMaximum.values)}
          </Alert>
        )}

        {saveBlock && (
          <Alert color="yellow" variant="light" role="note" id={saveBlockId} data-testid="autopay-save-block">
            {t(saveBlock.key, saveBlock.values)}
          </Alert>
        )}
        {chargesError && (
          <Alert color="red" variant="light" role="alert" tabIndex={-1} data-refusal>
            {chargesError.map((m) => (
              <Text key={m.key} size="sm">
                {t(m.key, m.values)}
              </Text>
            ))}
          </Alert>
        )}
        {refusal?.alert && (
          <Alert color="red" variant="light" role="alert" tabIndex={-1} data-refusal>
            {t(refusal.alert.key, refusal.alert.values)}
          </Alert>
        )}

        <Group justify="space-between" gap="sm" wrap="wrap-reverse">
          <Group gap="sm">
            {schedule && showDisableAutopay(true, settings) && (
              <Button
                variant="subtle"
                color="red"
                onClick={() => setConfirm('disable')}
                disabled={busy || locked}
                aria-describedby={lockedUntil ? disableHintId : undefined}
              >
                {t('autopay.form.disable')}
              </Button>
            )}
            {schedule && lockedUntil && showDisableAutopay(true, settings) && (
              <Text size="sm" c="dimmed" id={disableHintId} data-testid="autopay-disable-locked">
                {t('autopay.form.disableLocked', { date: lockedUntil })}
              </Text>
            )}
          </Group>
          <Group gap="sm" justify="flex-end">
            {closable && (
              <Button variant="default" onClick={onClose} disabled={busy}>
                {t('common.close')}
              </Button>
            )}
            <Button
              type="submit"
              loading={busy && confirm !== 'disable'}
              disabled={!!saveBlock || locked || (submitted && !check.valid)}
              aria-describedby={saveBlock ? saveBlockId : locked ? windowId : undefined}
            >
              {t('autopay.form.save')}
            </Button>
          </Group>
        </Group>
      </Stack>

      <ConfirmDialog
        opened={confirm === 'softMaximum'}
        title={t('autopay.confirm.softMaximumTitle')}
        confirmLabel={t('autopay.confirm.softMaximumConfirm')}
        onConfirm={() => void save(true)}
        onCancel={() => setConfirm(null)}
      >
        {check.softMaximum ? t(check.softMaximum.key, check.softMaximum.values) : t('autopay.confirm.softMaximumText')}
      </ConfirmDialog>
      <ConfirmDialog
        opened={confirm === 'disable' && !locked}
        title={t('autopay.confirm.disableTitle')}
        confirmLabel={t('autopay.confirm.disableConfirm')}
        cancelLabel={t('autopay.confirm.disableCancel')}
        danger
        loading={update.isPending}
        error={disableError ? t(disableError.key, disableError.values) : null}
        onConfirm={onDisable}
        onCancel={() => {
          setDisableError(null);
          setConfirm(null);
        }}
      >
        {upcoming.data
          ? t('autopay.confirm.disableTextWithDate', { date: formatDate(upcoming.data.scheduledDate, lang) })
          : t('autopay.confirm.disableText')}
      </ConfirmDialog>
    </form>
  );
}
