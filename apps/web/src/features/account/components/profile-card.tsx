// spec 1 §2 / §4 / §5: the profile card. Every rule comes from @portal/domain/profile; errors show after a submit attempt (spec 2 §5).
import { Alert, Button, Card, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { PREFERRED_CONTACT_METHODS } from '@portal/domain/entities';
import { MSG } from '@portal/domain/message-keys';
import { getProfileRequirements, isMutedByCustomerStop, normalizePhoneInput } from '@portal/domain/profile-fields';
import type { MessageRef } from '@portal/domain/rule';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useUpdateCustomer } from '../../../api/customer/update-customer';
import type { Customer } from '../../../api/types';
import { notifySuccess } from '../../../components/notify';
import { ApiError } from '../../../lib/api-client';
import { formatIsoDateInput } from '../../../lib/format';
import { LANGS, toLang, useTranslation } from '../../../lib/i18n';
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

/**
 * A field's message: a domain rule's (key and values, so "under {{max}} characters" reads "under 32 characters"), or a
 * text the server wrote in the UI's language.
 */
type FieldMessage = MessageRef | { serverText: string };

// Fields whose requirement follows the preferred contact method and the unmute box (spec 1 §5): revalidated with them
const REQUIREMENT_DEPENDENTS: ProfileField[] = ['phone', 'alternatePhone', 'preferredContactMethod'];
const REQUIREMENT_DRIVERS: ProfileField[] = [...REQUIREMENT_DEPENDENTS, 'unmuteTextMessageNotification'];

export function ProfileCard({ customer, payByTextEnabled }: { customer: Customer; payByTextEnabled: boolean }) {
  const { t, i18n } = useTranslation();
  const errorText = (message: FieldMessage | undefined) =>
    message && ('serverText' in message ? message.serverText : t(message.key, message.values));
  const update = useUpdateCustomer(customer.id);
  const [alert, setAlert] = useState<MessageRef | null>(null);

  // The form's state, kept here rather than in react-hook-form: its 13 KB (brotli) were a twelfth of what the account
  // page's first load downloads on a phone (issue 9). Errors show after a submit attempt (spec 2 §5), then each field's
  // follows its input, with the fields whose requirement it drives; the rules are the domain's (validateProfile).
  const ruleContext = useMemo(() => ({ payByTextEnabled, today: localToday() }), [payByTextEnabled]);
  const initialValues = useMemo(() => profileValuesFromCustomer(customer), [customer]);
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<Partial<Record<ProfileField, FieldMessage>>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const latest = useRef({ values, submitted: false, defaults: initialValues, initial: initialValues });
  latest.current.values = values;
  const inputs = useRef(new Map<ProfileField, HTMLElement | null>());
  const inputRef = (name: ProfileField) => (el: HTMLElement | null) => {
    inputs.current.set(name, el);
  };

  // A customer record that changes later (a save, a refetch) is taken, keeping what the tenant is typing: a field
  // still at the value the form started from takes the new one.
  useEffect(() => {
    const state = latest.current;
    if (state.initial === initialValues) return;
    state.initial = initialValues;
    const defaults = state.defaults;
    state.defaults = initialValues;
    setValues((v) => {
      const next = { ...v };
      for (const f of PROFILE_FIELDS) if (v[f] === defaults[f]) (next as Record<ProfileField, unknown>)[f] = initialValues[f];
      return next;
    });
  }, [initialValues]);

  /** Back to these values, no error shown, no attempt made (after a save). */
  const resetTo = (next: ProfileFormValues) => {
    latest.current = { ...latest.current, values: next, defaults: next, submitted: false };
    setValues(next);
    setErrors({});
  };

  const validate = async (v: ProfileFormValues) => {
    const { validateProfile } = await loadAccountRules();
    return validateProfile(v, ruleContext);
  };

  const change = <F extends ProfileField>(field: F, value: ProfileFormValues[F]) => {
    const next = { ...latest.current.values, [field]: value };
    latest.current.values = next;
    setValues(next);
    if (!latest.current.submitted) return;
    const checked = REQUIREMENT_DRIVERS.includes(field) ? [field, ...REQUIREMENT_DEPENDENTS] : [field];
    void validate(next).then((found) =>
      setErrors((e) => {
        const out = { ...e };
        for (const f of checked) {
          if (found[f]) out[f] = found[f];
          else delete out[f];
        }
        return out;
      }),
    );
  };
  const setError = (field: ProfileField, message: FieldMessage) => setErrors((e) => ({ ...e, [field]: message }));

  // A stale "e-mail already exists" (alert and field) goes as soon as the e-mail changes (issue 9).
  const email = values.email;
  const emailAtAlert = useRef<string | null>(null);
  useEffect(() => {
    if (emailAtAlert.current === null || email === emailAtAlert.current) return;
    emailAtAlert.current = null;
    setAlert((a) => (a?.key === MSG.emailExists ? null : a));
    setErrors(({ email: _gone, ...rest }) => rest);
  }, [email]);

  const required = getProfileRequirements({
    payByTextEnabled,
    preferredContactMethod: values.preferredContactMethod,
    textNotificationsOn: values.unmuteTextMessageNotification,
  });

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    latest.current.submitted = true;
    setSubmitting(true);
    try {
      const submitted = latest.current.values;
      const found = await validate(submitted);
      setErrors(found);
      const firstInvalid = PROFILE_FIELDS.find((f) => found[f]);
      if (firstInvalid) {
        inputs.current.get(firstInvalid)?.focus();
        return;
      }
      await save(submitted);
    } finally {
      setSubmitting(false);
    }
  };

  const save = async (submitted: ProfileFormValues) => {
    setAlert(null);
    try {
      const saved = await update.mutateAsync(profileUpdateBody(submitted, customer.phone));
      // spec 1 §4: the locale follows languageCode only when the save returns an id
      if (saved?.id) {
        resetTo(profileValuesFromCustomer(saved));
        if (toLang(saved.languageCode) !== i18n.language) await i18n.changeLanguage(toLang(saved.languageCode));
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
        if (isProfileField(fe.field)) setError(fe.field, { serverText: fe.message });
      }
      if (err.errorCode === 'RM_ERROR_RECORD_ALREADY_EXIST') {
        setError('email', { key: ref.key });
        emailAtAlert.current = submitted.email;
      }
    }
  };

  /** A text input's value, change, name and ref (the change passed through `format`). */
  const text = (name: Exclude<ProfileField, 'unmuteTextMessageNotification'>, format?: (raw: string) => string) => ({
    name,
    value: values[name],
    ref: inputRef(name),
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const raw = e.currentTarget.value;
      change(name, (format ? format(raw) : raw) as ProfileFormValues[typeof name]);
    },
  });

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
            <TextInput
              label={t('account.profile.firstName')}
              autoComplete="given-name"
              withAsterisk
              error={errorText(errors.firstName)}
              {...text('firstName')}
            />
            <TextInput
              label={t('account.profile.lastName')}
              autoComplete="family-name"
              withAsterisk
              error={errorText(errors.lastName)}
              {...text('lastName')}
            />
            <TextInput
              label={t('account.profile.email')}
              type="email"
              autoComplete="email"
              withAsterisk
              error={errorText(errors.email)}
              {...text('email')}
            />
            <TextInput
              label={t('account.profile.birthDate')}
              description={t('account.profile.birthDateHint')}
              // spec 2 §5 Date picker: typed as yyyy-mm-dd, whatever the browser's own date format
              placeholder={t('common.datePlaceholder')}
              inputMode="numeric"
              maxLength={10}
              autoComplete="bday"
              error={errorText(errors.birthDate)}
              {...text('birthDate', formatIsoDateInput)}
            />
            <TextInput
              label={t('account.profile.phone')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              withAsterisk={required.mobilePhoneRequired}
              error={errorText(errors.phone)}
              // spec 2 §5: phone input is digits only
              {...text('phone', normalizePhoneInput)}
            />
            <TextInput
              label={t('account.profile.alternatePhone')}
              type="tel"
              inputMode="tel"
              withAsterisk={required.alternatePhoneRequired}
              error={errorText(errors.alternatePhone)}
              {...text('alternatePhone', normalizePhoneInput)}
            />
            <NativeSelect
              label={t('account.profile.preferredContactMethod')}
              withAsterisk={required.preferredContactRequired}
              error={errorText(errors.preferredContactMethod)}
              data={[
                { value: '', label: t('account.profile.chooseContactMethod') },
                ...PREFERRED_CONTACT_METHODS.map((m) => ({ value: m, label: t(`account.profile.contactMethods.${m}`) })),
              ]}
              {...text('preferredContactMethod')}
            />
            <NativeSelect
              label={t('account.profile.language')}
              error={errorText(errors.languageCode)}
              data={LANGS.map((l) => ({ value: l, label: t(`account.profile.languages.${l}`) }))}
              {...text('languageCode')}
            />
          </SimpleGrid>
          <Checkbox
            label={t('account.profile.unmute')}
            description={t('account.profile.unmuteHint')}
            name="unmuteTextMessageNotification"
            checked={values.unmuteTextMessageNotification}
            onChange={(e) => change('unmuteTextMessageNotification', e.currentTarget.checked)}
            ref={inputRef('unmuteTextMessageNotification')}
          />
          {isMutedByCustomerStop(customer.textMessageNotificationMutedBy) && (
            <Alert color="yellow" role="note" title={t('account.profile.stoppedTitle')}>
              {t('account.profile.stoppedText', { number: TEXT_START_NUMBER })}
            </Alert>
          )}
          {alert && (
            <Alert color="red" role="alert" withCloseButton closeButtonLabel={t('common.close')} onClose={() => setAlert(null)}>
              {t(alert.key, alert.values)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
              {t('account.profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
