// issue 11: the public sign-up page an onboarding or application link leads to (/signup/{pageName}?origin=…).
// spec 2 §5 Sign-up and Input-field rules; spec 1 §4 Sign-up form (submitting flag true during the call, false after).
import { Alert, Anchor, Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import type { OriginType } from '@portal/domain/entities';
import { signup } from '@portal/i18n/locales/en.json?lazy';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'wouter';
import { FormInput } from '../../components/form/form-input';
import { type FormErrors, useForm } from '../../components/form/use-form';
import { LanguageSelect } from '../../components/language-select';
import { useDocumentTitle } from '../../components/use-document-title';
import { ApiError } from '../../lib/api-client';
import { addEnglish, toLang, useTranslation } from '../../lib/i18n';
import { useNavigate } from '../../lib/navigation';
import { clearSession, setToken } from '../../lib/session';
import { useSessionUser } from '../../lib/use-session-user';
import { emailExists, switchOrigin, useCreateAccount } from './api/create-account';
import { useSignupPage } from './api/get-signup-pages';
import { SignupFrame } from './components/signup-frame';
import {
  emptySignupValues,
  phoneInput,
  phoneToSend,
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
  // spec 2 §5: an already existing e-mail marks it invalid; read by the rules, shown as the alert
  const [emailTaken, setEmailTakenState] = useState(false);
  const taken = useRef(false);
  const setEmailTaken = (value: boolean) => {
    taken.current = value;
    setEmailTakenState(value);
  };
  // issue 21 §3: the portal's one form state (errors after a submit attempt, then following the typing; focus rule)
  const form = useForm<SignupValues>({
    initialValues: emptySignupValues,
    validate: (v) => validateSignup(v, taken.current) as FormErrors<SignupValues>,
  });
  const values = form.values;
  const [failure, setFailure] = useState<string | null>(null);
  const checkedEmail = useRef('');

  // spec 2 §5: an already existing e-mail marks it invalid (GET /signup/email_exists on blur)
  const checkEmail = async () => {
    const email = values.email.trim();
    if (!email || email === checkedEmail.current || validateSignup(values).email) return;
    checkedEmail.current = email;
    try {
      const { exists } = await emailExists(email);
      setEmailTaken(exists);
      form.revalidate();
    } catch {
      checkedEmail.current = ''; // the server decides at sign-up
    }
  };

  const onSubmit = form.handleSubmit(
    (v) => {
      setFailure(null);
      create.mutate(
        {
          email: v.email.trim(),
          password: v.password,
          confirmPassword: v.confirmPassword,
          firstName: v.firstName.trim(),
          lastName: v.lastName.trim(),
          phone: phoneToSend(v.phone),
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
              form.revalidate();
              form.focusInvalid();
              return;
            }
            // spec 2 §8: sign-up failure → the message as an alert
            setFailure(error instanceof ApiError ? error.message : t('signup.errors.network'));
          },
        },
      );
    },
    () => setFailure(null),
  );

  const input = (field: SignupField) => ({ ...form.bind(field), required: true });
  const change = (field: SignupField) => (value: string) => {
    // a changed e-mail is no longer known to exist
    if (field === 'email' && taken.current) setEmailTaken(false);
    form.setValue(field, value);
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={create.isPending}>
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
          <FormInput
            {...input('firstName')}
            type="name"
            title={t('signup.form.firstName')}
            autoComplete="given-name"
            limit={64}
          />
          <FormInput {...input('lastName')} type="name" title={t('signup.form.lastName')} autoComplete="family-name" limit={64} />
        </SimpleGrid>
        <FormInput
          {...input('email')}
          onChange={change('email')}
          type="email"
          title={t('signup.form.email')}
          limit={255}
          onBlur={() => void checkEmail()}
        />
        <FormInput
          {...input('phone')}
          type="phone"
          title={t('signup.form.phone')}
          description={t('signup.form.phoneHint')}
          limit={16}
          normalize={phoneInput}
        />
        <FormInput
          {...input('password')}
          type="newPassword"
          title={t('signup.form.password')}
          description={t('signup.form.passwordRule')}
          passwordToggleLabel={t('signup.form.togglePassword')}
        />
        <FormInput
          {...input('confirmPassword')}
          type="newPassword"
          title={t('signup.form.confirmPassword')}
          passwordToggleLabel={t('signup.form.toggleConfirmPassword')}
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
