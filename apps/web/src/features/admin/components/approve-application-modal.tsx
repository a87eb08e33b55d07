// The manager's approval of a PENDING application (admin until the manager console exists): the lease's start date
// (required), end date, unit, rent and payment due day, and a comment for the tenant. The rent is typed in the
// manager's language and read by the portal's one amount parser (issue 20 §1: "1 925,50" in French is 1925.50).
import { Alert, Button, Group, Modal, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { fromCents, type MoneyLocale } from '@portal/domain/money';
import { parseAmountInput } from '@portal/domain/money-input';
import type { MessageRef } from '@portal/domain/rule';
import { useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { AmountInput } from '../../../components/amount-input';
import { useErrorMessage } from '../../../components/query-state';
import { useFocusFirstInvalid } from '../../../components/use-focus-first-invalid';
import { formatIsoDateInput } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import type { ApproveApplicationBody } from '../api/types';

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const FOCUS_FALLBACKS = ['[role="alert"]'] as const;

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

export function ApproveApplicationModal({ opened, applicantName, propertyName, submitting, error, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const messageOf = useErrorMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef, FOCUS_FALLBACKS);
  const { control, register, handleSubmit, getValues, formState } = useForm<FormValues>({
    defaultValues: { startDate: '', endDate: '', unit: '', rentAmount: '', monthlyPaymentDueDay: '', comment: '' },
  });
  const errors = formState.errors;
  const msg = (key: string | undefined) => (key ? t(key) : undefined);

  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!submitting) onClose();
      }}
      title={t('admin.applications.approveTitle', { name: applicantName })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form ref={formRef} noValidate onSubmit={handleSubmit((values) => onSubmit(approveBody(values, lang)), focusFirstInvalid)}>
        <Stack gap="sm">
          <Text size="sm">{t('admin.applications.approveIntro', { property: propertyName })}</Text>
          <Controller
            control={control}
            name="startDate"
            rules={{
              validate: (v) =>
                !v ? 'admin.applications.errors.startDateRequired' : ISO_DATE.test(v) || 'admin.applications.errors.dateFormat',
            }}
            render={({ field }) => (
              <TextInput
                {...field}
                onChange={(e) => field.onChange(formatIsoDateInput(e.currentTarget.value))}
                label={t('admin.applications.fields.startDate')}
                placeholder={t('common.datePlaceholder')}
                inputMode="numeric"
                required
                data-autofocus
                error={msg(errors.startDate?.message)}
              />
            )}
          />
          <Controller
            control={control}
            name="endDate"
            rules={{
              validate: (v) => {
                if (!v) return true;
                if (!ISO_DATE.test(v)) return 'admin.applications.errors.dateFormat';
                const start = getValues('startDate');
                return !start || v > start || 'admin.applications.errors.endBeforeStart';
              },
            }}
            render={({ field }) => (
              <TextInput
                {...field}
                onChange={(e) => field.onChange(formatIsoDateInput(e.currentTarget.value))}
                label={t('admin.applications.fields.endDate')}
                placeholder={t('common.datePlaceholder')}
                inputMode="numeric"
                error={msg(errors.endDate?.message)}
              />
            )}
          />
          <TextInput label={t('admin.applications.fields.unit')} maxLength={50} {...register('unit')} />
          <Controller
            control={control}
            name="rentAmount"
            rules={{ validate: (v) => rentAmountError(v, lang)?.key ?? true }}
            render={({ field }) => {
              const refusal = errors.rentAmount ? rentAmountError(field.value, lang) : null;
              return (
                <AmountInput
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  label={t('admin.applications.fields.rentAmount')}
                  error={refusal ? t(refusal.key, refusal.values) : undefined}
                />
              );
            }}
          />
          <Controller
            control={control}
            name="monthlyPaymentDueDay"
            rules={{
              validate: (v) =>
                v === '' ||
                v == null ||
                (Number.isInteger(Number(v)) && Number(v) >= 1 && Number(v) <= 31) ||
                'admin.applications.errors.dueDay',
            }}
            render={({ field }) => (
              <NumberInput
                {...field}
                label={t('admin.applications.fields.dueDay')}
                min={1}
                max={31}
                allowDecimal={false}
                error={msg(errors.monthlyPaymentDueDay?.message)}
              />
            )}
          />
          <Textarea label={t('admin.applications.fields.comment')} maxLength={500} rows={3} {...register('comment')} />
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
