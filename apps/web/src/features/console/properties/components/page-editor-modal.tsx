// issue 23 "Properties": the console's editor of a company's onboarding page (name, auto-approval) and lease application
// page (name, template sections, custom fields, fee, screening switches: spec 2 §2 self sign-up, §3 the application
// template, §4 what the tenant's form then asks), as a modal the property page loads when it opens (a lazy chunk). Both
// show the page's public link with a copy button; a refusal of the server shows on its field in the user's language.
import { Alert, Button, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { normalizePageNameInput, PAGE_NAME_MAX_LENGTH } from '@portal/domain/company-pages';
import { useEffect, useRef, useState } from 'react';
import { FormInput } from '../../../../components/form/form-input';
import { useForm } from '../../../../components/form/use-form';
import { useErrorMessage } from '../../../../components/query-state';
import { ApiError } from '../../../../lib/api-client';
import { useTranslation } from '../../../../lib/i18n';
import { type LeaseApplicationPage, type OnBoardingPage, useSavePage } from '../api/properties';
import { ApplicationPageForm } from './application-page-form';
import { type OnBoardingPageValues, onBoardingPageBody, onBoardingPageValues, pageNameError } from './page-editor-values';
import { absoluteLink, PublicLink, previewLink } from './public-link';

export type PageTarget =
  | { kind: 'on_boarding_page'; page: OnBoardingPage | null }
  | { kind: 'lease_application_page'; page: LeaseApplicationPage | null };

export interface PageEditorModalProps {
  companyId: string;
  /** The company's country: the fee's currency. */
  country: string;
  /** The page to edit (page null: a new one); null: closed. */
  target: PageTarget | null;
  onClose: () => void;
}

const NARROW = '(max-width: 36em)';
export function PageEditorModal({ companyId, country, target, onClose }: PageEditorModalProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  // the page as last saved here: a created page is edited on (its public link shown) until the modal closes
  const [saved, setSaved] = useState<PageTarget | null>(null);
  // the content stays while the modal closes (its transition), so the focus returns to the opening button
  // each opening (a new target object) starts a fresh form; a page created in it stays in the same form
  const last = useRef<{ target: PageTarget | null; opening: number }>({ target: null, opening: 0 });
  if (target && target !== last.current.target) last.current = { target, opening: last.current.opening + 1 };
  // mounted closed, then opened: Mantine gives the focus back on close to what had it on opening, and skips a modal
  // mounted open (the lazy chunk's first opening)
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const current = saved ?? target ?? last.current.target;
  const key = last.current.opening;
  const close = () => {
    setSaved(null);
    onClose();
  };
  const name = current?.page?.name;
  const title = !current
    ? ''
    : current.kind === 'on_boarding_page'
      ? name
        ? t('admin.properties.pages.editor.onboardingEdit', { name })
        : t('admin.properties.pages.editor.onboardingNew')
      : name
        ? t('admin.properties.pages.editor.applicationEdit', { name })
        : t('admin.properties.pages.editor.applicationNew');
  return (
    <Modal
      opened={mounted && !!target}
      onClose={close}
      title={title}
      size="xl"
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {current?.kind === 'on_boarding_page' && (
        <OnBoardingPageForm
          key={key}
          companyId={companyId}
          page={current.page}
          onSaved={(page) => setSaved({ kind: 'on_boarding_page', page })}
          onClose={close}
        />
      )}
      {current?.kind === 'lease_application_page' && (
        <ApplicationPageForm
          key={key}
          companyId={companyId}
          country={country}
          page={current.page}
          onSaved={(page) => setSaved({ kind: 'lease_application_page', page })}
          onClose={close}
        />
      )}
    </Modal>
  );
}

const ONBOARDING_FIELDS = ['name', 'autoApproval'] as const;
const FOCUS_FALLBACKS = ['[role="alert"]'];

function OnBoardingPageForm({
  companyId,
  page,
  onSaved,
  onClose,
}: {
  companyId: string;
  page: OnBoardingPage | null;
  onSaved: (page: OnBoardingPage) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const messageOf = useErrorMessage();
  const save = useSavePage(companyId);
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<'created' | 'saved' | null>(null);
  const form = useForm<OnBoardingPageValues>({
    initialValues: () => onBoardingPageValues(page),
    validate: (v) => {
      const name = pageNameError(v.name);
      return name ? { name } : {};
    },
    focusFallbacks: FOCUS_FALLBACKS,
  });

  const onSubmit = form.handleSubmit(async (v) => {
    setAlert(null);
    setDone(null);
    const body = onBoardingPageBody(v, page);
    try {
      const answer =
        page && Object.keys(body).length === 0 ? page : await save.mutateAsync({ kind: 'on_boarding_page', id: page?.id, body });
      form.reset(onBoardingPageValues(answer as OnBoardingPage));
      setDone(page ? 'saved' : 'created');
      onSaved(answer as OnBoardingPage);
    } catch (err) {
      const onFields =
        err instanceof ApiError ? err.fieldErrors.filter((f) => (ONBOARDING_FIELDS as readonly string[]).includes(f.field)) : [];
      for (const f of onFields) form.setFieldError(f.field as (typeof ONBOARDING_FIELDS)[number], { serverText: f.message });
      if (onFields.length === 0) setAlert(messageOf(err));
      form.focusInvalid();
    }
  });

  const name = form.bind('name');
  const shownLink = page
    ? page.publicLink
    : pageNameError(form.values.name)
      ? null
      : previewLink('on_boarding_page', form.values.name);
  return (
    <form noValidate ref={form.formRef} onSubmit={(e) => void onSubmit(e)}>
      <Stack gap="md">
        <FormInput
          {...name}
          title={t('admin.properties.pages.name')}
          description={t('admin.properties.pages.nameHelp')}
          normalize={normalizePageNameInput}
          limit={PAGE_NAME_MAX_LENGTH}
          autoComplete="off"
          required
          data-autofocus
        />
        {page ? (
          <PublicLink path={page.publicLink} />
        ) : (
          shownLink && (
            <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
              {t('admin.properties.pages.editor.linkPreview', { link: absoluteLink(shownLink) })}
            </Text>
          )
        )}
        <Switch
          label={t('admin.properties.pages.autoApproval')}
          description={t('admin.properties.pages.editor.autoApprovalHelp')}
          checked={form.values.autoApproval}
          onChange={(e) => form.setValue('autoApproval', e.currentTarget.checked)}
        />
        {alert && (
          <Alert color="red" variant="light" role="alert" tabIndex={-1}>
            {alert}
          </Alert>
        )}
        {done && (
          <Alert color="green" variant="light" role="status">
            {t(`admin.properties.pages.editor.${done}`)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button type="submit" loading={form.submitting || save.isPending}>
            {page ? t('admin.properties.pages.editor.save') : t('admin.properties.pages.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
