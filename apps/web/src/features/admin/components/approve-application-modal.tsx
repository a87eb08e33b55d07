// The manager's approval of a PENDING application (admin until the manager console exists): the lease's start date
// (required), end date, unit, rent and payment due day, and a comment for the tenant. The rent is typed in the
// manager's language and read by the portal's one amount parser (issue 20 §1: "1 925,50" in French is 1925.50).

import { Alert, Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { isValidIsoDate } from '@portal/domain/dates';
import { fromCents, type MoneyLocale } from '@portal/domain/money';
import { parseAmountInput } from '@portal/domain/money-input';
import type { MessageRef } from '@portal/domain/rule';
import { AmountInput } from '../../../components/amount-input';
import { DateField } from '../../../components/date-field';
import { FormInput } from '../../../components/form/form-input';
import { type FormErrors, messageText, useForm } from '../../../components/form/use-form';
import { useErrorMessage } from '../../../components/query-state';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import type { ApproveApplicationBody } from '../api/types';

const FOCUS_FALLBACKS = ['[role="alert"]'];

interface FormValues {
  startDate: string;
  endDate: string;
  unit: string;
  /** As typed (read in the manager's language). */
  rentAmount: string;
  monthlyPaymentDueDay: number | string;
  comment: string;
}

interface Props {
  opened: boolean;
  applicantName: string;
  propertyName: string;
  submitting: boolean;
  error: unknown;
  onSubmit: (body: ApproveApplicationBody) => void;
  onClose: () => void;
}

/** The rent's refusal: the amount parser's (ambiguous, decimals, digits...), or above 0; a blank rent is left out. */
export function rentAmountError(text: string, locale: MoneyLocale): MessageRef | null {
  if (text.trim() === '') return null;
  const parsed = parseAmountInput(text, locale);
  if (!parsed.ok) return { key: parsed.key, values: parsed.values };
  return parsed.cents > 0 ? null : { key: 'admin.applications.errors.rentAmount' as MessageRef['key'] };
}

/** The form's values as the approve call's body (blank optional fields left out; the rent as a JSON decimal). */
export function approveBody(v: FormValues, locale: MoneyLocale): ApproveApplicationBody {
  const body: ApproveApplicationBody = { startDate: v.startDate };
  if (v.endDate) body.endDate = v.endDate;
  if (v.unit.trim()) body.unit = v.unit.trim();
  const rent = parseAmountInput(v.rentAmount, locale);
  if (rent.ok) body.rentAmount = fromCents(rent.cents);
  if (v.monthlyPaymentDueDay !== '' && v.monthlyPaymentDueDay != null) body.monthlyPaymentDueDay = Number(v.monthlyPaymentDueDay);
  if (v.comment.trim()) body.comment = v.comment.trim();
  return body;
}

/** The approval's checks (the start date required and a real date (no 30 February), the end after it, the rent, the due day 1–31). */
export function approveErrors(v: FormValues, locale: MoneyLocale): FormErrors<FormValues> {
  const errors: FormErrors<FormValues> = {};
  if (!v.startDate) errors.startDate = { key: 'admin.applications.errors.startDateRequired' };
  else if (!isValidIsoDate(v.startDate)) errors.startDate = { key: 'admin.applications.errors.dateFormat' };
  if (v.endDate) {
    if (!isValidIsoDate(v.endDate)) errors.endDate = { key: 'admin.applications.errors.dateFormat' };
    else if (v.startDate && v.endDate <= v.startDate) errors.endDate = { key: 'admin.applications.errors.endBeforeStart' };
  }
  const rent = rentAmountError(v.rentAmount, locale);
  if (rent) errors.rentAmount = rent;
  const day = v.monthlyPaymentDueDay;
  if (day !== '' && day != null && !(Number.isInteger(Number(day)) && Number(day) >= 1 && Number(day) <= 31))
    errors.monthlyPaymentDueDay = { key: 'admin.applications.errors.dueDay' };
  return errors;
}

const EMPTY: FormValues = { startDate: '', endDate: '', unit: '', rentAmount: '', monthlyPaymentDueDay: '', comment: '' };

export function ApproveApplicationModal({ opened, applicantName, propertyName, submitting, error, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const messageOf = useErrorMessage();
  // issue 21 §3: the portal's one form state and focus rule (a refusal without a field in error focuses the alert)
  const form = useForm<FormValues>({
    initialValues: EMPTY,
    validate: (v) => approveErrors(v, lang),
    focusFallbacks: FOCUS_FALLBACKS,
  });
  const rent = form.bind('rentAmount');
  const dueDay = form.bind('monthlyPaymentDueDay');
  const onFormSubmit = form.handleSubmit((values) => onSubmit(approveBody(values, lang)));

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!submitting) onClose();
      }}
      title={t('admin.applications.approveTitle', { name: applicantName })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form noValidate onSubmit={(e) => void onFormSubmit(e)}>
        <Stack gap="sm">
          <Text size="sm">{t('admin.applications.approveIntro', { property: propertyName })}</Text>
          {/* spec 2 §4/§5: typed yyyy-mm-dd and spelled back DD-MMM-YYYY in the portal's language; approveErrors
              judges them on submit, as before */}
          <DateField {...form.bind('startDate')} title={t('admin.applications.fields.startDate')} required data-autofocus />
          <DateField {...form.bind('endDate')} title={t('admin.applications.fields.endDate')} />
          <FormInput {...form.bind('unit')} title={t('admin.applications.fields.unit')} limit={50} />
          <AmountInput
            name={rent.name}
            value={rent.value}
            onChange={rent.onChange}
            onBlur={rent.onRevalidate}
            label={t('admin.applications.fields.rentAmount')}
            error={messageText(t, rent.error)}
          />
          <NumberInput
            name={dueDay.name}
            value={dueDay.value}
            onChange={dueDay.onChange}
            label={t('admin.applications.fields.dueDay')}
            min={1}
            max={31}
            allowDecimal={false}
            error={messageText(t, dueDay.error)}
          />
          <Textarea
            name="comment"
            label={t('admin.applications.fields.comment')}
            maxLength={500}
            rows={3}
            value={form.values.comment}
            onChange={(e) => form.setValue('comment', e.currentTarget.value)}
          />
          {error != null && (
            <Alert color="red" variant="light" role="alert">
              {messageOf(error)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={submitting}>
              {t('admin.applications.approve')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
