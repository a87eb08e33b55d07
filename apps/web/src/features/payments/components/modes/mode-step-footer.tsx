// The end of the instalment and redirect (paysafe cash, union pay) steps: the focused failure alert (spec 1 §8), then
// Back (when the step has somewhere to go back to) and Continue.
import { Alert, Button, Group } from '@mantine/core';
import type { RefObject } from 'react';
import { useTranslation } from '../../../../lib/i18n';

/** A failed attempt: its title and, when the server gave one, the reason under it. */
export type StepFailure = { title: string; detail: string | null };

interface Props {
  failure: StepFailure | null;
  failureRef: RefObject<HTMLDivElement | null>;
  pending: boolean;
  onContinue: () => void;
  continueDisabled?: boolean;
  onBack?: () => void;
}

export function ModeStepFooter({ failure, failureRef, pending, onContinue, continueDisabled, onBack }: Props) {
  const { t } = useTranslation();
  return (
    <>
      {failure && (
        <Alert color="red" role="alert" ref={failureRef} tabIndex={-1} title={failure.title}>
          {failure.detail}
        </Alert>
      )}
      <Group justify={onBack ? 'space-between' : 'flex-end'} gap="sm">
        {onBack && (
          <Button variant="default" onClick={onBack} disabled={pending}>
            {t('payments.modes.back')}
          </Button>
        )}
        <Button onClick={onContinue} loading={pending} disabled={continueDisabled}>
          {t('payments.modes.continue')}
        </Button>
      </Group>
    </>
  );
}
