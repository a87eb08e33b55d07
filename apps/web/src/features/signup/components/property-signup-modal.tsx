// spec 2 §2 "Apply-now popup and property sign-up", onboarding side (originType TYPE_ON_BOARDING_PAGE): find the
// property (by postal code, or by customer number with an integration), enter the lease details, see the completion.
import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { OnBoardingPage } from '@portal/domain/api-shapes';
import { MSG } from '@portal/domain/message-keys';
import { customerNumberSchema, type SignupUser } from '@portal/domain/signup';
import { useCallback, useEffect, useRef, useState } from 'react';
import { FormInput } from '../../../components/form/form-input';
import { useForm } from '../../../components/form/use-form';
import { ApiError } from '../../../lib/api-client';
import { HELP_CENTRE_URL } from '../../../lib/help-centre';
import { useTranslation } from '../../../lib/i18n';
import { searchIntegrationProperty, searchIntegrationTenant } from '../api/integration';
import type { SignupProperty } from '../api/search-properties';
import type { SelfSignupAnswer } from '../api/self-signup-lease';
import { CantFindModal } from './cant-find-modal';
import { LeaseDetailsForm, type LeaseDetailsFormProps } from './lease-details-form';
import { PropertySearch } from './property-search';

type Step =
  | { name: 'search' }
  | { name: 'customerNumber' }
  | { name: 'details'; property: SignupProperty; integration: LeaseDetailsFormProps['integration'] }
  | { name: 'complete'; property: SignupProperty; answer: SelfSignupAnswer };

export interface PropertySignupModalProps {
  opened: boolean;
  /** Closed without joining (the popup stays hidden for this browser session). */
  onClose: () => void;
  /** The completion message was closed: the sign-up is over (spec 2 §2: closing it goes to the dashboard). */
  onCompleted: () => void;
  page: OnBoardingPage;
  user: SignupUser | null;
}

export function PropertySignupModal({ opened, onClose, onCompleted, page, user }: PropertySignupModalProps) {
  const { t } = useTranslation();
  const first: Step = page.integration ? { name: 'customerNumber' } : { name: 'search' };
  const [step, setStep] = useState<Step>(first);
  const [submitting, setSubmitting] = useState(false);
  const [cantFindOpen, setCantFindOpen] = useState(false);
  const body = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus goes into each step as it replaces the previous one
  useEffect(() => {
    if (!opened) return;
    const target = body.current?.querySelector<HTMLElement>('[data-autofocus]');
    target?.focus();
  }, [step, opened]);

  const close = () => {
    if (submitting) return;
    if (step.name === 'complete') onCompleted();
    else onClose();
  };
  const onSubmittingChange = useCallback((value: boolean) => setSubmitting(value), []);

  const title =
    step.name === 'details'
      ? t('signup.details.title')
      : step.name === 'complete'
        ? t('signup.complete.title')
        : t('signup.join.title', { company: page.companyName });

  return (
    <>
      <Modal
        opened={opened}
        onClose={close}
        title={title}
        size="lg"
        closeOnEscape={!submitting}
        closeOnClickOutside={!submitting}
        withCloseButton={!submitting}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <div ref={body}>
          {step.name === 'search' && (
            <Stack gap="md">
              <Text size="sm">{t('signup.join.intro')}</Text>
              {!page.autoApproval && <WithoutAutoApproval />}
              <PropertySearch
                source={{ kind: 'company', companyId: page.companyId }}
                actions={(property) => (
                  <Button
                    size="xs"
                    onClick={() => setStep({ name: 'details', property, integration: null })}
                    aria-label={t('signup.join.selectNamed', { name: property.propertyName })}
                  >
                    {t('signup.join.select')}
                  </Button>
                )}
              />
              <HelpLinks onCantFind={() => setCantFindOpen(true)} />
            </Stack>
          )}
          {step.name === 'customerNumber' && page.integration && (
            <Stack gap="md">
              {!page.autoApproval && <WithoutAutoApproval />}
              <CustomerNumberSearch
                integrationId={page.integration.id}
                onFound={(property, customer) =>
                  setStep({
                    name: 'details',
                    property,
                    integration: {
                      companyId: page.companyId,
                      externalPropertyId: customer.externalPropertyId,
                      customerNumber: customer.customerNumber,
                      unit: customer.unit,
                    },
                  })
                }
              />
              <HelpLinks onCantFind={() => setCantFindOpen(true)} />
            </Stack>
          )}
          {step.name === 'details' && (
            <Stack gap="md">
              {!page.autoApproval && <WithoutAutoApproval />}
              <LeaseDetailsForm
                property={step.property}
                user={user}
                integration={step.integration}
                onBack={() => setStep(first)}
                onSubmittingChange={onSubmittingChange}
                onDone={(answer) => {
                  // the form unmounts with the step: its submitting flag ends here
                  setSubmitting(false);
                  setStep({ name: 'complete', property: step.property, answer });
                }}
              />
            </Stack>
          )}
          {step.name === 'complete' && (
            <Stack gap="md">
              <Alert color={step.answer.autoApproved ? 'green' : 'blue'} variant="light" role="status">
                {step.answer.autoApproved
                  ? t(step.answer.payable ? 'signup.complete.active' : 'signup.complete.activeManagerPays', {
                      property: step.property.propertyName,
                    })
                  : t('signup.complete.pending', { property: step.property.propertyName })}
              </Alert>
              <Group justify="flex-end">
                <Button onClick={close} data-autofocus>
                  {t('signup.complete.close')}
                </Button>
              </Group>
            </Stack>
          )}
        </div>
      </Modal>
      <CantFindModal opened={cantFindOpen} onClose={() => setCantFindOpen(false)} />
    </>
  );
}

/** spec 2 §2: when the onboarding page has no auto-approval, the without-auto-approval message. */
export function WithoutAutoApproval() {
  const { t } = useTranslation();
  return (
    <Alert color="blue" variant="light">
      {t('signup.join.withoutAutoApproval')}
    </Alert>
  );
}

function HelpLinks({ onCantFind }: { onCantFind: () => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Anchor component="button" type="button" size="sm" onClick={onCantFind}>
        {t('signup.cantFind.open')}
      </Anchor>
      <Anchor href={HELP_CENTRE_URL} target="_blank" rel="noopener noreferrer" size="sm">
        {t('signup.cantFind.helpCentre')}
      </Anchor>
    </Group>
  );
}

/** spec 2 §2 / §5: the customer-number search of the integration case (customer number required). */
function CustomerNumberSearch({
  integrationId,
  onFound,
}: {
  integrationId: string;
  onFound: (
    property: SignupProperty,
    customer: { externalPropertyId: string; customerNumber: string; unit: string | null },
  ) => void;
}) {
  const { t } = useTranslation();
  // issue 21 §3: the portal's one form state; the customer number is checked by the domain's schema (required, SAP)
  const form = useForm<{ customerNumber: string }>({
    initialValues: { customerNumber: '' },
    validate: (v) => {
      const parsed = customerNumberSchema.safeParse(v.customerNumber);
      return parsed.success ? {} : { customerNumber: { key: parsed.error.issues[0]?.message ?? MSG.requiredField } };
    },
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const onSubmit = form.handleSubmit(
    async ({ customerNumber }) => {
      setFailure(null);
      setPending(true);
      try {
        const tenants = await searchIntegrationTenant({
          integrationId,
          customerNumber: customerNumberSchema.parse(customerNumber),
        });
        const customer = tenants.records[0];
        if (!customer) throw new Error(t('signup.integration.notFound'));
        const properties = await searchIntegrationProperty({ integrationId, externalPropertyId: customer.externalPropertyId });
        const property = properties.records[0];
        if (!property) throw new Error(t('signup.integration.noProperty'));
        onFound(property, customer);
      } catch (err) {
        // spec 2 §8: SAP "not found" messages as alerts (the server's message, in the caller's language)
        setFailure(
          err instanceof ApiError || (err instanceof Error && !(err instanceof TypeError))
            ? err.message
            : t('signup.errors.network'),
        );
      } finally {
        setPending(false);
      }
    },
    () => setFailure(null),
  );

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={pending}>
      <Stack gap="sm">
        <Text size="sm">{t('signup.integration.intro')}</Text>
        {failure && (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        )}
        <FormInput
          {...form.bind('customerNumber')}
          title={t('signup.integration.customerNumber')}
          required
          data-autofocus
          limit={64}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={pending}>
            {t('signup.integration.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
