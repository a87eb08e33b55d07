// spec 1 §2 / §4 / §5: the profile card. Every rule comes from @portal/domain/profile; errors show after a submit attempt (spec 2 §5).
import { Alert, Button, Card, Checkbox, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MSG } from '@portal/domain/message-keys';
import { getProfileRequirements, isMutedByCustomerStop, normalizePhoneInput } from '@portal/domain/profile-fields';
import type { MessageRef } from '@portal/domain/rule';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useUpdateCustomer } from '../../../api/customer/update-customer';
import type { Customer } from '../../../api/types';
import { DateField } from '../../../components/date-field';
import { Dropdown } from '../../../components/form/dropdown';
import { FormInput } from '../../../components/form/form-input';
import { type FieldBinding, useForm } from '../../../components/form/use-form';
import { notifySuccess } from '../../../components/notify';
import { ApiError } from '../../../lib/api-client';
import { toLang, useTranslation } from '../../../lib/i18n';
import { localToday } from '../../../lib/locale';
import { loadAccountRules, preloadAccountRules } from '../forms/load-account-rules';
import {
  emailChanged,
  isProfileField,
  PROFILE_FIELDS,
  type ProfileField,
  type ProfileFormValues,
  profileUpdateBody,
  profileValuesFromCustomer,
} from '../forms/profile-form';
import { TEXT_START_NUMBER } from '../text-messages';
import { PendingEmail } from './pending-email';

export function ProfileCard({ customer, payByTextEnabled }: { customer: Customer; payByTextEnabled: boolean }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateCustomer(customer.id);
  const [alert, setAlert] = useState<MessageRef | null>(null);
  // issue 25: a new e-mail waits for its link (the saved answer or the record says so), and the note said after a save
  const [pendingEmail, setPendingEmail] = useState(customer.pendingEmail ?? null);
  const [emailNote, setEmailNote] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  useEffect(() => setPendingEmail(customer.pendingEmail ?? null), [customer.pendingEmail]);

  // The portal's one form state (issue 21 §3; not react-hook-form: its 13 KB brotli were a twelfth of what the
  // account page's first load downloads on a phone, issue 9). Errors show after a submit attempt (spec 2 §5), then
  // follow the inputs; the rules are the domain's (validateProfile), loaded with the form (load-account-rules.ts).
  const ruleContext = useMemo(() => ({ payByTextEnabled, today: localToday() }), [payByTextEnabled]);
  const initialValues = useMemo(() => profileValuesFromCustomer(customer), [customer]);
  const form = useForm<ProfileFormValues>({
    initialValues,
    validate: async (v) => (await loadAccountRules()).validateProfile(v, ruleContext),
  });
  const values = form.values;
  const latest = useRef({ defaults: initialValues, initial: initialValues });

  // A customer record that changes later (a save, a refetch) is taken, keeping what the tenant is typing: a field
  // still at the value the form started from takes the new one.
  useEffect(() => {
    const state = latest.current;
    if (state.initial === initialValues) return;
    state.initial = initialValues;
    const defaults = state.defaults;
    state.defaults = initialValues;
    form.setValues((v) => {
      const next = { ...v };
      for (const f of PROFILE_FIELDS) if (v[f] === defaults[f]) (next as Record<ProfileField, unknown>)[f] = initialValues[f];
      return next;
    });
  }, [initialValues, form.setValues]);

  /** Back to these values, no error shown, no attempt made (after a save). */
  const resetTo = (next: ProfileFormValues) => {
    latest.current.defaults = next;
    form.reset(next);
  };

  // A stale "e-mail already exists" alert goes as soon as the e-mail changes (issue 9); the field's goes with it.
  const email = values.email;
  const emailAtAlert = useRef<string | null>(null);
  useEffect(() => {
    if (emailAtAlert.current === null || email === emailAtAlert.current) return;
    emailAtAlert.current = null;
    setAlert((a) => (a?.key === MSG.emailExists ? null : a));
  }, [email]);

  const required = getProfileRequirements({
    payByTextEnabled,
    preferredContactMethod: values.preferredContactMethod,
    textNotificationsOn: values.unmuteTextMessageNotification,
  });

  const save = async (submitted: ProfileFormValues) => {
    setAlert(null);
    setEmailNote(null);
    try {
      const saved = await update.mutateAsync(profileUpdateBody(submitted, customer.phone));
      // spec 1 §4: the locale follows languageCode only when the save returns an id
      if (saved?.id) {
        resetTo(profileValuesFromCustomer(saved));
        if (toLang(saved.languageCode) !== i18n.language) await i18n.changeLanguage(toLang(saved.languageCode));
        if (saved.pendingEmail !== undefined) setPendingEmail(saved.pendingEmail);
      }
      // issue 25: the new address is pending its link (the field keeps the current one): said where the form is
      const pending = saved?.pendingEmail && emailChanged(customer.email, submitted.email) ? saved.pendingEmail : null;
      if (pending) {
        setEmailNote(i18n.t('account.email.savedPending', { email: pending }));
        return;
      }
      // i18n.t, not the render's t: the toast speaks the language just saved
      notifySuccess(
        i18n.t(emailChanged(customer.email, submitted.email) ? 'account.profile.savedCheckEmail' : 'account.profile.saved'),
      );
    } catch (err) {
      if (!(err instanceof ApiError)) {
        setAlert({ key: MSG.genericTryAgain });
        return;
      }
      // spec 1 §8: ALREADY_EXIST → email-exists alert; RECORD_VALIDATION → the server message (and its field errors)
      const { mapProfileSaveError } = await loadAccountRules();
      const ref = mapProfileSaveError({ errorCode: err.errorCode, message: err.message, fieldErrors: err.fieldErrors });
      setAlert(ref);
      for (const fe of err.fieldErrors) {
        if (isProfileField(fe.field)) form.setFieldError(fe.field, { serverText: fe.message });
      }
      if (err.errorCode === 'RM_ERROR_RECORD_ALREADY_EXIST') {
        form.setFieldError('email', { key: ref.key });
        emailAtAlert.current = submitted.email;
      }
    }
  };
  const onSubmit = form.handleSubmit(save);

  /** A text field's binding, a keystroke through `format`. */
  const text = (name: Exclude<ProfileField, 'unmuteTextMessageNotification'>) => form.bind(name) as FieldBinding<string>;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="account-profile-title">
      {/* the rules load as soon as the user starts on the form (load-account-rules.ts) */}
      <form onSubmit={(e) => void onSubmit(e)} onFocus={preloadAccountRules} onPointerDown={preloadAccountRules} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="account-profile-title">
            {t('account.profile.title')}
          </Title>
          {payByTextEnabled && <Text size="sm">{t('account.profile.payByTextNotice')}</Text>}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <FormInput
              {...text('firstName')}
              type="name"
              title={t('account.profile.firstName')}
              autoComplete="given-name"
              required
            />
            <FormInput
              {...text('lastName')}
              type="name"
              title={t('account.profile.lastName')}
              autoComplete="family-name"
              required
            />
            <Stack gap="xs">
              <FormInput {...text('email')} type="email" title={t('account.profile.email')} required inputRef={emailRef} />
              {pendingEmail && (
                <PendingEmail
                  customerId={customer.id}
                  pendingEmail={pendingEmail}
                  onCancelled={(answer) => {
                    setPendingEmail(answer?.pendingEmail ?? null);
                    setEmailNote(t('account.email.cancelled'));
                    // the buttons are gone with the change: the focus goes back to the address
                    emailRef.current?.focus();
                  }}
                />
              )}
            </Stack>
            {/* spec 2 §4/§5: typed yyyy-mm-dd and spelled back DD-MMM-YYYY in the portal's language; the profile's
                rules (validateBirthDate, optional) judge it on save, as before */}
            <DateField
              {...text('birthDate')}
              title={t('account.profile.birthDate')}
              description={t('account.profile.birthDateHint')}
              autoComplete="bday"
              optional
            />
            <FormInput
              {...text('phone')}
              type="phone"
              title={t('account.profile.phone')}
              required={required.mobilePhoneRequired}
              // spec 2 §5: phone input is digits only
              normalize={normalizePhoneInput}
            />
            <FormInput
              {...text('alternatePhone')}
              type="phone"
              autoComplete={undefined}
              title={t('account.profile.alternatePhone')}
              required={required.alternatePhoneRequired}
              normalize={normalizePhoneInput}
            />
            <Dropdown
              {...text('preferredContactMethod')}
              type="preferredContactMethod"
              title={t('account.profile.preferredContactMethod')}
              required={required.preferredContactRequired}
              placeholder={t('account.profile.chooseContactMethod')}
            />
            <Dropdown {...text('languageCode')} type="languages" title={t('account.profile.language')} />
          </SimpleGrid>
          <Checkbox
            label={t('account.profile.unmute')}
            description={t('account.profile.unmuteHint')}
            name="unmuteTextMessageNotification"
            checked={values.unmuteTextMessageNotification}
            onChange={(e) => form.setValue('unmuteTextMessageNotification', e.currentTarget.checked)}
          />
          {isMutedByCustomerStop(customer.textMessageNotificationMutedBy) && (
            <Alert color="yellow" role="note" title={t('account.profile.stoppedTitle')}>
              {t('account.profile.stoppedText', { number: TEXT_START_NUMBER })}
            </Alert>
          )}
          {emailNote && (
            <Alert color="blue" variant="light" role="status">
              {emailNote}
            </Alert>
          )}
          {alert && (
            <Alert color="red" role="alert" withCloseButton closeButtonLabel={t('common.close')} onClose={() => setAlert(null)}>
              {t(alert.key, alert.values)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} disabled={form.submitting}>
              {t('account.profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
