// issue 11: the public sign-up page an onboarding or application link leads to (/signup/{pageName}?origin=…).
// spec 2 §5 Sign-up and Input-field rules; spec 1 §4 Sign-up form (submitting flag true during the call, false after).
import { Alert, Anchor, Button, Group, Loader, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { OriginType } from '@portal/domain/entities';
import { signup } from '@portal/i18n/locales/en.json?lazy';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { LanguageSelect } from '../../components/language-select';
import { useDocumentTitle } from '../../components/use-document-title';
import { ApiError } from '../../lib/api-client';
import { addEnglish, toLang, useTranslation } from '../../lib/i18n';
import { Link, useNavigate, useParams, useSearchParams } from '../../lib/router';
import { clearSession, setToken } from '../../lib/session';
import { useSessionUser } from '../../lib/use-session-user';
import { emailExists, switchOrigin, useCreateAccount } from './api/create-account';
import { useSignupPage } from './api/get-signup-pages';
import { SignupFrame } from './components/signup-frame';
import {
  emptySignupValues,
  phoneInput,
  phoneToSend,
  SIGNUP_FIELDS,
  type SignupErrors,
  type SignupField,
  type SignupValues,
  validateSignup,
} from './forms/signup-form';
import { originFromParam, originParam } from './lib/origin';

addEnglish({ signup });

export function SignupPage() {
  const { t } = useTranslation();
  const { pageName = '' } = useParams();
  const [params] = useSearchParams();
  const origin = originFromParam(params.get('origin'));
  const user = useSessionUser();
  const page = useSignupPage(pageName, origin);
  useDocumentTitle(t('signup.title'));

  const signInPath = `/signin?next=${encodeURIComponent(`/signup/${pageName}?origin=${originParam(origin)}`)}`;

  if (user) return <SignedInFollow pageName={pageName} origin={origin} isCustomer={user.type === 'TYPE_CUSTOMER'} />;

  if (page.isPending) {
    return (
      <SignupFrame heading={t('signup.title')}>
        <Group justify="center" role="status" aria-label={t('common.loading')}>
          <Loader size="sm" />
        </Group>
      </SignupFrame>
    );
  }
  if (page.isError) {
    const unknown = page.error instanceof ApiError && page.error.status === 404;
    return (
      <SignupFrame heading={t('signup.title')}>
        <Alert color="red" role="alert" variant="light">
          {unknown ? t('signup.page.unknown') : t('signup.page.loadError')}
        </Alert>
        <Anchor component={Link} to="/signin">
          {t('signup.page.goToSignIn')}
        </Anchor>
      </SignupFrame>
    );
  }
  return (
    <SignupFrame heading={t('signup.title')} subheading={t('signup.page.intro', { company: page.data.companyName })}>
      <SignupForm pageName={pageName} origin={origin} signInPath={signInPath} />
    </SignupFrame>
  );
}

/** A signed-in customer following a link: the session takes that page's origin, then the dashboard opens its popup. */
function SignedInFollow({ pageName, origin, isCustomer }: { pageName: string; origin: OriginType; isCustomer: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (!isCustomer || started.current) return;
    started.current = true;
    switchOrigin({ pageName, originType: origin }).then(
      ({ access_token }) => {
        setToken(access_token);
        void navigate('/customer/dashboard', { replace: true });
      },
      (error: unknown) => setFailure(error instanceof ApiError ? error.message : t('signup.errors.network')),
    );
  }, [isCustomer, pageName, origin, navigate, t]);

  return (
    <SignupFrame heading={t('signup.title')}>
      {!isCustomer ? (
        <>
          <Alert color="yellow" variant="light" role="alert">
            {t('signup.page.notCustomer')}
          </Alert>
          <Anchor component={Link} to="/logout">
            {t('signup.page.signOut')}
          </Anchor>
        </>
      ) : failure ? (
        <>
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
          <Anchor component={Link} to="/customer/dashboard">
            {t('signup.page.goToDashboard')}
          </Anchor>
        </>
      ) : (
        <Group justify="center" role="status" aria-label={t('common.loading')}>
          <Loader size="sm" />
        </Group>
      )}
    </SignupFrame>
  );
}

function SignupForm({ pageName, origin, signInPath }: { pageName: string; origin: OriginType; signInPath: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const create = useCreateAccount();
  const [values, setValues] = useState<SignupValues>(emptySignupValues);
  const [errors, setErrors] = useState<SignupErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [emailTaken, setEmailTaken] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const refs = useRef<Partial<Record<SignupField, HTMLInputElement | null>>>({});
  const checkedEmail = useRef('');

  const update = (field: SignupField, value: string) => {
    const next = { ...values, [field]: field === 'phone' ? phoneInput(value) : value };
    setValues(next);
    const taken = field === 'email' ? false : emailTaken;
    if (field === 'email') setEmailTaken(false);
    // errors show after a submit attempt, then follow the typing (spec 2 §5)
    if (submitted) setErrors(validateSignup(next, taken));
  };

  // spec 2 §5: an already existing e-mail marks it invalid (GET /signup/email_exists on blur)
  const checkEmail = async () => {
    const email = values.email.trim();
    if (!email || email === checkedEmail.current || validateSignup(values).email) return;
    checkedEmail.current = email;
    try {
      const { exists } = await emailExists(email);
      setEmailTaken(exists);
      if (submitted) setErrors(validateSignup(values, exists));
    } catch {
      checkedEmail.current = ''; // the server decides at sign-up
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    const found = validateSignup(values, emailTaken);
    setErrors(found);
    const first = SIGNUP_FIELDS.find((f) => found[f]);
    if (first) return refs.current[first]?.focus();
    create.mutate(
      {
        email: values.email.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        phone: phoneToSend(values.phone),
        languageCode: toLang(i18n.language),
        pageName,
        originType: origin,
      },
      {
        onSuccess: ({ access_token }) => {
          clearSession();
          qc.clear();
          setToken(access_token);
          void navigate('/customer/dashboard', { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.errorCode === 'RM_ERROR_RECORD_ALREADY_EXIST') {
            setEmailTaken(true);
            setErrors(validateSignup(values, true));
            refs.current.email?.focus();
            return;
          }
          // spec 2 §8: sign-up failure → the message as an alert
          setFailure(error instanceof ApiError ? error.message : t('signup.errors.network'));
        },
      },
    );
  };

  const fieldError = (field: SignupField) => {
    const e = errors[field];
    return e ? t(e.key, e.values) : undefined;
  };
  const input = (field: SignupField) => ({
    ref: (el: HTMLInputElement | null) => {
      refs.current[field] = el;
    },
    name: field,
    required: true,
    value: values[field],
    error: fieldError(field),
    onChange: (e: { currentTarget: HTMLInputElement }) => update(field, e.currentTarget.value),
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={create.isPending}>
      <Stack gap="md">
        {failure && (
          <Alert color="red" role="alert" variant="light">
            {failure}
          </Alert>
        )}
        {emailTaken && (
          <Alert color="yellow" role="alert" variant="light">
            <Text size="sm">{t('signup.form.emailTakenAlert')}</Text>
            <Anchor component={Link} to={signInPath} size="sm" fw={600}>
              {t('signup.form.signInInstead')}
            </Anchor>
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput {...input('firstName')} label={t('signup.form.firstName')} autoComplete="given-name" maxLength={64} />
          <TextInput {...input('lastName')} label={t('signup.form.lastName')} autoComplete="family-name" maxLength={64} />
        </SimpleGrid>
        <TextInput
          {...input('email')}
          label={t('signup.form.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={255}
          onBlur={() => void checkEmail()}
        />
        <TextInput
          {...input('phone')}
          label={t('signup.form.phone')}
          description={t('signup.form.phoneHint')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={16}
        />
        <PasswordInput
          {...input('password')}
          label={t('signup.form.password')}
          description={t('signup.form.passwordRule')}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('signup.form.togglePassword') }}
        />
        <PasswordInput
          {...input('confirmPassword')}
          label={t('signup.form.confirmPassword')}
          autoComplete="new-password"
          visibilityToggleButtonProps={{ 'aria-label': t('signup.form.toggleConfirmPassword') }}
        />
        <LanguageSelect value={toLang(i18n.language)} onChange={(lang) => void i18n.changeLanguage(lang)} />
        <Button type="submit" loading={create.isPending} fullWidth>
          {t('signup.form.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('signup.form.haveAccount')}{' '}
          <Anchor component={Link} to={signInPath}>
            {t('signup.form.signIn')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
