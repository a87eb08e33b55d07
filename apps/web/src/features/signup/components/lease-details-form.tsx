// spec 1 §2 Lease-details modal / spec 2 §2, §5: property (chosen before), account id or customer number, unit,
// residency type, start date (required), end date (not before the start), payment due day (1–31).
import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { RESIDENCY_TYPES } from '@portal/domain/entities';
import { buildSelfSignupPayload, type LeaseDetails, leaseDetailsSchema, type SignupUser } from '@portal/domain/signup';
import { useEffect, useState } from 'react';
import { DateField } from '../../../components/date-field';
import { FormInput } from '../../../components/form/form-input';
import { messageText, useForm } from '../../../components/form/use-form';
import { zodErrors } from '../../../components/form/zod-errors';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { propertyAddress, type SignupProperty } from '../api/search-properties';
import { type SelfSignupAnswer, useSelfSignupLease } from '../api/self-signup-lease';

type DetailsField = 'accountId' | 'unit' | 'residencyType' | 'startDate' | 'endDate' | 'paymentDue';
type DetailsValues = Record<DetailsField, string>;

export interface LeaseDetailsFormProps {
  property: SignupProperty;
  user: SignupUser | null;
  /** The integration case: the customer number stands for the account id and the lease names the external property. */
  integration?: { companyId: string; externalPropertyId: string; customerNumber: string; unit?: string | null } | null;
  onDone: (answer: SelfSignupAnswer) => void;
  onBack: () => void;
  onSubmittingChange?: (submitting: boolean) => void;
}

export function LeaseDetailsForm({ property, user, integration, onDone, onBack, onSubmittingChange }: LeaseDetailsFormProps) {
  const { t } = useTranslation();
  const submit = useSelfSignupLease();
  // issue 21 §3: the portal's one form state, checked by the domain's schema the server applies (leaseDetailsSchema)
  const form = useForm<DetailsValues>({
    initialValues: () => ({
      accountId: integration?.customerNumber ?? '',
      unit: integration?.unit ?? '',
      residencyType: '',
      startDate: '',
      endDate: '',
      paymentDue: '',
    }),
    validate: (v) => zodErrors(leaseDetailsSchema, v),
  });
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => onSubmittingChange?.(submit.isPending), [submit.isPending, onSubmittingChange]);

  const onSubmit = form.handleSubmit(
    (v) => {
      setFailure(null);
      if (!user) return setFailure(t('signup.errors.generic'));
      const details: LeaseDetails = leaseDetailsSchema.parse(v);
      const payload = buildSelfSignupPayload({
        details,
        propertyId: property.id,
        user,
        integration: integration
          ? { companyId: integration.companyId, externalPropertyId: integration.externalPropertyId }
          : null,
      });
      submit.mutate(payload, {
        onSuccess: onDone,
        // spec 2 §8: sign-up failure → the message as an alert; no completion message
        onError: (error) => setFailure(error instanceof ApiError ? error.message : t('signup.errors.network')),
      });
    },
    () => setFailure(null),
  );
  const residency = form.bind('residencyType');

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={submit.isPending}>
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
          <FormInput
            {...form.bind('accountId')}
            title={integration ? t('signup.details.customerNumber') : t('signup.details.accountId')}
            readOnly={!!integration}
            limit={64}
          />
          <FormInput {...form.bind('unit')} title={t('signup.details.unit')} limit={32} />
        </SimpleGrid>
        <NativeSelect
          name="residencyType"
          label={t('signup.details.residencyType')}
          value={residency.value}
          onChange={(e) => residency.onChange(e.currentTarget.value)}
          error={messageText(t, residency.error)}
          data={[
            { value: '', label: t('signup.details.residencyChoose') },
            ...RESIDENCY_TYPES.map((r) => ({ value: r, label: t(`signup.residency.${r}`) })),
          ]}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          {/* spec 2 §4/§5: typed yyyy-mm-dd and spelled back DD-MMM-YYYY in the portal's language (a native date
              input follows the browser's locale); leaseDetailsSchema judges them on submit, as before */}
          <DateField {...form.bind('startDate')} title={t('signup.details.startDate')} required />
          <DateField {...form.bind('endDate')} title={t('signup.details.endDate')} />
        </SimpleGrid>
        <FormInput
          {...form.bind('paymentDue')}
          type="digits"
          autoComplete={undefined}
          title={t('signup.details.paymentDue')}
          description={t('signup.details.paymentDueHint')}
          limit={2}
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
