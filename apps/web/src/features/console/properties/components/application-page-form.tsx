// issue 23 "Properties": a lease application page's editor (spec 2 §3 "The application page template carries sections
// 3, 5, 6, 7, 8 with per-field booleans and applicationFeeAmount", the custom fields per page, the joins.lap screening
// switches). A ticked question is asked; a section with any ticked question is shown (spec 2 §4). The form is the house
// nested form (components/form/nested-form.tsx: its dotted paths are the server's fieldErrors, 'customFields.0.label.fr');
// the custom fields are its list (add, remove; moving one writes the list anew, the focus following the moved question).
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import {
  APPLICATION_CUSTOM_FIELD_TYPES,
  APPLICATION_OPTIONAL_FIELDS,
  APPLICATION_SECTION_FIELDS,
  APPLICATION_SECTIONS,
  APPLICATION_TEXT_MAX_LENGTH,
  type ApplicationCustomFieldType,
  type ApplicationSection,
} from '@portal/domain/application-form';
import {
  APPLICATION_PAGE_MAX_CUSTOM_FIELDS,
  normalizePageNameInput,
  PAGE_NAME_MAX_LENGTH,
  APPLICATION_PAGE_SCREENINGS as SCREENINGS,
} from '@portal/domain/company-pages';
import { currencyForCountry } from '@portal/domain/money';
import { memo, useEffect, useId, useState } from 'react';
import { AmountInput } from '../../../../components/amount-input';
import { FormInput } from '../../../../components/form/form-input';
import { type NestedForm, type PathErrors, useNestedForm } from '../../../../components/form/nested-form';
import { messageText } from '../../../../components/form/use-form';
import { useErrorMessage } from '../../../../components/query-state';
import { ApiError } from '../../../../lib/api-client';
import { useTranslation } from '../../../../lib/i18n';
import { useLang } from '../../../../lib/locale';
import { type LeaseApplicationPage, useSavePage } from '../api/properties';
import {
  type ApplicationPageValues,
  applicationPageBody,
  applicationPageErrors,
  applicationPageValues,
  type CustomFieldValues,
  newCustomField,
  pageNameError,
} from './page-editor-values';
import { absoluteLink, PublicLink, previewLink } from './public-link';

/** The step of the tenant's form each template section is (the names the tenant's application view uses). */
const SECTION_NAME: Record<ApplicationSection, string> = {
  '3': 'addresses',
  '5': 'employment',
  '6': 'references',
  '7': 'otherInfo',
  '8': 'emergencyContact',
};
const FOCUS_FALLBACKS = ['[role="alert"]'];

export interface ApplicationPageFormProps {
  companyId: string;
  country: string;
  page: LeaseApplicationPage | null;
  onSaved: (page: LeaseApplicationPage) => void;
  onClose: () => void;
}

export function ApplicationPageForm({ companyId, country, page, onSaved, onClose }: ApplicationPageFormProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const messageOf = useErrorMessage();
  const save = useSavePage(companyId);
  const baseId = useId();
  const [alert, setAlert] = useState<string | null>(null);
  const [done, setDone] = useState<'created' | 'saved' | null>(null);
  const [announce, setAnnounce] = useState('');
  const [focusId, setFocusId] = useState<string | null>(null);
  const form = useNestedForm<ApplicationPageValues>({
    initialValues: () => applicationPageValues(page, lang),
    validate: (v) => applicationPageErrors(v, lang),
    focusFallbacks: FOCUS_FALLBACKS,
  });
  const { values } = form;
  const fields = form.list('customFields');
  const errorOf = (path: string) => messageText(t, form.error(path));
  const fieldId = (i: number, part: string) => `${baseId}-cf-${i}-${part}`;

  // after adding, moving or removing a question the focus goes where the user continues (not to the page's top)
  useEffect(() => {
    if (!focusId) return;
    document.getElementById(focusId)?.focus();
    setFocusId(null);
  }, [focusId]);

  const onSubmit = form.handleSubmit(async (v) => {
    setAlert(null);
    setDone(null);
    const body = applicationPageBody(v, lang, page);
    try {
      const answer =
        page && Object.keys(body).length === 0
          ? page
          : ((await save.mutateAsync({ kind: 'lease_application_page', id: page?.id, body })) as LeaseApplicationPage);
      form.reset(applicationPageValues(answer, lang));
      setDone(page ? 'saved' : 'created');
      onSaved(answer);
    } catch (err) {
      const shown: PathErrors = {};
      const elsewhere: string[] = [];
      const known = new Set(Object.keys(flatPaths(v)));
      for (const f of err instanceof ApiError ? err.fieldErrors : []) {
        if (known.has(f.field)) shown[f.field] ??= { serverText: f.message };
        else elsewhere.push(f.message);
      }
      form.showErrors(shown);
      if (elsewhere.length > 0 || Object.keys(shown).length === 0) setAlert(elsewhere[0] ?? messageOf(err));
      form.focusInvalid();
    }
  });

  const setField = <K extends keyof CustomFieldValues>(i: number, key: K, value: CustomFieldValues[K]) =>
    form.setValue(`customFields.${i}.${key}` as never, value as never);

  const move = (from: number, to: number) => {
    const list = [...form.getValues().customFields];
    const [moved] = list.splice(from, 1);
    list.splice(to, 0, moved);
    form.setValue('customFields', list);
    setAnnounce(t('admin.properties.pages.editor.moved', { n: to + 1 }));
    // the focus follows the moved question: its button of the same way, or the other one once it reached an end
    const up = from > to;
    setFocusId(fieldId(to, up ? (to === 0 ? 'down' : 'up') : to === list.length - 1 ? 'up' : 'down'));
  };
  const remove = (i: number) => {
    fields.remove(i);
    setAnnounce(t('admin.properties.pages.editor.removed', { n: i + 1 }));
    const left = values.customFields.length - 1;
    setFocusId(left === 0 ? `${baseId}-add` : fieldId(Math.min(i, left - 1), 'labelEn'));
  };
  const add = () => {
    fields.append(newCustomField());
    setFocusId(fieldId(values.customFields.length, 'labelEn'));
  };

  const full = values.customFields.length >= APPLICATION_PAGE_MAX_CUSTOM_FIELDS;
  const newLink = pageNameError(values.name) ? null : previewLink('lease_application_page', values.name);

  return (
    <form noValidate ref={form.formRef} onSubmit={(e) => void onSubmit(e)}>
      <Stack gap="lg">
        <Stack gap="sm">
          <FormInput
            name="name"
            value={values.name}
            onChange={(v) => form.setValue('name', v)}
            error={form.error('name')}
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
            newLink && (
              <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
                {t('admin.properties.pages.editor.linkPreview', { link: absoluteLink(newLink) })}
              </Text>
            )
          )}
        </Stack>

        <TemplateSections sections={values.sections} setValue={form.setValue} />

        <Fieldset legend={t('admin.properties.pages.editor.customFieldsTitle')}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('admin.properties.pages.editor.customFieldsHelp', { max: APPLICATION_PAGE_MAX_CUSTOM_FIELDS })}
            </Text>
            {values.customFields.length === 0 && <Text size="sm">{t('admin.properties.pages.editor.customFieldsNone')}</Text>}
            {values.customFields.map((f, i) => {
              const n = i + 1;
              const headingId = fieldId(i, 'heading');
              return (
                <Paper key={fields.keys[i]} withBorder p="sm" role="group" aria-labelledby={headingId}>
                  <Stack gap="xs">
                    <Group justify="space-between" gap="xs" wrap="wrap">
                      <Text fw={600} id={headingId}>
                        {t('admin.properties.pages.editor.fieldN', { n })}
                      </Text>
                      <Group gap={4}>
                        <Button
                          id={fieldId(i, 'up')}
                          size="compact-sm"
                          variant="subtle"
                          disabled={i === 0}
                          aria-label={t('admin.properties.pages.editor.moveUp', { n })}
                          onClick={() => move(i, i - 1)}
                        >
                          ↑
                        </Button>
                        <Button
                          id={fieldId(i, 'down')}
                          size="compact-sm"
                          variant="subtle"
                          disabled={i === values.customFields.length - 1}
                          aria-label={t('admin.properties.pages.editor.moveDown', { n })}
                          onClick={() => move(i, i + 1)}
                        >
                          ↓
                        </Button>
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          color="red"
                          aria-label={t('admin.properties.pages.editor.remove', { n })}
                          onClick={() => remove(i)}
                        >
                          {t('admin.properties.pages.editor.removeShort')}
                        </Button>
                      </Group>
                    </Group>
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
                      <TextInput
                        id={fieldId(i, 'labelEn')}
                        name={`customFields.${i}.label.en`}
                        label={t('admin.properties.pages.editor.labelEn')}
                        value={f.label.en}
                        maxLength={APPLICATION_TEXT_MAX_LENGTH}
                        onChange={(e) => setField(i, 'label', { ...f.label, en: e.currentTarget.value })}
                        error={errorOf(`customFields.${i}.label.en`)}
                        withAsterisk
                        aria-required
                        lang="en"
                      />
                      <TextInput
                        name={`customFields.${i}.label.fr`}
                        label={t('admin.properties.pages.editor.labelFr')}
                        value={f.label.fr}
                        maxLength={APPLICATION_TEXT_MAX_LENGTH}
                        onChange={(e) => setField(i, 'label', { ...f.label, fr: e.currentTarget.value })}
                        error={errorOf(`customFields.${i}.label.fr`)}
                        withAsterisk
                        aria-required
                        lang="fr"
                      />
                      <NativeSelect
                        name={`customFields.${i}.type`}
                        label={t('admin.properties.pages.editor.type')}
                        value={f.type}
                        data={APPLICATION_CUSTOM_FIELD_TYPES.map((type) => ({
                          value: type,
                          label: t(`admin.properties.pages.editor.types.${type}`),
                        }))}
                        onChange={(e) => setField(i, 'type', e.currentTarget.value as ApplicationCustomFieldType)}
                        error={errorOf(`customFields.${i}.type`)}
                      />
                      {f.type === 'TEXT' && (
                        <TextInput
                          name={`customFields.${i}.maxLength`}
                          label={t('admin.properties.pages.editor.maxLength')}
                          description={t('admin.properties.pages.editor.maxLengthHelp', { max: APPLICATION_TEXT_MAX_LENGTH })}
                          inputMode="numeric"
                          autoComplete="off"
                          maxLength={3}
                          value={f.maxLength}
                          onChange={(e) => setField(i, 'maxLength', e.currentTarget.value.replace(/\D/g, ''))}
                          error={errorOf(`customFields.${i}.maxLength`)}
                        />
                      )}
                    </SimpleGrid>
                    <Checkbox
                      name={`customFields.${i}.required`}
                      label={t('admin.properties.pages.editor.required')}
                      checked={f.required}
                      onChange={(e) => setField(i, 'required', e.currentTarget.checked)}
                    />
                  </Stack>
                </Paper>
              );
            })}
            <Group gap="sm">
              <Button id={`${baseId}-add`} variant="light" onClick={add} disabled={full}>
                {t('admin.properties.pages.editor.addField')}
              </Button>
              {full && (
                <Text size="sm" c="dimmed">
                  {t('admin.properties.pages.editor.maxFields', { max: APPLICATION_PAGE_MAX_CUSTOM_FIELDS })}
                </Text>
              )}
            </Group>
            <VisuallyHidden role="status" aria-live="polite">
              {announce}
            </VisuallyHidden>
          </Stack>
        </Fieldset>

        <Fieldset legend={t('admin.properties.pages.editor.feeTitle')}>
          <Stack gap="sm">
            <AmountInput
              name="applicationFeeAmount"
              label={t('admin.properties.pages.applicationFee')}
              description={t('admin.properties.pages.editor.feeHelp', { currency: currencyForCountry(country) })}
              value={values.applicationFeeAmount}
              onChange={(v) => form.setValue('applicationFeeAmount', v)}
              error={errorOf('applicationFeeAmount')}
              maw={260}
            />
            {SCREENINGS.map((key) => (
              <Switch
                key={key}
                name={key}
                label={t(`admin.properties.pages.screenings.${key}`)}
                checked={values[key]}
                onChange={(e) => form.setValue(key, e.currentTarget.checked)}
              />
            ))}
          </Stack>
        </Fieldset>

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
          <Button type="submit" loading={save.isPending}>
            {page ? t('admin.properties.pages.editor.save') : t('admin.properties.pages.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The template's questions, section by section (spec 2 §3): a memo, so typing elsewhere in the form does not draw its
 * ~30 boxes again.
 */
const TemplateSections = memo(function TemplateSections({
  sections,
  setValue,
}: {
  sections: ApplicationPageValues['sections'];
  setValue: NestedForm<ApplicationPageValues>['setValue'];
}) {
  const { t } = useTranslation();
  const setSection = (section: ApplicationSection, field: string, asked: boolean) =>
    setValue(`sections.${section}.${field}` as never, asked as never);
  const setWholeSection = (section: ApplicationSection, asked: boolean) =>
    setValue(
      `sections.${section}` as never,
      Object.fromEntries(APPLICATION_SECTION_FIELDS[section].map((f) => [f, asked])) as never,
    );
  const sectionLabel = (s: ApplicationSection) => t(`dashboard.applicationView.sections.${SECTION_NAME[s]}`);
  return (
    <Fieldset legend={t('admin.properties.pages.editor.templateTitle')}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('admin.properties.pages.editor.templateHelp')}
        </Text>
        {APPLICATION_SECTIONS.map((s) => {
          const asked = APPLICATION_SECTION_FIELDS[s].filter((f) => sections[s][f]);
          const optional: readonly string[] = APPLICATION_OPTIONAL_FIELDS[s];
          return (
            <Fieldset key={s} legend={sectionLabel(s)} variant="unstyled" data-testid={`section-${s}`}>
              <Stack gap={6}>
                <Checkbox
                  label={t('admin.properties.pages.editor.wholeSection', { section: sectionLabel(s) })}
                  checked={asked.length === APPLICATION_SECTION_FIELDS[s].length}
                  indeterminate={asked.length > 0 && asked.length < APPLICATION_SECTION_FIELDS[s].length}
                  onChange={(e) => setWholeSection(s, e.currentTarget.checked)}
                  fw={600}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} verticalSpacing={6} pl="lg">
                  {APPLICATION_SECTION_FIELDS[s].map((f) => (
                    <Checkbox
                      key={f}
                      name={`sections.${s}.${f}`}
                      label={t(`dashboard.applicationView.fields.${f}`)}
                      description={optional.includes(f) ? t('admin.properties.pages.editor.optionalNote') : undefined}
                      checked={sections[s][f] === true}
                      onChange={(e) => setSection(s, f, e.currentTarget.checked)}
                    />
                  ))}
                </SimpleGrid>
              </Stack>
            </Fieldset>
          );
        })}
      </Stack>
    </Fieldset>
  );
});

/** Every dotted path of the values that an input shows (the server's fieldErrors on others go to the alert). */
function flatPaths(v: ApplicationPageValues): Record<string, true> {
  const paths: Record<string, true> = { name: true, applicationFeeAmount: true };
  v.customFields.forEach((f, i) => {
    for (const part of ['label.en', 'label.fr', 'type']) paths[`customFields.${i}.${part}`] = true;
    if (f.type === 'TEXT') paths[`customFields.${i}.maxLength`] = true;
  });
  return paths;
}
