// issue 23 "Charges": the console's modal posting a one-off charge or a credit on a lease (POST /open_charge/create),
// opened by the lease page and the ledger page. The code is one of the company's charge codes (or the spec's default
// codes, spec 1 §3), the amount is read in the user's language by the portal's one amount parser (AmountInput:
// "1 234,56" in French), a charge needs its due date. A refusal shows on its field (the server's text, in the user's
// language) and the house focus rule applies (the first invalid field, else the alert).
import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { isValidIsoDate } from '@portal/domain/dates';
import { fromCents, type MoneyLocale } from '@portal/domain/money';
import { parseAmountInput } from '@portal/domain/money-input';
import { type ChargeCode, OVERPAYMENT_LIMIT_CENTS } from '@portal/domain/payment-amounts';
import { useEffect, useMemo, useState } from 'react';
import { AmountInput } from '../../../components/amount-input';
import { DateField } from '../../../components/date-field';
import { Dropdown } from '../../../components/form/dropdown';
import { type FormErrors, type FormMessage, messageText, useForm } from '../../../components/form/use-form';
import { useErrorMessage } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-client';
import { chargeName } from '../../../lib/charge-name';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { type PostChargeBody, type PostChargeResult, type PostKind, useChargeCodes, usePostCharge } from './api/charges';

export interface PostChargeModalProps {
  leaseId: string;
  companyId: string;
  opened: boolean;
  onClose: () => void;
  /** Told the server's answer (the new charge or credit, the lease's balance and unapplied credit) before closing. */
  onPosted?: (result: PostChargeResult) => void;
}

export interface PostChargeValues {
  kind: PostKind;
  code: string;
  /** As typed (read in the user's language). */
  amount: string;
  dueDate: string;
  description: string;
}

const FIELDS = ['kind', 'code', 'amount', 'dueDate', 'description'] as const;
const FOCUS_FALLBACKS = ['[role="alert"]'];
export const DESCRIPTION_LIMIT = 500;

const localToday = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

const initialValues = (): PostChargeValues => ({ kind: 'CHARGE', code: '', amount: '', dueDate: localToday(), description: '' });

/** The form's checks: a code of the list, an amount above 0 and at most 100000 (spec 1 §9), a charge's due date. */
export function postChargeErrors(
  v: PostChargeValues,
  locale: MoneyLocale,
  codes: readonly ChargeCode[],
): FormErrors<PostChargeValues> {
  const errors: FormErrors<PostChargeValues> = {};
  if (!codes.some((c) => c.code === v.code)) errors.code = { key: 'admin.charges.errors.codeRequired' };
  const amount = parseAmountInput(v.amount, locale);
  if (!amount.ok)
    errors.amount =
      amount.refusal === 'empty' ? { key: 'admin.charges.errors.amountPositive' } : { key: amount.key, values: amount.values };
  else if (amount.cents <= 0) errors.amount = { key: 'admin.charges.errors.amountPositive' };
  else if (amount.cents > OVERPAYMENT_LIMIT_CENTS) errors.amount = { key: 'admin.charges.errors.amountMax' };
  if (v.kind === 'CHARGE') {
    if (!v.dueDate) errors.dueDate = { key: 'admin.charges.errors.dueDateRequired' };
    else if (!isValidIsoDate(v.dueDate)) errors.dueDate = { key: 'admin.charges.errors.dateFormat' };
  }
  if (v.description.trim().length > DESCRIPTION_LIMIT) errors.description = { key: 'admin.charges.errors.descriptionLong' };
  return errors;
}

/** The form's values as the call's body (the amount as a JSON decimal; a credit has no due date). */
export function postChargeBody(leaseId: string, v: PostChargeValues, locale: MoneyLocale): PostChargeBody {
  const amount = parseAmountInput(v.amount, locale);
  const body: PostChargeBody = { leaseId, kind: v.kind, code: v.code, amount: amount.ok ? fromCents(amount.cents) : 0 };
  if (v.kind === 'CHARGE') body.dueDate = v.dueDate;
  if (v.description.trim()) body.description = v.description.trim();
  return body;
}

export function PostChargeModal({ leaseId, companyId, opened, onClose, onPosted }: PostChargeModalProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const messageOf = useErrorMessage();
  const codesQuery = useChargeCodes(companyId, leaseId, opened);
  const codes = codesQuery.data ?? [];
  const post = usePostCharge();
  const [alert, setAlert] = useState<string | null>(null);
  const form = useForm<PostChargeValues>({
    initialValues,
    validate: (v) => postChargeErrors(v, lang, codes),
    focusFallbacks: FOCUS_FALLBACKS,
  });
  const { reset } = form;

  // each opening starts afresh (a charge, today's date)
  useEffect(() => {
    if (opened) {
      reset(initialValues());
      setAlert(null);
    }
  }, [opened, reset]);

  const items = useMemo(() => codes.map((c) => ({ value: c.code, label: chargeName(t, c) })), [codes, t]);
  const busy = form.submitting || post.isPending;
  const close = () => {
    if (!busy) onClose();
  };

  const showRefusal = (err: unknown) => {
    if (err instanceof ApiError && err.errorCode === 'RM_ERROR_RECORD_VALIDATION') {
      const onFields = err.fieldErrors.filter((f) => (FIELDS as readonly string[]).includes(f.field));
      if (onFields.length > 0) {
        for (const f of onFields) form.setFieldError(f.field as (typeof FIELDS)[number], { serverText: f.message });
        form.focusInvalid();
        return;
      }
    }
    setAlert(messageOf(err));
    form.focusInvalid();
  };

  const onSubmit = form.handleSubmit(async (v) => {
    setAlert(null);
    try {
      const result = await post.mutateAsync(postChargeBody(leaseId, v, lang));
      onPosted?.(result);
      onClose();
    } catch (err) {
      showRefusal(err);
    }
  });

  const kind = form.values.kind;
  const code = form.bind('code');
  const amount = form.bind('amount');
  const err = (m: FormMessage | undefined) => messageText(t, m);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('admin.charges.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form noValidate ref={form.formRef} onSubmit={(e) => void onSubmit(e)}>
        <Stack gap="sm">
          <Radio.Group
            name="kind"
            label={t('admin.charges.kind')}
            value={kind}
            onChange={(value) => form.setValue('kind', value as PostKind)}
            description={t(`admin.charges.kindHelp.${kind}`)}
          >
            <Group gap="lg" mt={4}>
              <Radio value="CHARGE" label={t('admin.charges.kinds.CHARGE')} data-autofocus />
              <Radio value="CREDIT" label={t('admin.charges.kinds.CREDIT')} />
            </Group>
          </Radio.Group>
          {codesQuery.isPending && opened ? (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm">{t('common.loading')}</Text>
            </Group>
          ) : codesQuery.isError ? (
            <Alert color="red" variant="light" role="alert">
              {t('admin.charges.loadFailed')}
            </Alert>
          ) : (
            <Dropdown
              type="chargeCodes"
              name={code.name}
              value={code.value}
              onChange={code.onChange}
              onRevalidate={code.onRevalidate}
              error={code.error}
              title={t('admin.charges.code')}
              items={items}
              placeholder
              placeholderDisabled
              required
            />
          )}
          <AmountInput
            name={amount.name}
            value={amount.value}
            onChange={amount.onChange}
            onBlur={amount.onRevalidate}
            label={t('admin.charges.amount')}
            required
            error={err(amount.error)}
          />
          {kind === 'CHARGE' && <DateField {...form.bind('dueDate')} title={t('admin.charges.dueDate')} required />}
          <Textarea
            name="description"
            label={t('admin.charges.description')}
            maxLength={DESCRIPTION_LIMIT}
            rows={2}
            value={form.values.description}
            onChange={(e) => form.setValue('description', e.currentTarget.value)}
            error={err(form.error('description'))}
          />
          {alert && (
            <Alert color="red" variant="light" role="alert" tabIndex={-1}>
              {alert}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={codesQuery.isError}>
              {t(`admin.charges.submit.${kind}`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
