// issue 23 "Properties": a property's form (spec 1 §3 Property), in the house form state (components/form/use-form.ts,
// issue 21 §3). The address is checked with the tenant forms' rules (packages/domain input-fields, geography) before
// sending; the server checks them again with the company's offers and names the fields it refuses, which show on their
// fields. A refused save announces itself and focuses the first field in error.
import { Alert, Button, Checkbox, Fieldset, Group, NativeSelect, Stack, Switch, Textarea } from '@mantine/core';
import { PAYMENT_METHOD_TYPES } from '@portal/domain/entities';
import { validateCity, validatePostalCode, validateStreet } from '@portal/domain/input-fields';
import { Fragment, useState } from 'react';
import { Dropdown } from '../../../../components/form/dropdown';
import { FormInput } from '../../../../components/form/form-input';
import { type FormErrors, type FormPath, messageText, useForm } from '../../../../components/form/use-form';
import { ApiError } from '../../../../lib/api-client';
import { useTranslation } from '../../../../lib/i18n';
import type { Property, PropertyInput } from '../api/properties';

const INSURANCE_KEYS = ['NUERA', 'MELLO', 'APOLLO', 'MANUAL'] as const;
const FLAGS = ['monevoIntegration', 'paypalCreditIntegration', 'service_urcsi', 'service_neofinancial'] as const;
const CARD_TEXTS = [
  'cardTitle',
  'cardText',
  'buttonCaption',
  'cardTitleFr',
  'cardTextFr',
  'buttonCaptionFr',
  'buttonUrl',
  'imageUrl',
] as const;
type CardField = (typeof CARD_TEXTS)[number];
const TEXTS = ['propertyName', 'street1', 'street2', 'city', 'province', 'postalCode', 'category', 'propertyIdentifier'] as const;
const FOCUS_FALLBACKS = ['[data-form-alert]'];

/** The form's values: the integration flags and the card's texts sit beside the other fields, as the server names them. */
export type PropertyFormValues = Record<(typeof TEXTS)[number], string> &
  Record<(typeof FLAGS)[number], boolean> &
  Record<CardField, string> & {
    ownPaymentTypes: boolean;
    acceptedPaymentTypes: string[];
    insuranceIntegration: Record<string, boolean>;
    payByTextEnabled: boolean;
    cardEnabled: boolean;
  };
type Path = FormPath<PropertyFormValues>;

function valuesOf(p: Property | null): PropertyFormValues {
  return {
    propertyName: p?.propertyName ?? '',
    street1: p?.street1 ?? '',
    street2: p?.street2 ?? '',
    city: p?.city ?? '',
    province: p?.province ?? '',
    postalCode: p?.postalCode ?? '',
    category: p?.category ?? 'RESIDENTIAL',
    propertyIdentifier: p?.propertyIdentifier ?? '',
    ownPaymentTypes: p?.acceptedPaymentTypes != null,
    acceptedPaymentTypes: p?.acceptedPaymentTypes ?? [],
    ...(Object.fromEntries(FLAGS.map((f) => [f, p?.[f]?.enabled === true])) as Record<(typeof FLAGS)[number], boolean>),
    insuranceIntegration: Object.fromEntries(INSURANCE_KEYS.map((k) => [k, p?.insuranceIntegration?.[k]?.enabled === true])),
    payByTextEnabled: p?.payByTextEnabled ?? false,
    cardEnabled: p?.customCard?.enabled ?? false,
    ...(Object.fromEntries(CARD_TEXTS.map((f) => [f, p?.customCard?.[f] ?? ''])) as Record<CardField, string>),
  };
}

/** The tenant forms' address rules (spec 2 §5), before the server's. */
export function propertyFormErrors(v: PropertyFormValues, country: string): FormErrors<PropertyFormValues> {
  const errors: FormErrors<PropertyFormValues> = {};
  const rule = (field: Path, r: { ok: boolean; key?: string; values?: Record<string, string | number> }) => {
    if (!r.ok && r.key) errors[field] = { key: r.key, values: r.values };
  };
  if (!v.propertyName.trim()) errors.propertyName = { key: 'validation.requiredField' };
  rule('street1', validateStreet(v.street1));
  if (v.street2.trim()) rule('street2', validateStreet(v.street2));
  rule('city', validateCity(v.city));
  if (!v.province) errors.province = { key: 'validation.requiredField' };
  rule('postalCode', validatePostalCode(v.postalCode, country));
  return errors;
}

function inputOf(v: PropertyFormValues): PropertyInput {
  const hasCard = v.cardEnabled || CARD_TEXTS.some((f) => v[f].trim() !== '');
  return {
    propertyName: v.propertyName,
    street1: v.street1,
    street2: v.street2.trim() || null,
    city: v.city,
    province: v.province,
    postalCode: v.postalCode,
    category: v.category,
    propertyIdentifier: v.propertyIdentifier.trim() || null,
    acceptedPaymentTypes: v.ownPaymentTypes ? v.acceptedPaymentTypes : null,
    ...Object.fromEntries(FLAGS.map((f) => [f, { enabled: v[f] }])),
    insuranceIntegration: Object.fromEntries(INSURANCE_KEYS.map((k) => [k, { enabled: v.insuranceIntegration[k] }])),
    payByTextEnabled: v.payByTextEnabled,
    customCard: hasCard
      ? { enabled: v.cardEnabled, ...(Object.fromEntries(CARD_TEXTS.map((f) => [f, v[f]])) as Record<CardField, string>) }
      : null,
  };
}

/** The server's field name → the form's field that shows its message (null: no field; the summary says it). */
function fieldOf(server: string, v: PropertyFormValues): Path | null {
  const [head = '', at] = server.split('.');
  if (head === 'customCard') return (CARD_TEXTS as readonly string[]).includes(at ?? '') ? (at as CardField) : null;
  if (head === 'insuranceIntegration') return head;
  // the payment types' group shows only while the property has its own list
  if (head === 'acceptedPaymentTypes') return v.ownPaymentTypes ? head : null;
  // a property is in its company's country: the province's select says so
  if (head === 'country') return 'province';
  if (at === undefined && ([...TEXTS, ...FLAGS, 'payByTextEnabled'] as readonly string[]).includes(head)) return head as Path;
  return null;
}

export interface PropertyFormProps {
  property: Property | null;
  /** The company's country: a property is in its company's country. */
  country: string;
  onSave: (input: PropertyInput) => Promise<unknown>;
}

export function PropertyForm({ property, country, onSave }: PropertyFormProps) {
  const { t } = useTranslation();
  const form = useForm<PropertyFormValues>({
    initialValues: () => valuesOf(property),
    validate: (v) => propertyFormErrors(v, country),
    focusFallbacks: FOCUS_FALLBACKS,
  });
  // the save's outcome, shown until the values change
  const [outcome, setOutcome] = useState<{ values: PropertyFormValues; saved: boolean; text?: string } | null>(null);
  const shown = outcome?.values === form.values ? outcome : null;
  const err = (path: Path) => messageText(t, form.error(path));

  const submit = form.handleSubmit(async (v) => {
    setOutcome(null);
    try {
      await onSave(inputOf(v));
      form.reset();
      setOutcome({ values: v, saved: true });
    } catch (e) {
      const fieldErrors = e instanceof ApiError ? e.fieldErrors : [];
      const unplaced = form.showServerErrors(fieldErrors, (f) => fieldOf(f, v));
      const text =
        fieldErrors.length === 0 ? (e instanceof Error ? e.message : t('admin.properties.saveFailed')) : unplaced.join(' ');
      setOutcome({ values: v, saved: false, text: text || undefined });
      if (fieldErrors.length === 0) form.focusInvalid();
    }
  });

  const toggle = (
    key: (typeof FLAGS)[number] | 'payByTextEnabled' | 'ownPaymentTypes' | 'cardEnabled',
    label: string,
    description?: string,
  ) => (
    <Switch
      name={key}
      label={label}
      description={description}
      checked={form.values[key]}
      onChange={(e) => form.setValue(key, e.currentTarget.checked)}
      error={key === 'ownPaymentTypes' || key === 'cardEnabled' ? undefined : err(key)}
      aria-invalid={key !== 'ownPaymentTypes' && key !== 'cardEnabled' && err(key) ? true : undefined}
    />
  );
  const cardInput = (field: CardField, label: string, long = false) =>
    long ? (
      <Textarea
        name={field}
        label={label}
        value={form.values[field]}
        error={err(field)}
        onChange={(e) => form.setValue(field, e.currentTarget.value)}
      />
    ) : (
      <FormInput {...form.bind(field)} title={label} />
    );
  /** A group of checkboxes; its message marks the first box invalid, so the focus rule reaches the group. */
  const group = (
    field: 'acceptedPaymentTypes' | 'insuranceIntegration',
    label: string,
    value: string[],
    onChange: (v: string[]) => void,
    boxes: { value: string; label: string }[],
  ) => (
    <Checkbox.Group label={label} value={value} onChange={onChange} error={err(field)}>
      <Group gap="sm" mt={4}>
        {boxes.map((box, i) => (
          <Checkbox key={box.value} value={box.value} label={box.label} aria-invalid={i === 0 && err(field) ? true : undefined} />
        ))}
      </Group>
    </Checkbox.Group>
  );
  const errorCount = Object.keys(form.shownErrors).length;
  const refused = errorCount > 0 || (shown !== null && !shown.saved);

  return (
    <form ref={form.formRef} onSubmit={(e) => void submit(e)} noValidate aria-label={t('admin.properties.formLabel')}>
      <Stack gap="lg">
        <Fieldset legend={t('admin.properties.sections.identity')}>
          <Stack gap="sm">
            <FormInput {...form.bind('propertyName')} title={t('admin.properties.propertyName')} required />
            <FormInput
              {...form.bind('propertyIdentifier')}
              title={t('admin.properties.propertyIdentifier')}
              description={t('admin.properties.propertyIdentifierHelp')}
            />
            <NativeSelect
              name="category"
              label={t('admin.properties.category')}
              value={form.values.category}
              onChange={(e) => form.setValue('category', e.currentTarget.value)}
              data={['RESIDENTIAL', 'COMMERCIAL'].map((c) => ({ value: c, label: t(`admin.company.categories.${c}`) }))}
              error={err('category')}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend={t('admin.properties.sections.address')}>
          <Stack gap="sm">
            <FormInput {...form.bind('street1')} title={t('admin.properties.street1')} required autoComplete="off" />
            <FormInput {...form.bind('street2')} title={t('admin.properties.street2')} autoComplete="off" />
            <FormInput {...form.bind('city')} title={t('admin.properties.city')} required />
            <Dropdown
              type="province"
              country={country}
              {...form.bind('province')}
              title={t(country === 'US' ? 'admin.properties.state' : 'admin.properties.province')}
              required
              placeholder={t('admin.properties.choose')}
            />
            <FormInput
              {...form.bind('postalCode')}
              title={t(country === 'US' ? 'admin.properties.zip' : 'admin.properties.postalCode')}
              required
              maw={200}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend={t('admin.properties.sections.payments')}>
          <Stack gap="sm">
            {toggle('ownPaymentTypes', t('admin.properties.ownPaymentTypes'), t('admin.properties.ownPaymentTypesHelp'))}
            {form.values.ownPaymentTypes &&
              group(
                'acceptedPaymentTypes',
                t('admin.company.acceptedPaymentTypes'),
                form.values.acceptedPaymentTypes,
                (v) => form.setValue('acceptedPaymentTypes', v),
                PAYMENT_METHOD_TYPES.map((type) => ({ value: type, label: t(`admin.company.paymentTypes.${type}`) })),
              )}
            {toggle('payByTextEnabled', t('admin.properties.payByText'))}
          </Stack>
        </Fieldset>
        <Fieldset legend={t('admin.properties.sections.services')}>
          <Stack gap="sm">
            {FLAGS.map((f) => (
              <Fragment key={f}>{toggle(f, t(`admin.properties.flags.${f}`))}</Fragment>
            ))}
            {group(
              'insuranceIntegration',
              t('admin.company.insurance'),
              INSURANCE_KEYS.filter((k) => form.values.insuranceIntegration[k]),
              (v) => form.setValue('insuranceIntegration', Object.fromEntries(INSURANCE_KEYS.map((k) => [k, v.includes(k)]))),
              INSURANCE_KEYS.map((k) => ({ value: k, label: t(`admin.company.insurancePartners.${k}`) })),
            )}
          </Stack>
        </Fieldset>
        <Fieldset legend={t('admin.properties.sections.customCard')}>
          <Stack gap="sm">
            {toggle('cardEnabled', t('admin.properties.cardEnabled'))}
            <Group align="flex-start" gap="md" grow wrap="wrap">
              <Stack gap="xs" miw={240}>
                {cardInput('cardTitle', t('admin.company.cardTitle'))}
                {cardInput('cardText', t('admin.company.cardText'), true)}
                {cardInput('buttonCaption', t('admin.company.buttonCaption'))}
              </Stack>
              <Stack gap="xs" miw={240} lang="fr">
                {cardInput('cardTitleFr', t('admin.company.cardTitleFr'))}
                {cardInput('cardTextFr', t('admin.company.cardTextFr'), true)}
                {cardInput('buttonCaptionFr', t('admin.company.buttonCaptionFr'))}
              </Stack>
            </Group>
            {cardInput('buttonUrl', t('admin.company.buttonUrl'))}
            {cardInput('imageUrl', t('admin.company.imageUrl'))}
          </Stack>
        </Fieldset>
        <div aria-live="polite" role="status">
          {shown?.saved && <Alert color="green" title={t('admin.properties.saved')} />}
        </div>
        {refused && (
          <Alert
            color="red"
            role="alert"
            tabIndex={-1}
            data-form-alert
            title={t('admin.company.refused', { count: errorCount || 1 })}
          >
            {shown?.text ?? t('admin.company.refusedHelp')}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={form.submitting}>
            {t(property ? 'admin.properties.save' : 'admin.properties.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
