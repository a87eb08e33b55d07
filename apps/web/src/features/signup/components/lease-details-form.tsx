// spec 1 §2 Lease-details modal / spec 2 §2, §5: property (chosen before), account id or customer number, unit,
// residency type, start date (required), end date (not before the start), payment due day (1–31).
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { RESIDENCY_TYPES } from '@portal/domain/entities';
import { buildSelfSignupPayload, type LeaseDetails, leaseDetailsSchema, type SignupUser } from '@portal/domain/signup';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { propertyAddress, type SignupProperty } from '../api/search-properties';
import { type SelfSignupAnswer, useSelfSignupLease } from '../api/self-signup-lease';

type DetailsField = 'accountId' | 'unit' | 'residencyType' | 'startDate' | 'endDate' | 'paymentDue';
type DetailsValues = Record<DetailsField, string>;
const FIELD_ORDER: DetailsField[] = ['accountId', 'unit', 'residencyType', 'startDate', 'endDate', 'paymentDue'];

export interface LeaseDetailsFormProps {
  property: SignupProperty;
  user: SignupUser | null;
  /** The integration case: the customer number stands for the account id and the lease names the external property. */
  integration?: { companyId: string; externalPropertyId: string; customerNumber: string; unit?: string | null } | null;
  onDone: (answer: SelfSignupAnswer) => void;
  onBack: () => void;
  onSubmittingChange?: (submitting: boolean) => void;
}

/** The zod issues of the lease details, one message key per field. */
export function leaseDetailsErrors(values: DetailsValues): Partial<Record<DetailsField, string>> {
  const parsed = leaseDetailsSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<DetailsField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as DetailsField;
    errors[field] ??= issue.message;
  }
  return errors;
}

export function LeaseDetailsForm({ property, user, integration, onDone, onBack, onSubmittingChange }: LeaseDetailsFormProps) {
  const { t } = useTranslation();
  const submit = useSelfSignupLease();
  const [values, setValues] = useState<DetailsValues>({
    accountId: integration?.customerNumber ?? '',
    unit: integration?.unit ?? '',
    residencyType: '',
    startDate: '',
    endDate: '',
    paymentDue: '',
  });
  const [submitted, setSubmitted] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<DetailsField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const refs = useRef<Partial<Record<DetailsField, HTMLInputElement | HTMLSelectElement | null>>>({});

  useEffect(() => onSubmittingChange?.(submit.isPending), [submit.isPending, onSubmittingChange]);

  const update = (field: DetailsField, value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) setErrors(leaseDetailsErrors(next));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    const found = leaseDetailsErrors(values);
    setErrors(found);
    const first = FIELD_ORDER.find((f) => found[f]);
    if (first) return refs.current[first]?.focus();
    if (!user) return setFailure(t('signup.errors.generic'));
    const details: LeaseDetails = leaseDetailsSchema.parse(values);
    const payload = buildSelfSignupPayload({
      details,
      propertyId: property.id,
      user,
      integration: integration ? { companyId: integration.companyId, externalPropertyId: integration.externalPropertyId } : null,
    });
    submit.mutate(payload, {
      onSuccess: onDone,
      // spec 2 §8: sign-up failure → the message as an alert; no completion message
      onError: (error) => setFailure(error instanceof ApiError ? error.message : t('signup.errors.network')),
    });
  };

  const bind = (field: DetailsField) => ({
    ref: (el: HTMLInputElement | null) => {
      refs.current[field] = el;
    },
    name: field,
    value: values[field],
    error: errors[field] ? t(errors[field]) : undefined,
    onChange: (e: { currentTarget: HTMLInputElement }) => update(field, e.currentTarget.value),
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={submit.isPending}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert" variant="light">
            {failure}
          </Alert>
        )}
        <TextInput
          label={t('signup.details.property')}
          value={`${property.propertyName} — ${propertyAddress(property)}`}
          readOnly
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            {...bind('accountId')}
            label={integration ? t('signup.details.customerNumber') : t('signup.details.accountId')}
            readOnly={!!integration}
            maxLength={64}
          />
          <TextInput {...bind('unit')} label={t('signup.details.unit')} maxLength={32} />
        </SimpleGrid>
        <NativeSelect
          ref={(el) => {
            refs.current.residencyType = el;
          }}
          name="residencyType"
          label={t('signup.details.residencyType')}
          value={values.residencyType}
          onChange={(e) => update('residencyType', e.currentTarget.value)}
          data={[
            { value: '', label: t('signup.details.residencyChoose') },
            ...RESIDENCY_TYPES.map((r) => ({ value: r, label: t(`signup.residency.${r}`) })),
          ]}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput {...bind('startDate')} type="date" label={t('signup.details.startDate')} placeholder="yyyy-mm-dd" required />
          <TextInput
            {...bind('endDate')}
            type="date"
            label={t('signup.details.endDate')}
            placeholder="yyyy-mm-dd"
            min={values.startDate || undefined}
          />
        </SimpleGrid>
        <TextInput
          {...bind('paymentDue')}
          label={t('signup.details.paymentDue')}
          description={t('signup.details.paymentDueHint')}
          inputMode="numeric"
          maxLength={2}
        />
        <Group justify="space-between" wrap="wrap-reverse" gap="sm">
          <Button variant="default" onClick={onBack} disabled={submit.isPending}>
            {t('signup.back')}
          </Button>
          <Button type="submit" loading={submit.isPending}>
            {t('signup.details.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
