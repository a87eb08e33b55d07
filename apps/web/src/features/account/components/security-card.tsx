// spec 1 §4 / §5 / §8: the security card (password change). Each status message shows 5 seconds, then resets on its own.
import { Alert, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import type { ServerAnswer } from '@portal/domain/errors';
import { MSG } from '@portal/domain/message-keys';
import type { PasswordChangeInput } from '@portal/domain/profile';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { type FormErrors, messageText, useForm } from '../../../components/form/use-form';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useChangePassword } from '../api/change-password';
import { loadAccountRules, preloadAccountRules } from '../forms/load-account-rules';

type PasswordField = keyof PasswordChangeInput;
const FIELDS: PasswordField[] = ['password', 'newPassword', 'confirmNewPassword'];
const EMPTY: PasswordChangeInput = { password: '', newPassword: '', confirmNewPassword: '' };

/** spec 1 §4: the flags of the password change: success, incorrect password, mismatch, complexity (and any other answer). */
type Flag = 'success' | 'incorrectPassword' | 'mismatch' | 'complexity' | 'other';

function flagOf(key: string): Flag {
  if (key === MSG.passwordChanged) return 'success';
  if (key === MSG.currentPasswordWrong) return 'incorrectPassword';
  if (key === MSG.passwordMismatch) return 'mismatch';
  if (key === MSG.passwordComplexity) return 'complexity';
  return 'other';
}

function useTimedFlags() {
  const [flags, setFlags] = useState<Partial<Record<Flag, { key: string; values?: Record<string, string | number> }>>>({});
  const timers = useRef(new Map<Flag, ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const timer of all.values()) clearTimeout(timer);
    };
  }, []);
  const raise = useCallback((flag: Flag, message: { key: string; values?: Record<string, string | number> }, showMs: number) => {
    setFlags((f) => ({ ...f, [flag]: message }));
    clearTimeout(timers.current.get(flag));
    timers.current.set(
      flag,
      setTimeout(() => {
        timers.current.delete(flag);
        setFlags(({ [flag]: _gone, ...rest }) => rest);
      }, showMs),
    );
  }, []);
  // issue 9: an old error goes on the next attempt (the success message stays its 5 seconds).
  const clearErrors = useCallback(() => {
    for (const [flag, timer] of timers.current) {
      if (flag === 'success') continue;
      clearTimeout(timer);
      timers.current.delete(flag);
    }
    setFlags(({ success }) => (success ? { success } : {}));
  }, []);
  return { flags, raise, clearErrors };
}

/** The field a server refusal is about (its input shows invalid and points at the message). */
const FLAG_FIELD: Partial<Record<Flag, PasswordField>> = {
  incorrectPassword: 'password',
  complexity: 'newPassword',
  mismatch: 'confirmNewPassword',
};

/** `email`: the account's sign-in, named in the form for password managers (which account the new password is for). */
export function SecurityCard({ userId, email }: { userId: string; email?: string }) {
  const { t } = useTranslation();
  const changePassword = useChangePassword();
  const { flags, raise, clearErrors } = useTimedFlags();
  const idBase = useId();
  const reasonId = `${idBase}-update-reason`;
  const [visible, setVisible] = useState<Record<PasswordField, boolean>>({
    password: false,
    newPassword: false,
    confirmNewPassword: false,
  });
  // The portal's one form state (issue 21 §3; not react-hook-form: issue 9, its 13 KB were a twelfth of the account
  // page's first load on a phone). spec 1 §5: Update stays disabled until the form is valid, so validity follows every
  // keystroke (the domain's password-change schema, loaded with the account rules); the empty form is not valid.
  // spec 2 §5: a field's message shows once the field has been left (or after a submit).
  const form = useForm<PasswordChangeInput>({
    initialValues: EMPTY,
    validate: async (v) => {
      const { passwordChangeErrors } = await loadAccountRules();
      const found: FormErrors<PasswordChangeInput> = {};
      for (const [field, key] of Object.entries(passwordChangeErrors(v))) if (key) found[field as PasswordField] = { key };
      return found;
    },
  });
  const { values, errors, touched } = form;
  // the empty form is not valid: validity is known once a check ran after a change
  const [checked, setChecked] = useState(false);
  const isValid = checked && form.isValid && FIELDS.every((f) => values[f] !== '');
  const isSubmitting = form.submitting;

  const onSubmit = form.handleSubmit(async (submitted) => {
    clearErrors();
    let answer: ServerAnswer;
    try {
      answer = await changePassword.mutateAsync({ userId, ...submitted });
    } catch (err) {
      answer =
        err instanceof ApiError
          ? { errorCode: err.errorCode, message: err.message, fieldErrors: err.fieldErrors }
          : { errorCode: 'RM_ERROR_SYSTEM', message: '' };
    }
    const { mapPasswordChangeAnswer, PASSWORD_STATUS_MESSAGE_MS } = await loadAccountRules();
    const outcome = mapPasswordChangeAnswer(answer);
    raise(flagOf(outcome.key), { key: outcome.key, values: outcome.ok ? undefined : outcome.values }, PASSWORD_STATUS_MESSAGE_MS);
    // spec 1 §4: success clears the form
    if (outcome.ok) {
      form.reset(EMPTY);
      setChecked(false);
    }
  });

  const order: Flag[] = ['success', 'incorrectPassword', 'mismatch', 'complexity', 'other'];
  const flaggedField = (name: PasswordField): Flag | undefined =>
    (Object.keys(FLAG_FIELD) as Flag[]).find((f) => FLAG_FIELD[f] === name && flags[f]);

  // spec 1 §5: Update is disabled until the form is valid; the reason is said next to it (issue 9).
  let disabledReason: string | null = null;
  if (!isValid && !isSubmitting) {
    if (FIELDS.some((f) => !values[f])) disabledReason = t('account.security.disabledReason.incomplete');
    else if (errors.newPassword) disabledReason = t('account.security.disabledReason.complexity');
    else disabledReason = t('account.security.disabledReason.mismatch');
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="account-security-title">
      <form onSubmit={(e) => void onSubmit(e)} onFocus={preloadAccountRules} onPointerDown={preloadAccountRules} noValidate>
        {/* not shown: a password manager reads which account this password form is for (Chrome asks for it) */}
        <input type="text" name="username" autoComplete="username" value={email ?? ''} readOnly hidden />
        <Stack gap="md">
          <Title order={2} size="h3" id="account-security-title">
            {t('account.security.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('account.security.hint')}
          </Text>
          {FIELDS.map((name) => {
            const serverFlag = flaggedField(name);
            const serverMessage = serverFlag ? flags[serverFlag] : undefined;
            const serverText = serverMessage ? t(serverMessage.key, serverMessage.values) : undefined;
            const error = errors[name];
            const shownError = (touched[name] || form.submitted) && error ? messageText(t, error) : undefined;
            const field = form.bind(name);
            return (
              <PasswordInput
                key={name}
                name={name}
                value={field.value}
                onChange={(e) => {
                  setChecked(true);
                  field.onChange(e.currentTarget.value);
                }}
                onBlur={field.onRevalidate}
                label={t(`account.security.${name}`)}
                autoComplete={name === 'password' ? 'current-password' : 'new-password'}
                withAsterisk
                // spec 2 §5: a password field is valid while untouched; its message shows once it has been left
                // A server refusal about this field is said at the field, as an alert, for its 5 seconds (issue 9).
                error={shownError ?? serverText}
                errorProps={!shownError && serverText ? { role: 'alert' } : undefined}
                // PasswordInput leaves aria-invalid off its input: set it here (issue 9: the field shows invalid).
                aria-invalid={shownError || serverText ? true : undefined}
                visible={visible[name]}
                onVisibilityChange={(v) => setVisible((s) => ({ ...s, [name]: v }))}
                visibilityToggleFocusable
                visibilityToggleButtonProps={{
                  'aria-label': t(visible[name] ? `account.security.hide.${name}` : `account.security.show.${name}`),
                  'aria-pressed': visible[name],
                }}
              />
            );
          })}
          {order.map((flag) => {
            const message = flags[flag];
            // A refusal about one field shows at that field.
            if (!message || FLAG_FIELD[flag]) return null;
            return (
              <Alert key={flag} color={flag === 'success' ? 'green' : 'red'} role={flag === 'success' ? 'status' : 'alert'}>
                {t(message.key, message.values)}
              </Alert>
            );
          })}
          <Group justify="flex-end" align="center">
            {disabledReason && (
              <Text id={reasonId} size="sm" c="dimmed" ta="right" style={{ flex: '1 1 14rem' }}>
                {disabledReason}
              </Text>
            )}
            <Button
              type="submit"
              loading={isSubmitting}
              disabled={!isValid || isSubmitting}
              aria-describedby={disabledReason ? reasonId : undefined}
              style={{ flexShrink: 0 }}
            >
              {t('account.security.update')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
