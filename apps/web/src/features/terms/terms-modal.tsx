// spec 1 §4 Terms, spec 2 §2 "Terms of use": a modal over everything until accepted. It cannot be closed
// (no close button, Escape and outside clicks do nothing) and traps focus: it opens with focus on its heading, so the
// covered page is out of the tab order (issue 9). It offers the language choice (saved as spec 1 §4 says; the terms
// text follows it). Accepting posts acceptterms; only an answer saying acknowledgedTerms true closes it (the customer
// query reloads and the gate unmounts the modal). spec 2 §5 Terms eligibility needs a known birth date: when it is
// missing the modal asks for it in place and saves it before accepting.
import { Alert, Box, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { termsEligibilityProblems, termsProblemMessage, validateBirthDate } from '@portal/domain/profile';
import { terms } from '@portal/i18n/locales/en.json?lazy';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useAcceptTerms } from '../../api/customer/accept-terms';
import { useCustomer } from '../../api/customer/get-customer';
import { useUpdateCustomer } from '../../api/customer/update-customer';
import { DateField } from '../../components/date-field';
import { useForm } from '../../components/form/use-form';
import { LanguageSelect } from '../../components/language-select';
import { ApiError } from '../../lib/api-client';
import { addEnglish, type Lang, toLang, useTranslation } from '../../lib/i18n';
import { localToday } from '../../lib/locale';
import { loadTerms } from './load-terms';
import { TermsDocumentView } from './terms-document-view';

export interface TermsModalProps {
  customerId: string;
  /** An admin viewing the portal as the tenant: they see the terms but only the tenant may accept them. */
  mimicking?: boolean;
  tenantName?: string;
  onStopMimic?: () => void;
  stoppingMimic?: boolean;
  /** The language choice (the shell's: saved to the customer, spec 1 §4). */
  lang?: Lang;
  onLanguageChange?: (lang: Lang) => void;
  languageSaving?: boolean;
}

addEnglish({ terms });

const noop = () => {};

export function TermsModal({
  customerId,
  mimicking = false,
  tenantName,
  onStopMimic,
  stoppingMimic,
  lang: chosenLang,
  onLanguageChange,
  languageSaving = false,
}: TermsModalProps) {
  const { t, i18n } = useTranslation();
  const lang = chosenLang ?? toLang(i18n.language);
  const fullScreen = useMediaQuery('(max-width: 36em)');
  const content = useQuery({
    queryKey: ['terms-content', lang],
    queryFn: () => loadTerms(lang),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const customer = useCustomer(customerId);
  const accept = useAcceptTerms(customerId);
  const saveBirthDate = useUpdateCustomer(customerId);
  const [refused, setRefused] = useState(false);
  // issue 21 §3: the portal's one form state for the missing birth date (spec 2 §5: 18 or older, the date picker's rules)
  const birthForm = useForm<{ birthDate: string }>({
    initialValues: { birthDate: '' },
    validate: ({ birthDate }) => {
      const check = validateBirthDate(birthDate, localToday());
      return check.ok ? {} : { birthDate: { key: check.key, values: check.values } };
    },
  });
  // The server may say the birth date is missing even when the cached record had one (changed elsewhere).
  const [serverAsksBirthDate, setServerAsksBirthDate] = useState(false);

  const today = localToday();
  const problems = customer.data
    ? termsEligibilityProblems({ birthDate: customer.data.birthDate, country: customer.data.country, today })
    : [];
  const asksBirthDate = problems.includes('birthDateMissing') || serverAsksBirthDate;
  // Problems the tenant cannot fix here (age, country): said before they try.
  const blocking = problems.filter((p) => p !== 'birthDateMissing');

  const sendAcceptance = () =>
    accept.mutate(undefined, {
      onSuccess: (answer) => {
        if (answer?.acknowledgedTerms !== true) setRefused(true);
      },
      onError: (e) => {
        if (
          e instanceof ApiError &&
          e.fieldErrors.some((f) => f.field === 'birthDate' && f.errorCode === 'RM_ERROR_REQUIRED_FIELD')
        ) {
          setServerAsksBirthDate(true);
        }
      },
    });

  const saveAndAccept = birthForm.handleSubmit(({ birthDate }) => {
    saveBirthDate.mutate(
      { birthDate },
      {
        onSuccess: () => {
          setServerAsksBirthDate(false);
          sendAcceptance();
        },
        onError: (e) => {
          const fe = e instanceof ApiError ? e.fieldErrors.find((f) => f.field === 'birthDate') : undefined;
          // The server's message is in the UI's language (it follows Accept-Language).
          birthForm.setFieldError('birthDate', {
            serverText: fe?.message ?? (e instanceof ApiError ? e.message : t('terms.acceptFailed')),
          });
        },
      },
    );
  });

  const onAccept = () => {
    setRefused(false);
    accept.reset();
    if (!asksBirthDate) return sendAcceptance();
    // a refused date is focused by the one focus rule (the field is in the birth-date form)
    void saveAndAccept();
  };

  let error: string | null = null;
  if (refused) error = t('terms.notAccepted');
  else if (accept.error) {
    const e = accept.error;
    if (e instanceof ApiError && e.status === 429) error = t('errors.tooManyRequests');
    else if (e instanceof ApiError && serverAsksBirthDate) error = null;
    else if (e instanceof ApiError && e.status < 500 && e.message) error = e.message;
    else if (e instanceof TypeError) error = t('common.networkError');
    else error = t('terms.acceptFailed');
  }
  const busy = accept.isPending || saveBirthDate.isPending;

  return (
    <Modal.Root
      opened
      onClose={noop}
      closeOnEscape={false}
      closeOnClickOutside={false}
      trapFocus
      returnFocus
      centered
      size="xl"
      fullScreen={!!fullScreen}
      zIndex={3000}
      data-testid="terms-modal"
    >
      <Modal.Overlay backgroundOpacity={0.6} blur={2} />
      <Modal.Content>
        <Modal.Header>
          {/* The focus trap starts here: the dialog's name is read first and Tab stays inside (issue 9). */}
          <Modal.Title tabIndex={-1} data-autofocus fw={700} fz="xl">
            {t('terms.title')}
          </Modal.Title>
          {onLanguageChange && <LanguageSelect value={lang} onChange={onLanguageChange} disabled={languageSaving} size="xs" />}
        </Modal.Header>
        <Modal.Body>
          <Stack gap="md">
            <Text size="sm">{t('terms.lead')}</Text>
            <Box
              role="region"
              aria-label={t('terms.documentLabel')}
              // Keyboard users scroll the text with the arrow keys.
              tabIndex={0}
              lang={lang}
              style={{
                maxHeight: fullScreen ? 'calc(100dvh - 320px)' : '50vh',
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
            {asksBirthDate && !mimicking && (
              <form
                ref={birthForm.formRef}
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  onAccept();
                }}
              >
                <Stack gap={4}>
                  <Text size="sm">{t('terms.birthDateNeeded')}</Text>
                  {/* spec 2 §4/§5: typed yyyy-mm-dd and spelled back DD-MMM-YYYY in the portal's language;
                      validateBirthDate (18 or older) judges it on accept, as before */}
                  <DateField
                    {...birthForm.bind('birthDate')}
                    id="terms-birth-date"
                    title={t('terms.birthDate')}
                    description={t('terms.birthDateHint')}
                    autoComplete="bday"
                    required
                    maw={260}
                  />
                </Stack>
              </form>
            )}
            {blocking.map((p) => {
              const m = termsProblemMessage(p);
              return (
                <Alert key={p} color="yellow" variant="light">
                  {t(m.key, m.values)}
                </Alert>
              );
            })}
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
              <Button onClick={onAccept} loading={busy} disabled={mimicking || !content.data}>
                {t('terms.accept')}
              </Button>
            </Group>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
