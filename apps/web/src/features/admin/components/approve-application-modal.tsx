// The manager's approval of a PENDING application (admin until the manager console exists): the lease's start date
// (required), end date, unit, rent and payment due day, and a comment for the tenant.
import { Alert, Button, Group, Modal, NumberInput, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useErrorMessage } from '../../../components/query-state';
import { useFocusFirstInvalid } from '../../../components/use-focus-first-invalid';
import { formatIsoDateInput } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import type { ApproveApplicationBody } from '../api/types';

const ISO_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const FOCUS_FALLBACKS = ['[role="alert"]'] as const;

interface FormValues {
  startDate: string;
  endDate: string;
  unit: string;
  rentAmount: number | string;
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

/** The form's values as the approve call's body (blank optional fields left out). */
export function approveBody(v: FormValues): ApproveApplicationBody {
  const body: ApproveApplicationBody = { startDate: v.startDate };
  if (v.endDate) body.endDate = v.endDate;
  if (v.unit.trim()) body.unit = v.unit.trim();
  if (v.rentAmount !== '' && v.rentAmount != null) body.rentAmount = Number(v.rentAmount);
  if (v.monthlyPaymentDueDay !== '' && v.monthlyPaymentDueDay != null) body.monthlyPaymentDueDay = Number(v.monthlyPaymentDueDay);
  if (v.comment.trim()) body.comment = v.comment.trim();
  return body;
}

export function ApproveApplicationModal({ opened, applicantName, propertyName, submitting, error, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
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
      <form ref={formRef} noValidate onSubmit={handleSubmit((values) => onSubmit(approveBody(values)), focusFirstInvalid)}>
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
            rules={{
              validate: (v) =>
                v === '' ||
                v == null ||
                (Number(v) > 0 && /^\d{1,8}(\.\d{1,2})?$/.test(String(v))) ||
                'admin.applications.errors.rentAmount',
            }}
            render={({ field }) => (
              <NumberInput
                {...field}
                label={t('admin.applications.fields.rentAmount')}
                min={0}
                decimalScale={2}
                hideControls
                error={msg(errors.rentAmount?.message)}
              />
            )}
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
