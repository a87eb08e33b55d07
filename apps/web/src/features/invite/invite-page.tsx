// /invite/{token} (issue 23): the page of a manager's invitation link. The invitee sees the company, property, unit,
// start date and rent, then creates an account (the invited e-mail fixed; spec 2 §5 name and password rules) or, with
// an account already, signs in and accepts; then the dashboard with the lease. English and French (spec 1 §2 picker).

import {
  Alert,
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { toE164Phone, validateName, validatePassword, validatePhone } from '@portal/domain/input-fields';
import { signup } from '@portal/i18n/locales/en.json?lazy';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { focusFirstInvalid } from '../../components/form/focus-first-invalid';
import { LanguageSelect } from '../../components/language-select';
import { ErrorState, LoadingState } from '../../components/query-state';
import { useDocumentTitle } from '../../components/use-document-title';
import { ApiError } from '../../lib/api-client';
import { formatAmount, formatDate } from '../../lib/format';
import { addEnglish, toLang, useTranslation } from '../../lib/i18n';
import { useLang } from '../../lib/locale';
import { useNavigate } from '../../lib/navigation';
import { setToken } from '../../lib/session';
import { useSessionUser } from '../../lib/use-session-user';
import { type PublicInvitation, useAcceptInvitation, useInvitation } from './api';

addEnglish({ signup });

function Frame({ children }: { children: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  return (
    <Container size={560} py="xl" px="sm" component="main">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Title order={1} size="h2">
            {t('signup.invite.title')}
          </Title>
          <LanguageSelect value={toLang(i18n.language)} onChange={(lang) => void i18n.changeLanguage(lang)} size="xs" />
        </Group>
        {children}
      </Stack>
    </Container>
  );
}

function Offer({ invitation }: { invitation: PublicInvitation }) {
  const { t } = useTranslation();
  const lang = useLang();
  const currency = invitation.country === 'US' ? 'USD' : 'CAD';
  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Text>{t('signup.invite.intro', { company: invitation.companyName })}</Text>
        <Text fw={600}>
          {invitation.propertyName}
          {invitation.unit ? ` · ${t('signup.invite.unit', { unit: invitation.unit })}` : ''}
        </Text>
        {invitation.startDate && (
          <Text size="sm">{t('signup.invite.startDate', { date: formatDate(invitation.startDate, lang) })}</Text>
        )}
        {invitation.charges.length > 0 && (
          <Table withRowBorders={false} verticalSpacing={2}>
            <Table.Caption style={{ captionSide: 'top', textAlign: 'start' }}>{t('signup.invite.monthly')}</Table.Caption>
            <Table.Tbody>
              {invitation.charges.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; two lines may share a code
                <Table.Tr key={i}>
                  <Table.Td>{c.name}</Table.Td>
                  <Table.Td ta="end">{formatAmount(c.amount, currency, lang)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}

export function InvitePage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  const user = useSessionUser();
  useDocumentTitle(t('signup.invite.title'));

  if (invitation.isPending) {
    return (
      <Frame>
        <LoadingState />
      </Frame>
    );
  }
  if (invitation.isError) {
    const invalid = invitation.error instanceof ApiError && invitation.error.status === 404;
    return (
      <Frame>
        {invalid ? (
          <Alert color="red" variant="light" role="alert" title={t('signup.invite.invalidTitle')}>
            {invitation.error.message}
          </Alert>
        ) : (
          <ErrorState error={invitation.error} onRetry={() => void invitation.refetch()} />
        )}
        <Anchor component={Link} to="/signin">
          {t('signup.invite.goToSignIn')}
        </Anchor>
      </Frame>
    );
  }
  const inv = invitation.data;
  const signedInTenant = user?.type === 'TYPE_CUSTOMER' ? user : null;
  return (
    <Frame>
      <Offer invitation={inv} />
      {user && !signedInTenant ? (
        <Alert color="yellow" variant="light" role="alert">
          {t('signup.invite.consoleSession')}{' '}
          <Anchor component={Link} to="/logout">
            {t('signup.invite.signOut')}
          </Anchor>
        </Alert>
      ) : signedInTenant ? (
        <AttachForm token={token} email={inv.email} />
      ) : (
        <SignUpForm token={token} invitation={inv} />
      )}
    </Frame>
  );
}

/** On success: the token, then the dashboard with the lease (everything cached before is someone else's view). */
function useSignedIn() {
  const navigate = useNavigate();
  const qc = useQueryClient();
  return (accessToken: string) => {
    qc.clear();
    setToken(accessToken);
    void navigate('/customer/dashboard', { replace: true });
  };
}

function AttachForm({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation();
  const accept = useAcceptInvitation(token);
  const signedIn = useSignedIn();
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Text>{t('signup.invite.attach', { email })}</Text>
        {accept.isError && (
          <Alert color="red" variant="light" role="alert">
            {accept.error.message}
          </Alert>
        )}
        <Button
          w="fit-content"
          loading={accept.isPending}
          onClick={() => accept.mutate({}, { onSuccess: (a) => signedIn(a.access_token) })}
        >
          {t('signup.invite.accept')}
        </Button>
      </Stack>
    </Paper>
  );
}

function SignUpForm({ token, invitation }: { token: string; invitation: PublicInvitation }) {
  const { t } = useTranslation();
  const accept = useAcceptInvitation(token);
  const signedIn = useSignedIn();
  const [firstName, setFirstName] = useState(invitation.firstName ?? '');
  const [lastName, setLastName] = useState(invitation.lastName ?? '');
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const signInNext = `/signin?next=${encodeURIComponent(`/invite/${token}`)}`;

  const rule = (r: ReturnType<typeof validateName>) => (r.ok ? undefined : t(r.key, r.values));
  const errors: Record<string, string | undefined> = submitted
    ? {
        firstName: rule(validateName(firstName)),
        lastName: rule(validateName(lastName)),
        phone: rule(validatePhone(phone)),
        password: rule(validatePassword(password)),
        confirmPassword: !confirmPassword
          ? t('validation.requiredField')
          : confirmPassword !== password
            ? t('validation.password.mismatch')
            : undefined,
      }
    : {};
  for (const [k, v] of Object.entries(serverErrors)) errors[k] = errors[k] ?? v;
  const accountExists = accept.error instanceof ApiError && accept.error.errorCode === 'RM_ERROR_RECORD_ALREADY_EXIST';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const invalid =
      !validateName(firstName).ok || !validateName(lastName).ok || !validatePassword(password).ok || confirmPassword !== password;
    if (invalid) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    accept.mutate(
      {
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        phone: toE164Phone(phone) ?? phone.trim(),
        password,
        confirmPassword,
      },
      {
        onSuccess: (a) => signedIn(a.access_token),
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors.length) {
            setServerErrors(Object.fromEntries(error.fieldErrors.map((f) => [f.field, f.message])));
            requestAnimationFrame(() => focusFirstInvalid(formRef.current));
          }
        },
      },
    );
  };

  return (
    <Paper withBorder p="md">
      <form ref={formRef} onSubmit={submit} noValidate aria-label={t('signup.invite.createAccount')}>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('signup.invite.createAccount')}
          </Title>
          <TextInput
            label={t('signup.invite.email')}
            value={invitation.email}
            readOnly
            description={t('signup.invite.emailFixed')}
          />
          <TextInput
            label={t('signup.invite.firstName')}
            required
            autoComplete="given-name"
            value={firstName}
            onChange={(e) => {
              setServerErrors({});
              setFirstName(e.currentTarget.value);
            }}
            error={errors.firstName}
            aria-invalid={!!errors.firstName}
          />
          <TextInput
            label={t('signup.invite.lastName')}
            required
            autoComplete="family-name"
            value={lastName}
            onChange={(e) => {
              setServerErrors({});
              setLastName(e.currentTarget.value);
            }}
            error={errors.lastName}
            aria-invalid={!!errors.lastName}
          />
          <TextInput
            label={t('signup.invite.phone')}
            description={t('signup.invite.phoneHint')}
            required
            type="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => {
              setServerErrors({});
              setPhone(e.currentTarget.value);
            }}
            error={errors.phone}
            aria-invalid={!!errors.phone}
          />
          <PasswordInput
            label={t('signup.invite.password')}
            description={t('signup.invite.passwordHint')}
            required
            autoComplete="new-password"
            value={password}
            onChange={(e) => {
              setServerErrors({});
              setPassword(e.currentTarget.value);
            }}
            error={errors.password}
            aria-invalid={!!errors.password}
          />
          <PasswordInput
            label={t('signup.invite.confirmPassword')}
            required
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(e) => {
              setServerErrors({});
              setConfirmPassword(e.currentTarget.value);
            }}
            error={errors.confirmPassword}
            aria-invalid={!!errors.confirmPassword}
          />
          {accept.isError && !(accept.error instanceof ApiError && accept.error.fieldErrors.length) && (
            <Alert color="red" variant="light" role="alert">
              {accept.error.message}
              {accountExists && (
                <>
                  {' '}
                  <Anchor component={Link} to={signInNext}>
                    {t('signup.invite.signIn')}
                  </Anchor>
                </>
              )}
            </Alert>
          )}
          <Button type="submit" loading={accept.isPending} w="fit-content">
            {t('signup.invite.submit')}
          </Button>
          <Text size="sm">
            {t('signup.invite.haveAccount')}{' '}
            <Anchor component={Link} to={signInNext}>
              {t('signup.invite.signIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </Paper>
  );
}
