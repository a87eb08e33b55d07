// spec 1 §2 / §4 / §5: the profile card. Every rule comes from @portal/domain/profile; errors show after a submit attempt (spec 2 §5).
import { Alert, Button, Card, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { PREFERRED_CONTACT_METHODS } from '@portal/domain/entities';
import { MSG } from '@portal/domain/message-keys';
import { getProfileRequirements, isMutedByCustomerStop, normalizePhoneInput } from '@portal/domain/profile-fields';
import type { MessageRef } from '@portal/domain/rule';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, type FieldError, useForm } from 'react-hook-form';
import { useUpdateCustomer } from '../../../api/customer/update-customer';
import type { Customer } from '../../../api/types';
import { notifySuccess } from '../../../components/notify';
import { ApiError } from '../../../lib/api-client';
import { formatIsoDateInput } from '../../../lib/format';
import { LANGS, toLang, useTranslation } from '../../../lib/i18n';
import { localToday } from '../../../lib/locale';
import { loadAccountRules, preloadAccountRules } from '../forms/load-account-rules';
import {
  createProfileResolver,
  emailChanged,
  PROFILE_FIELDS,
  type ProfileFormValues,
  profileUpdateBody,
  profileValuesFromCustomer,
} from '../forms/profile-form';
import { TEXT_START_NUMBER } from '../text-messages';

/**
 * Field errors are message keys from the domain rules with their values in `types` (so "under {{max}} characters"
 * reads "under 32 characters"), or (type 'server') a text the server wrote in the UI's language.
 */
export function useFieldErrorText() {
  const { t } = useTranslation();
  return (error: FieldError | undefined): string | undefined => {
    if (!error?.message) return undefined;
    return error.type === 'server' ? error.message : t(error.message, error.types);
  };
}

// Fields whose requirement follows the preferred contact method and the unmute box (spec 1 §5): revalidated with them
const REQUIREMENT_DEPENDENTS: ('phone' | 'alternatePhone' | 'preferredContactMethod')[] = [
  'phone',
  'alternatePhone',
  'preferredContactMethod',
];

function isProfileField(field: string): field is (typeof PROFILE_FIELDS)[number] {
  return (PROFILE_FIELDS as readonly string[]).includes(field);
}

export function ProfileCard({ customer, payByTextEnabled }: { customer: Customer; payByTextEnabled: boolean }) {
  const { t, i18n } = useTranslation();
  const errorText = useFieldErrorText();
  const update = useUpdateCustomer(customer.id);
  const [alert, setAlert] = useState<MessageRef | null>(null);

  // The domain's profile rules, birth date included (before today, age 18 to 120: issue 9), on the tenant's today.
  const resolver = useMemo(() => createProfileResolver({ payByTextEnabled, today: localToday() }), [payByTextEnabled]);
  const initialValues = useMemo(() => profileValuesFromCustomer(customer), [customer]);
  const form = useForm<ProfileFormValues>({
    resolver,
    // spec 2 §5: a field shows its error only after a submit click while invalid, then follows the input
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // defaultValues, not `values`: React Hook Form resets to `values` in an effect after mounting, which rendered the
    // whole card a second time right after the account page's first paint (issue 9: total blocking time). A customer
    // record that changes later (a save, a refetch) is taken below, keeping what the tenant is typing.
    defaultValues: initialValues,
  });
  const { register, control, handleSubmit, watch, setError, clearErrors, formState } = form;
  const shownValues = useRef(initialValues);
  useEffect(() => {
    if (shownValues.current === initialValues) return;
    shownValues.current = initialValues;
    form.reset(initialValues, { keepDirtyValues: true });
  }, [initialValues, form]);
  const { errors, isSubmitting } = formState;

  // A stale "e-mail already exists" (alert and field) goes as soon as the e-mail changes (issue 9).
  const email = watch('email');
  const emailAtAlert = useRef<string | null>(null);
  useEffect(() => {
    if (emailAtAlert.current === null || email === emailAtAlert.current) return;
    emailAtAlert.current = null;
    setAlert((a) => (a?.key === MSG.emailExists ? null : a));
    clearErrors('email');
  }, [email, clearErrors]);

  const preferred = watch('preferredContactMethod');
  const unmute = watch('unmuteTextMessageNotification');
  const required = getProfileRequirements({ payByTextEnabled, preferredContactMethod: preferred, textNotificationsOn: unmute });

  const onSubmit = handleSubmit(async (values) => {
    setAlert(null);
    try {
      const saved = await update.mutateAsync(profileUpdateBody(values, customer.phone));
      // spec 1 §4: the locale follows languageCode only when the save returns an id
      if (saved?.id) {
        form.reset(profileValuesFromCustomer(saved));
        if (toLang(saved.languageCode) !== i18n.language) await i18n.changeLanguage(toLang(saved.languageCode));
      }
      // i18n.t, not the render's t: the toast speaks the language just saved
      notifySuccess(
        i18n.t(emailChanged(customer.email, values.email) ? 'account.profile.savedCheckEmail' : 'account.profile.saved'),
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
        if (isProfileField(fe.field)) setError(fe.field, { type: 'server', message: fe.message });
      }
      if (err.errorCode === 'RM_ERROR_RECORD_ALREADY_EXIST') {
        setError('email', { type: 'key', message: ref.key });
        emailAtAlert.current = values.email;
      }
    }
  });

  const isoDateProps = () => {
    const reg = register('birthDate');
    return {
      ...reg,
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
        e.target.value = formatIsoDateInput(e.target.value);
        return reg.onChange(e);
      },
    };
  };

  const phoneProps = (name: 'phone' | 'alternatePhone') => {
    const reg = register(name);
    return {
      ...reg,
      // spec 2 §5: phone input is digits only
      onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
        e.target.value = normalizePhoneInput(e.target.value);
        return reg.onChange(e);
      },
    };
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="account-profile-title">
      {/* the rules load as soon as the user starts on the form (load-account-rules.ts) */}
      <form onSubmit={onSubmit} onFocus={preloadAccountRules} onPointerDown={preloadAccountRules} noValidate>
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
              {...register('firstName')}
            />
            <TextInput
              label={t('account.profile.lastName')}
              autoComplete="family-name"
              withAsterisk
              error={errorText(errors.lastName)}
              {...register('lastName')}
            />
            <TextInput
              label={t('account.profile.email')}
              type="email"
              autoComplete="email"
              withAsterisk
              error={errorText(errors.email)}
              {...register('email')}
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
              {...isoDateProps()}
            />
            <TextInput
              label={t('account.profile.phone')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              withAsterisk={required.mobilePhoneRequired}
              error={errorText(errors.phone)}
              {...phoneProps('phone')}
            />
            <TextInput
              label={t('account.profile.alternatePhone')}
              type="tel"
              inputMode="tel"
              withAsterisk={required.alternatePhoneRequired}
              error={errorText(errors.alternatePhone)}
              {...phoneProps('alternatePhone')}
            />
            <NativeSelect
              label={t('account.profile.preferredContactMethod')}
              withAsterisk={required.preferredContactRequired}
              error={errorText(errors.preferredContactMethod)}
              data={[
                { value: '', label: t('account.profile.chooseContactMethod') },
                ...PREFERRED_CONTACT_METHODS.map((m) => ({ value: m, label: t(`account.profile.contactMethods.${m}`) })),
              ]}
              {...register('preferredContactMethod', { deps: REQUIREMENT_DEPENDENTS })}
            />
            <NativeSelect
              label={t('account.profile.language')}
              error={errorText(errors.languageCode)}
              data={LANGS.map((l) => ({ value: l, label: t(`account.profile.languages.${l}`) }))}
              {...register('languageCode')}
            />
          </SimpleGrid>
          <Controller
            control={control}
            name="unmuteTextMessageNotification"
            rules={{ deps: REQUIREMENT_DEPENDENTS }}
            render={({ field }) => (
              <Checkbox
                label={t('account.profile.unmute')}
                description={t('account.profile.unmuteHint')}
                checked={field.value}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
                onBlur={field.onBlur}
                name={field.name}
                ref={field.ref}
              />
            )}
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
