// spec 1 §4 Terms, spec 2 §2 "Terms of use": a modal over everything until accepted. It cannot be closed
// (no close button, Escape and outside clicks do nothing) and traps focus. Accepting posts acceptterms; only an
// answer saying acknowledgedTerms true closes it (the customer query reloads and the gate unmounts the modal).
import { Alert, Box, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAcceptTerms } from '../../api/customer/accept-terms';
import { ApiError } from '../../lib/api-client';
import { addEnglish, toLang } from '../../lib/i18n';
import { terms } from '../../locales/en.json?lazy';
import { loadTerms } from './load-terms';
import { TermsDocumentView } from './terms-document-view';

export interface TermsModalProps {
  customerId: string;
  /** An admin viewing the portal as the tenant: they see the terms but only the tenant may accept them. */
  mimicking?: boolean;
  tenantName?: string;
  onStopMimic?: () => void;
  stoppingMimic?: boolean;
}

addEnglish({ terms });

const noop = () => {};

export function TermsModal({ customerId, mimicking = false, tenantName, onStopMimic, stoppingMimic }: TermsModalProps) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const content = useQuery({
    queryKey: ['terms-content', lang],
    queryFn: () => loadTerms(lang),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const accept = useAcceptTerms(customerId);
  const [refused, setRefused] = useState(false);

  const onAccept = () => {
    setRefused(false);
    accept.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer?.acknowledgedTerms !== true) setRefused(true);
      },
    });
  };

  let error: string | null = null;
  if (refused) error = t('terms.notAccepted');
  else if (accept.error) {
    const e = accept.error;
    if (e instanceof ApiError && e.errorCode === 'RM_ERROR_RECORD_VALIDATION') error = t('domain.terms.notEligible');
    else if (e instanceof ApiError && e.status === 429) error = t('errors.tooManyRequests');
    else if (e instanceof ApiError && e.status < 500 && e.message) error = e.message;
    else if (e instanceof TypeError) error = t('common.networkError');
    else error = t('terms.acceptFailed');
  }

  return (
    <Modal
      opened
      onClose={noop}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      trapFocus
      returnFocus
      centered
      size="xl"
      fullScreen={!!fullScreen}
      zIndex={3000}
      title={t('terms.title')}
      overlayProps={{ backgroundOpacity: 0.6, blur: 2 }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
      data-testid="terms-modal"
    >
      <Stack gap="md">
        <Text size="sm">{t('terms.lead')}</Text>
        <Box
          role="region"
          aria-label={t('terms.documentLabel')}
          // Keyboard users scroll the text with the arrow keys.
          tabIndex={0}
          style={{
            maxHeight: fullScreen ? 'calc(100dvh - 280px)' : '55vh',
            minHeight: 160,
            overflowY: 'auto',
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 'var(--mantine-radius-sm)',
            padding: 'var(--mantine-spacing-md)',
          }}
        >
          {content.isPending && (
            <Group gap="sm" role="status">
              <Loader size="sm" aria-hidden />
              <Text size="sm">{t('terms.loading')}</Text>
            </Group>
          )}
          {content.isError && (
            <Alert color="red" role="alert">
              <Text size="sm">{t('terms.loadFailed')}</Text>
              <Button mt="xs" size="xs" variant="white" color="red" onClick={() => void content.refetch()}>
                {t('common.retry')}
              </Button>
            </Alert>
          )}
          {content.data && <TermsDocumentView doc={content.data} />}
        </Box>
        <Text size="xs" c="dimmed">
          {t('terms.englishGoverns')}
        </Text>
        {error && (
          <Alert color="red" role="alert" variant="light">
            {error}
          </Alert>
        )}
        {mimicking && (
          <Alert color="yellow" variant="light">
            {t('terms.onlyTenant', { name: tenantName ?? '' })}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {mimicking && onStopMimic && (
            <Button variant="default" onClick={onStopMimic} loading={stoppingMimic}>
              {t('shell.mimic.stop')}
            </Button>
          )}
          <Button onClick={onAccept} loading={accept.isPending} disabled={mimicking || !content.data} data-autofocus>
            {t('terms.accept')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
