// The multi-step application (spec 2 §2 / §3 "Lease application" / §4 "Applications"): the page's steps in order, each
// checked by the domain's rules on Next and saved (so Resume comes back where the tenant left off, with the server's
// progress), Save for later on every step, and Submit on the last (the fee charged then, once: one Idempotency-Key
// per attempt, reused when the same attempt is retried).
import { Alert, Box, Button, Grid, Group, Progress, Stack, Stepper, Text } from '@mantine/core';
import {
  type ApplicationStep,
  applicationStepOfPath,
  applicationStepsFor,
  hasApplicationFee,
} from '@portal/domain/application-form';
import { applicationRecordProgress } from '@portal/domain/applications';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { NestedFormProvider, type PathErrors, useNestedForm } from '../../../components/form/nested-form';
import { notifySuccess } from '../../../components/notify';
import { useErrorMessage } from '../../../components/query-state';
import { ApiError } from '../../../lib/api-client';
import i18n, { useTranslation } from '../../../lib/i18n';
import { localToday, useLang } from '../../../lib/locale';
import { useNavigate } from '../../../lib/navigation';
import { useSessionUser } from '../../../lib/use-session-user';
import { usePaymentMethods } from '../../payments';
import { useSaveForLater } from '../api/save-for-later';
import { useSubmitApplication } from '../api/submit-application';
import type { ApplicationPage, LeaseApplication, PageProperty } from '../api/types';
import { type ApplicationFormValues, draftFromValues, formValuesFromApplication } from '../forms/draft-values';
import { issuesOf, issuesToErrors, type StepRules, stepErrors } from '../forms/step-resolver';
import { AddressesStep } from './addresses-step';
import { ApplicantStep } from './applicant-step';
import { CustomFieldsStep } from './custom-fields-step';
import { EmergencyContactStep } from './emergency-contact-step';
import { EmploymentStep } from './employment-step';
import { FeeStep } from './fee-step';
import { OccupantsStep } from './occupants-step';
import { OtherInfoStep } from './other-info-step';
import { PropertyStep } from './property-step';
import { ReferencesStep } from './references-step';
import { StepFrame } from './step-frame';
import { TermsStep } from './terms-step';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { VerificationStep } from './verification-step';

// After a refused Next: the first field in error, else the list's own error, else the step's alert
const FOCUS_FALLBACKS = ['[data-list-error]', '[role="alert"]'] as const;

interface ApplicationWizardProps {
  page: ApplicationPage;
  application: LeaseApplication;
  /** The application was submitted (status PENDING). */
  onSubmitted: (application: LeaseApplication) => void;
}

interface FormAlert {
  title: string;
  message: string;
  /** The 402 refusal: a way back to the fee step. */
  toFee?: boolean;
}

export function ApplicationWizard({ page, application, onSubmitted }: ApplicationWizardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const messageOf = useErrorMessage();
  const user = useSessionUser();
  const steps = useMemo(() => applicationStepsFor(page), [page]);
  const startIndex = Math.max(0, steps.indexOf(application.currentStep as ApplicationStep));
  const [index, setIndex] = useState(startIndex);
  const [furthest, setFurthest] = useState(startIndex);
  const step = steps[index] ?? 'applicant';
  const isLast = index === steps.length - 1;
  const [saved, setSaved] = useState(application);
  const [property, setProperty] = useState<PageProperty | null>(application.joins?.property ?? null);
  const [alert, setAlert] = useState<FormAlert | null>(null);
  const feePaid = !!saved.feeTransactionId;
  const lang = useLang();

  // The check is of the step shown at the time of the check.
  const rules = useRef<StepRules>({ page, step, today: localToday(), feePaid, locale: lang });
  rules.current = { page, step, today: localToday(), feePaid, locale: lang };
  // spec 2 §5: a field shows its error only after a submit click while invalid, then follows the input
  const form = useNestedForm<ApplicationFormValues>({
    initialValues: () => formValuesFromApplication(application, page),
    validate: (values) => stepErrors(values, rules.current),
    focusFallbacks: FOCUS_FALLBACKS,
  });
  const { isDirty } = form;

  const save = useSaveForLater();
  const submit = useSubmitApplication();
  const methods = usePaymentMethods(hasApplicationFee(page) ? user?.id : null);
  const idempotencyKey = useRef<string | null>(null);
  const submitting = useRef(false);

  const headingRef = useRef<HTMLHeadingElement>(null);

  // focus moves to the step's heading when the step changes (not on the first paint)
  const shownIndex = useRef(index);
  useEffect(() => {
    if (shownIndex.current === index) return;
    shownIndex.current = index;
    headingRef.current?.focus();
  }, [index]);

  /** Shows another step; its errors start hidden (spec 2 §5), unless `issues` are to be shown on it. */
  const goTo = (next: number, shown: PathErrors = {}) => {
    form.showErrors(shown);
    setIndex(next);
    setFurthest((f) => Math.max(f, next));
    if (Object.keys(shown).length > 0) form.focusInvalid();
  };

  /** A refused save or submit: the server's message (spec 2 §8), its fieldErrors on their fields (and their step). */
  const showServerError = (err: unknown, title: string) => {
    if (err instanceof ApiError && err.fieldErrors.length > 0) {
      const shown: PathErrors = {};
      for (const fe of err.fieldErrors) shown[fe.field] ??= { serverText: fe.message };
      const first = err.fieldErrors.map((fe) => applicationStepOfPath(fe.field)).find((s) => s !== null);
      const target = first ? steps.indexOf(first) : -1;
      goTo(target >= 0 ? target : index, shown);
    }
    setAlert({ title, message: messageOf(err), toFee: err instanceof ApiError && err.status === 402 });
  };

  /** Saves the answers with the step to resume at; the saved copy, or null when refused. */
  const persist = async (values: ApplicationFormValues, currentStep: ApplicationStep): Promise<LeaseApplication | null> => {
    setAlert(null);
    try {
      const app = await save.mutateAsync({ id: application.id, ...draftFromValues(values, page, lang), currentStep });
      setSaved(app);
      form.reset(values, { keepValues: true });
      return app;
    } catch (err) {
      showServerError(err, t('applicationForm.saveError'));
      return null;
    }
  };

  const onNext = form.handleSubmit(async (values) => {
    const next = Math.min(index + 1, steps.length - 1);
    if (await persist(values, steps[next] ?? step)) goTo(next);
  });

  const onSaveForLater = async () => {
    if (!(await persist(form.getValues(), step))) return;
    notifySuccess(i18n.t('applicationForm.saved'));
    navigate('/customer/dashboard');
  };

  const onSubmit = form.handleSubmit(async (values) => {
    if (submitting.current) return;
    // every step's answers, not only this one's: the first step with a problem is shown with its errors
    const issues = issuesOf(values, { ...rules.current, step: 'all' });
    if (issues.length > 0) {
      const first = applicationStepOfPath(issues[0]?.path ?? '') ?? step;
      const target = Math.max(0, steps.indexOf(first));
      goTo(target, issuesToErrors(issues.filter((i) => applicationStepOfPath(i.path) === first)));
      return;
    }
    submitting.current = true;
    setAlert(null);
    idempotencyKey.current ??= crypto.randomUUID();
    const feeDue = hasApplicationFee(page) && !feePaid;
    const method = feeDue ? methods.data?.records.find((m) => m.id === values.paymentMethodId) : undefined;
    try {
      const app = await submit.mutateAsync({
        id: application.id,
        body: {
          ...draftFromValues(values, page, lang),
          ...(method ? { paymentMethodId: method.id, paymentMethodType: method.type } : {}),
        },
        idempotencyKey: idempotencyKey.current,
      });
      idempotencyKey.current = null;
      form.reset(values);
      onSubmitted(app);
    } catch (err) {
      // an answered attempt is over (a new Submit is a new attempt); a network failure or 5xx is retried with its key
      if (err instanceof ApiError && err.status < 500) idempotencyKey.current = null;
      showServerError(
        err,
        err instanceof ApiError && err.status === 402 ? t('applicationForm.submitDeclined') : t('applicationForm.submitError'),
      );
    } finally {
      submitting.current = false;
    }
  });

  // issue 21 §1: the saved application's figure by the domain's one rule (the dashboard and Applications show the same)
  const progress = applicationRecordProgress({ ...saved, joins: { ...saved.joins, lap: saved.joins?.lap ?? page } });
  const stepTitle = (s: ApplicationStep) => t(`applicationForm.steps.${s}`);

  const content: Record<ApplicationStep, () => ReactNode> = {
    applicant: () => <ApplicantStep />,
    property: () => <PropertyStep pageName={page.name} initialProperty={property} onChosen={setProperty} />,
    addresses: () => <AddressesStep page={page} />,
    occupants: () => <OccupantsStep />,
    employment: () => <EmploymentStep page={page} />,
    references: () => <ReferencesStep page={page} />,
    otherInfo: () => <OtherInfoStep page={page} />,
    emergencyContact: () => <EmergencyContactStep page={page} />,
    customFields: () => <CustomFieldsStep fields={page.customFields} />,
    verification: () => <VerificationStep page={page} />,
    fee: () => <FeeStep page={page} feePaid={feePaid} />,
    terms: () => <TermsStep page={page} property={property} />,
  };

  const busy = save.isPending || submit.isPending;

  return (
    <NestedFormProvider form={form}>
      <UnsavedChangesGuard when={isDirty && !busy} />
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 3 }} visibleFrom="md">
          <nav aria-label={t('applicationForm.stepsLabel')}>
            <Stepper
              active={index}
              orientation="vertical"
              size="sm"
              allowNextStepsSelect={false}
              onStepClick={(i) => {
                if (i <= furthest && i !== index && !busy) goTo(i);
              }}
            >
              {steps.map((s) => (
                <Stepper.Step key={s} label={stepTitle(s)} />
              ))}
            </Stepper>
          </nav>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Stack gap="md">
            <Stack gap={4}>
              <Text size="sm" fw={600} data-testid="application-step-count">
                {t('applicationForm.stepOf', { current: index + 1, total: steps.length, name: stepTitle(step) })}
              </Text>
              <Progress value={progress} aria-label={t('applicationForm.progress', { percent: progress })} size="md" />
              <Text size="sm" c="dimmed" data-testid="application-progress">
                {t('applicationForm.progress', { percent: progress })}
              </Text>
            </Stack>
            <form ref={form.formRef} noValidate onSubmit={isLast ? onSubmit : onNext}>
              <Stack gap="lg">
                {alert && (
                  <Alert color="red" variant="light" role="alert" title={alert.title}>
                    <Text size="sm">{alert.message}</Text>
                    {alert.toFee && steps.includes('fee') && (
                      <Button mt="sm" size="xs" variant="white" color="red" onClick={() => goTo(steps.indexOf('fee'))}>
                        {t('applicationForm.chooseAnotherMethod')}
                      </Button>
                    )}
                  </Alert>
                )}
                <StepFrame
                  title={stepTitle(step)}
                  headingRef={headingRef}
                  description={t(`applicationForm.stepHelp.${step}`, { defaultValue: '' }) || undefined}
                >
                  {content[step]()}
                </StepFrame>
                <Box>
                  <Group justify="space-between" gap="sm">
                    <Group gap="sm">
                      {index > 0 && (
                        <Button variant="default" onClick={() => goTo(index - 1)} disabled={busy}>
                          {t('applicationForm.back')}
                        </Button>
                      )}
                      <Button variant="subtle" onClick={onSaveForLater} loading={save.isPending && !isLast} disabled={busy}>
                        {t('applicationForm.saveForLater')}
                      </Button>
                    </Group>
                    {isLast ? (
                      <Button type="submit" loading={submit.isPending} disabled={busy}>
                        {submit.isPending ? t('applicationForm.submitting') : t('applicationForm.submit')}
                      </Button>
                    ) : (
                      <Button type="submit" loading={save.isPending} disabled={busy}>
                        {t('applicationForm.next')}
                      </Button>
                    )}
                  </Group>
                </Box>
              </Stack>
            </form>
          </Stack>
        </Grid.Col>
      </Grid>
    </NestedFormProvider>
  );
}
