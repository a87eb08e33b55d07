// spec 1 §4 / §5 / §8: the security card (password change). Each status message shows 5 seconds, then resets on its own.
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { mapPasswordChangeAnswer, PASSWORD_STATUS_MESSAGE_MS } from '@portal/domain/errors';
import { MSG } from '@portal/domain/message-keys';
import { type PasswordChangeInput, passwordChangeSchema } from '@portal/domain/profile';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';

type PasswordField = keyof PasswordChangeInput;
const FIELDS: PasswordField[] = ['password', 'newPassword', 'confirmNewPassword'];

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
  const raise = useCallback((flag: Flag, message: { key: string; values?: Record<string, string | number> }) => {
    setFlags((f) => ({ ...f, [flag]: message }));
    clearTimeout(timers.current.get(flag));
    timers.current.set(
      flag,
      setTimeout(() => {
        timers.current.delete(flag);
        setFlags(({ [flag]: _gone, ...rest }) => rest);
      }, PASSWORD_STATUS_MESSAGE_MS),
    );
  }, []);
  return { flags, raise };
}

export function SecurityCard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const { flags, raise } = useTimedFlags();
  const [visible, setVisible] = useState<Record<PasswordField, boolean>>({
    password: false,
    newPassword: false,
    confirmNewPassword: false,
  });
  const form = useForm<PasswordChangeInput>({
    resolver: zodResolver(passwordChangeSchema),
    // spec 1 §5: Update stays disabled until the form is valid, so validity follows every keystroke
    mode: 'all',
    defaultValues: { password: '', newPassword: '', confirmNewPassword: '' },
  });
  const { control, handleSubmit, formState, reset, watch, trigger, getFieldState } = form;

  // the confirmation's mismatch message follows a later change of the new password
  const newPassword = watch('newPassword');
  useEffect(() => {
    if (newPassword !== undefined && getFieldState('confirmNewPassword').isTouched) void trigger('confirmNewPassword');
  }, [newPassword, getFieldState, trigger]);

  const onSubmit = handleSubmit(async (values) => {
    let answer: Parameters<typeof mapPasswordChangeAnswer>[0];
    try {
      answer = await change.mutateAsync({ userId, ...values });
    } catch (err) {
      answer =
        err instanceof ApiError
          ? { errorCode: err.errorCode, message: err.message, fieldErrors: err.fieldErrors }
          : { errorCode: 'RM_ERROR_SYSTEM', message: '' };
    }
    const outcome = mapPasswordChangeAnswer(answer);
    raise(flagOf(outcome.key), { key: outcome.key, values: outcome.ok ? undefined : outcome.values });
    // spec 1 §4: success clears the form
    if (outcome.ok) reset();
  });

  const order: Flag[] = ['success', 'incorrectPassword', 'mismatch', 'complexity', 'other'];

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="account-security-title">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h3" id="account-security-title">
            {t('account.security.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('account.security.hint')}
          </Text>
          {FIELDS.map((name) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field, fieldState }) => (
                <PasswordInput
                  {...field}
                  label={t(`account.security.${name}`)}
                  autoComplete={name === 'password' ? 'current-password' : 'new-password'}
                  withAsterisk
                  // spec 2 §5: a password field is valid while untouched; its message shows once it has been left
                  error={
                    (fieldState.isTouched || formState.isSubmitted) && fieldState.error?.message
                      ? t(fieldState.error.message)
                      : undefined
                  }
                  visible={visible[name]}
                  onVisibilityChange={(v) => setVisible((s) => ({ ...s, [name]: v }))}
                  visibilityToggleFocusable
                  visibilityToggleButtonProps={{
                    'aria-label': t(visible[name] ? `account.security.hide.${name}` : `account.security.show.${name}`),
                    'aria-pressed': visible[name],
                  }}
                />
              )}
            />
          ))}
          {order.map((flag) => {
            const message = flags[flag];
            if (!message) return null;
            return (
              <Alert key={flag} color={flag === 'success' ? 'green' : 'red'} role={flag === 'success' ? 'status' : 'alert'}>
                {t(message.key, message.values)}
              </Alert>
            );
          })}
          <Group justify="flex-end">
            <Button type="submit" loading={formState.isSubmitting} disabled={!formState.isValid || formState.isSubmitting}>
              {t('account.security.update')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
