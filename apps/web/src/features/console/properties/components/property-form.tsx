// issue 23 "Properties": a property's form (spec 1 §3 Property). The address is checked with the tenant forms' rules
// (packages/domain input-fields, geography) before sending; the server checks them again with the company's offers
// and names the fields it refuses. A refused save announces itself and focuses the first field in error.
import { Alert, Button, Checkbox, Fieldset, Group, NativeSelect, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { PAYMENT_METHOD_TYPES } from '@portal/domain/entities';
import { regionsForCountry } from '@portal/domain/geography';
import { validateCity, validatePostalCode, validateStreet } from '@portal/domain/input-fields';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { focusFirstInvalid } from '../../../../components/form/focus-first-invalid';
import { ApiError } from '../../../../lib/api-client';
import { useTranslation } from '../../../../lib/i18n';
import { useLang } from '../../../../lib/locale';
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

interface Draft {
  propertyName: string;
  street1: string;
  street2: string;
  city: string;
  province: string;
  postalCode: string;
  category: string;
  propertyIdentifier: string;
  ownPaymentTypes: boolean;
  acceptedPaymentTypes: string[];
  flags: Record<(typeof FLAGS)[number], boolean>;
  insurance: Record<string, boolean>;
  payByTextEnabled: boolean;
  cardEnabled: boolean;
  card: Record<CardField, string>;
}

function draftOf(p: Property | null): Draft {
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
    flags: Object.fromEntries(FLAGS.map((f) => [f, p?.[f]?.enabled === true])) as Draft['flags'],
    insurance: Object.fromEntries(INSURANCE_KEYS.map((k) => [k, p?.insuranceIntegration?.[k]?.enabled === true])),
    payByTextEnabled: p?.payByTextEnabled ?? false,
    cardEnabled: p?.customCard?.enabled ?? false,
    card: Object.fromEntries(CARD_TEXTS.map((f) => [f, p?.customCard?.[f] ?? ''])) as Record<CardField, string>,
  };
}

function inputOf(d: Draft): PropertyInput {
  const hasCard = d.cardEnabled || CARD_TEXTS.some((f) => d.card[f].trim() !== '');
  return {
    propertyName: d.propertyName,
    street1: d.street1,
    street2: d.street2.trim() || null,
    city: d.city,
    province: d.province,
    postalCode: d.postalCode,
    category: d.category,
    propertyIdentifier: d.propertyIdentifier.trim() || null,
    acceptedPaymentTypes: d.ownPaymentTypes ? d.acceptedPaymentTypes : null,
    ...Object.fromEntries(FLAGS.map((f) => [f, { enabled: d.flags[f] }])),
    insuranceIntegration: Object.fromEntries(INSURANCE_KEYS.map((k) => [k, { enabled: d.insurance[k] }])),
    payByTextEnabled: d.payByTextEnabled,
    customCard: hasCard ? { enabled: d.cardEnabled, ...d.card } : null,
  };
}

export interface PropertyFormProps {
  property: Property | null;
  /** The company's country: a property is in its company's country. */
  country: string;
  onSave: (input: PropertyInput) => Promise<unknown>;
}

export function PropertyForm({ property, country, onSave }: PropertyFormProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [draft, setDraft] = useState(() => draftOf(property));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'refused'>('idle');
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focusRequest > 0) focusFirstInvalid(formRef.current, ['[data-form-alert]']);
  }, [focusRequest]);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setStatus('idle');
  };
  const refuse = (found: Record<string, string>) => {
    setErrors(found);
    setStatus('refused');
    setFocusRequest((n) => n + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // the tenant forms' address rules (spec 2 §5), before the server's
    const local: Record<string, string> = {};
    const rule = (field: string, r: { ok: boolean; key?: string; values?: Record<string, string | number> }) => {
      if (!r.ok && r.key) local[field] = t(r.key, r.values);
    };
    if (!draft.propertyName.trim()) local.propertyName = t('validation.requiredField');
    rule('street1', validateStreet(draft.street1));
    if (draft.street2.trim()) rule('street2', validateStreet(draft.street2));
    rule('city', validateCity(draft.city));
    if (!draft.province) local.province = t('validation.requiredField');
    rule('postalCode', validatePostalCode(draft.postalCode, country));
    if (Object.keys(local).length > 0) return refuse(local);
    setStatus('saving');
    try {
      await onSave(inputOf(draft));
      setErrors({});
      setStatus('saved');
    } catch (e) {
      const found: Record<string, string> = {};
      for (const f of e instanceof ApiError ? e.fieldErrors : []) found[f.field] ??= f.message;
      if (Object.keys(found).length === 0) found._form = e instanceof Error ? e.message : t('admin.properties.saveFailed');
      refuse(found);
    }
  };

  const text = (field: keyof Draft & string, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={draft[field] as string}
      error={errors[field]}
      onChange={(e) => set(field, e.currentTarget.value as never)}
      {...extra}
    />
  );
  const cardInput = (field: CardField, label: string, long = false) => {
    const Input = long ? Textarea : TextInput;
    return (
      <Input
        label={label}
        value={draft.card[field]}
        error={errors[`customCard.${field}`]}
        onChange={(e) => set('card', { ...draft.card, [field]: e.currentTarget.value })}
      />
    );
  };
  const errorCount = Object.keys(errors).filter((k) => k !== '_form').length;

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={t('admin.properties.formLabel')}>
      <Stack gap="lg">
        <Fieldset legend={t('admin.properties.sections.identity')}>
          <Stack gap="sm">
            {text('propertyName', t('admin.properties.propertyName'), { required: true })}
            {text('propertyIdentifier', t('admin.properties.propertyIdentifier'), {
              description: t('admin.properties.propertyIdentifierHelp'),
            })}
            <NativeSelect
              label={t('admin.properties.category')}
              value={draft.category}
              onChange={(e) => set('category', e.currentTarget.value)}
              data={['RESIDENTIAL', 'COMMERCIAL'].map((c) => ({ value: c, label: t(`admin.company.categories.${c}`) }))}
              error={errors.category}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend={t('admin.properties.sections.address')}>
          <Stack gap="sm">
            {text('street1', t('admin.properties.street1'), { required: true, autoComplete: 'off' })}
            {text('street2', t('admin.properties.street2'), { autoComplete: 'off' })}
            {text('city', t('admin.properties.city'), { required: true })}
            <NativeSelect
              label={t(country === 'US' ? 'admin.properties.state' : 'admin.properties.province')}
              required
              value={draft.province}
              onChange={(e) => set('province', e.currentTarget.value)}
              data={[
                { value: '', label: t('admin.properties.choose') },
                ...regionsForCountry(country).map((r) => ({ value: r.code, label: r[lang] })),
              ]}
              error={errors.province ?? errors.country}
            />
            {text('postalCode', t(country === 'US' ? 'admin.properties.zip' : 'admin.properties.postalCode'), {
              required: true,
              maw: 200,
            })}
          </Stack>
        </Fieldset>
        <Fieldset legend={t('admin.properties.sections.payments')}>
          <Stack gap="sm">
            <Switch
              label={t('admin.properties.ownPaymentTypes')}
              description={t('admin.properties.ownPaymentTypesHelp')}
              checked={draft.ownPaymentTypes}
              onChange={(e) => set('ownPaymentTypes', e.currentTarget.checked)}
            />
            {draft.ownPaymentTypes && (
              <Checkbox.Group
                label={t('admin.company.acceptedPaymentTypes')}
                value={draft.acceptedPaymentTypes}
                onChange={(v) => set('acceptedPaymentTypes', v)}
              >
                <Group gap="sm" mt={4}>
                  {PAYMENT_METHOD_TYPES.map((type) => (
                    <Checkbox key={type} value={type} label={t(`admin.company.paymentTypes.${type}`)} />
                  ))}
                </Group>
              </Checkbox.Group>
            )}
            <Switch
              label={t('admin.properties.payByText')}
              checked={draft.payByTextEnabled}
              onChange={(e) => set('payByTextEnabled', e.currentTarget.checked)}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend={t('admin.properties.sections.services')}>
          <Stack gap="sm">
            {FLAGS.map((f) => (
              <Switch
                key={f}
                label={t(`admin.properties.flags.${f}`)}
                checked={draft.flags[f]}
                onChange={(e) => set('flags', { ...draft.flags, [f]: e.currentTarget.checked })}
                error={errors[f]}
                aria-invalid={errors[f] ? true : undefined}
              />
            ))}
            <Checkbox.Group
              label={t('admin.company.insurance')}
              value={INSURANCE_KEYS.filter((k) => draft.insurance[k])}
              onChange={(v) => set('insurance', Object.fromEntries(INSURANCE_KEYS.map((k) => [k, v.includes(k)])))}
              error={Object.entries(errors).find(([k]) => k.startsWith('insuranceIntegration'))?.[1]}
            >
              <Group gap="sm" mt={4}>
                {INSURANCE_KEYS.map((k) => (
                  <Checkbox key={k} value={k} label={t(`admin.company.insurancePartners.${k}`)} />
                ))}
              </Group>
            </Checkbox.Group>
          </Stack>
        </Fieldset>
        <Fieldset legend={t('admin.properties.sections.customCard')}>
          <Stack gap="sm">
            <Switch
              label={t('admin.properties.cardEnabled')}
              checked={draft.cardEnabled}
              onChange={(e) => set('cardEnabled', e.currentTarget.checked)}
            />
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
          {status === 'saved' && <Alert color="green" title={t('admin.properties.saved')} />}
        </div>
        {status === 'refused' && (
          <Alert
            color="red"
            role="alert"
            tabIndex={-1}
            data-form-alert
            title={t('admin.company.refused', { count: errorCount || 1 })}
          >
            {errors._form ?? t('admin.company.refusedHelp')}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={status === 'saving'}>
            {t(property ? 'admin.properties.save' : 'admin.properties.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
