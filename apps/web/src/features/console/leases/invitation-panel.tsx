// The lease's invitation (issue 23): send, resend, revoke, and the link to copy (the demo works without mail).
import { Alert, Badge, Button, CopyButton, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { validateEmail, validateName } from '@portal/domain/input-fields';
import { type FormEvent, useRef, useState } from 'react';
import { focusFirstInvalid } from '../../../components/form/focus-first-invalid';
import { ApiError } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { type ConsoleLease, useInviteTenant, useRevokeInvitation } from './api/leases';

const STATE_COLOR = { PENDING: 'blue', EXPIRED: 'orange', ACCEPTED: 'teal', REVOKED: 'gray' } as const;

export function InvitationPanel({ lease }: { lease: ConsoleLease }) {
  const { t } = useTranslation();
  const lang = useLang();
  const invite = useInviteTenant(lease.id);
  const revoke = useRevokeInvitation(lease.id);
  const current = lease.invitation;
  const [email, setEmail] = useState(current?.email ?? '');
  const [firstName, setFirstName] = useState(current?.firstName ?? '');
  const [lastName, setLastName] = useState(current?.lastName ?? '');
  const [languageCode, setLanguageCode] = useState<'en' | 'fr'>(current?.languageCode === 'fr' ? 'fr' : lang);
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [sent, setSent] = useState<{ link: string; mailSent: boolean } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const ruleError = (value: string, rule: typeof validateEmail) => {
    const r = rule(value);
    return r.ok ? undefined : t(r.key, r.values);
  };
  const errors: Record<string, string | undefined> = {
    email: serverErrors.email ?? (submitted ? ruleError(email.trim(), validateEmail) : undefined),
    firstName: serverErrors.firstName ?? (submitted ? ruleError(firstName, validateName) : undefined),
    lastName: serverErrors.lastName ?? (submitted ? ruleError(lastName, validateName) : undefined),
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerErrors({});
    const invalid = [validateEmail(email.trim()), validateName(firstName), validateName(lastName)].some((r) => !r.ok);
    if (invalid) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    try {
      const answer = await invite.mutateAsync({
        email: email.trim(),
        firstName: firstName.trim(),
        lastName: lastName.trim(),
        languageCode,
      });
      setSent({ link: answer.link, mailSent: answer.mailSent });
      setSubmitted(false);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length) {
        setServerErrors(Object.fromEntries(error.fieldErrors.map((f) => [f.field, f.message])));
        requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      }
    }
  };

  const live = current && (current.state === 'PENDING' || current.state === 'EXPIRED');
  return (
    <Stack gap="sm">
      {current && (
        <Group gap="xs" wrap="wrap">
          <Text size="sm">{t('admin.leases.invite.current', { email: current.email })}</Text>
          <Badge color={STATE_COLOR[current.state]} variant="light">
            {t(`admin.leases.invite.state.${current.state}`)}
          </Badge>
          {current.state === 'PENDING' && (
            <Text size="xs" c="dimmed">
              {t('admin.leases.invite.expires', { date: formatDate(current.expiresAt, lang) })}
            </Text>
          )}
        </Group>
      )}
      {sent && (
        <Alert color="teal" variant="light" role="status" title={t('admin.leases.invite.sentTitle')}>
          <Stack gap="xs">
            <Text size="sm">{sent.mailSent ? t('admin.leases.invite.mailSent') : t('admin.leases.invite.mailNotSent')}</Text>
            <Text size="xs" style={{ overflowWrap: 'anywhere' }} data-testid="invitation-link">
              {sent.link}
            </Text>
            <CopyButton value={sent.link}>
              {({ copied, copy }) => (
                <Button size="xs" variant="light" onClick={copy} w="fit-content">
                  {copied ? t('admin.leases.invite.copied') : t('admin.leases.invite.copyLink')}
                </Button>
              )}
            </CopyButton>
          </Stack>
        </Alert>
      )}
      {invite.isError && !(invite.error instanceof ApiError && invite.error.fieldErrors.length) && (
        <Alert color="red" variant="light" role="alert">
          {invite.error.message}
        </Alert>
      )}
      <form ref={formRef} onSubmit={submit} noValidate aria-label={t('admin.leases.invite.title')}>
        <Stack gap="sm">
          <TextInput
            label={t('admin.leases.invite.email')}
            type="email"
            required
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
            aria-invalid={!!errors.email}
          />
          <Group grow wrap="wrap" align="flex-start">
            <TextInput
              label={t('admin.leases.invite.firstName')}
              required
              value={firstName}
              onChange={(e) => setFirstName(e.currentTarget.value)}
              error={errors.firstName}
              aria-invalid={!!errors.firstName}
              miw={140}
            />
            <TextInput
              label={t('admin.leases.invite.lastName')}
              required
              value={lastName}
              onChange={(e) => setLastName(e.currentTarget.value)}
              error={errors.lastName}
              aria-invalid={!!errors.lastName}
              miw={140}
            />
          </Group>
          <NativeSelect
            label={t('admin.leases.invite.language')}
            value={languageCode}
            onChange={(e) => setLanguageCode(e.currentTarget.value === 'fr' ? 'fr' : 'en')}
            data={[
              { value: 'en', label: t('common.languages.en') },
              { value: 'fr', label: t('common.languages.fr') },
            ]}
            maw={240}
          />
          <Group gap="sm">
            <Button type="submit" loading={invite.isPending}>
              {live ? t('admin.leases.invite.resend') : t('admin.leases.invite.send')}
            </Button>
            {live && (
              <Button
                variant="subtle"
                color="red"
                loading={revoke.isPending}
                onClick={() => {
                  setSent(null);
                  revoke.mutate();
                }}
              >
                {t('admin.leases.invite.revoke')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
