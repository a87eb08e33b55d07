// issue 23 "Company settings": every flag a company sets (spec 1 §3 Company, §6; spec 2 §6), in sections, in the house
// form state (components/form/use-form.ts, issue 21 §3): amounts are read by the domain's one amount parser before
// sending, the server checks every rule and names the fields it refuses; those messages show on their fields (the
// charge codes' on their row's field), a summary announces them and focus goes to the first, as in the tenant forms.
import { Alert, Button, Checkbox, Fieldset, Group, NumberInput, Stack, Switch, Table, Text, Textarea } from '@mantine/core';
import { PAYMENT_METHOD_TYPES } from '@portal/domain/entities';
import { currencyForCountry, fromCents } from '@portal/domain/money';
import { formatAmountInput, parseAmountInput } from '@portal/domain/money-input';
import { useState } from 'react';
import { AmountInput } from '../../../../components/amount-input';
import { FormInput } from '../../../../components/form/form-input';
import { type FormErrors, type FormPath, messageText, useForm } from '../../../../components/form/use-form';
import { ApiError } from '../../../../lib/api-client';
import { formatAmount } from '../../../../lib/format';
import { useTranslation } from '../../../../lib/i18n';
import { useLang } from '../../../../lib/locale';
import type { ChargeCode, CompanyPatch, CompanySettings, YesNo } from '../api/company-settings';
import { ScrollRegion } from './scroll-region';

export const CATEGORIES = ['RESIDENTIAL', 'COMMERCIAL'] as const;
export const INSURANCE_KEYS = ['NUERA', 'MELLO', 'APOLLO', 'MANUAL'] as const;
const CARD_FIELDS = [
  'cardTitle',
  'cardText',
  'buttonCaption',
  'cardTitleFr',
  'cardTextFr',
  'buttonCaptionFr',
  'buttonUrl',
  'imageUrl',
] as const;
type CardField = (typeof CARD_FIELDS)[number];
const AMOUNT_FIELDS = ['softMaximumPaymentAmount', 'lateFeeAmount', 'nsfFeeAmount'] as const;
const SWITCHES = [
  'overpaymentAllowed',
  'manageBalance',
  'onlyPMPaymentAllowed',
  'blockPartialPayments',
  'enforceCustomAmount',
  'displayChargeCodes',
  'cardFeesPaidByCompany',
  'microlendingEnabled',
  'conciergeEnabled',
  'neobankPromotionEnabled',
  'cardEnabled',
] as const;
/** Groups of checkboxes: the server names one box ('acceptedPaymentTypes.2'), the form shows it on the group. */
const GROUPS = ['acceptedPaymentTypes', 'serviceCreditReporting', 'insuranceIntegration'] as const;
const FOCUS_FALLBACKS = ['[data-form-alert]'];

/** The form's values: the custom card's texts sit beside the other fields (the server names them customCard.<text>). */
export type CompanyFormValues = Record<(typeof SWITCHES)[number], boolean> &
  Record<(typeof AMOUNT_FIELDS)[number], string> &
  Record<CardField, string> & {
    acceptedPaymentTypes: string[];
    chargeCodes: ChargeCode[];
    lateFeeDays: number | string;
    serviceCreditReporting: Record<string, boolean>;
    insuranceIntegration: Record<string, boolean>;
  };

function valuesOf(s: CompanySettings, lang: 'en' | 'fr'): CompanyFormValues {
  const amount = (v: number | null) => (v == null ? '' : formatAmountInput(Math.round(v * 100), lang));
  const card = s.customCard;
  return {
    overpaymentAllowed: s.overpaymentAllowed === 'YES',
    manageBalance: s.manageBalance === 'YES',
    onlyPMPaymentAllowed: s.onlyPMPaymentAllowed === 'YES',
    blockPartialPayments: s.blockPartialPayments,
    enforceCustomAmount: s.enforceCustomAmount,
    softMaximumPaymentAmount: amount(s.softMaximumPaymentAmount),
    acceptedPaymentTypes: s.acceptedPaymentTypes,
    chargeCodes: s.chargeCodes,
    displayChargeCodes: s.displayChargeCodes,
    lateFeeAmount: amount(s.lateFeeAmount),
    lateFeeDays: s.lateFeeDays,
    nsfFeeAmount: amount(s.nsfFeeAmount),
    cardFeesPaidByCompany: s.cardFeesPaidByCompany === true,
    // an empty record means every category (spec 2 §6 as the domain reads it)
    serviceCreditReporting: Object.fromEntries(
      CATEGORIES.map((c) => [c, Object.keys(s.serviceCreditReporting).length === 0 || s.serviceCreditReporting[c] === true]),
    ),
    insuranceIntegration: Object.fromEntries(INSURANCE_KEYS.map((k) => [k, s.insuranceIntegration?.[k]?.enabled === true])),
    microlendingEnabled: s.microlendingEnabled,
    conciergeEnabled: s.conciergeEnabled,
    neobankPromotionEnabled: s.neobankPromotionEnabled,
    cardEnabled: card?.enabled ?? false,
    ...(Object.fromEntries(CARD_FIELDS.map((f) => [f, card?.[f] ?? ''])) as Record<CardField, string>),
  };
}

/** The form's checks before the server's: amounts the parser reads (empty: none), each charge code with its name. */
export function companyFormErrors(v: CompanyFormValues, lang: 'en' | 'fr'): FormErrors<CompanyFormValues> {
  const errors: FormErrors<CompanyFormValues> = {};
  for (const field of AMOUNT_FIELDS) {
    if (v[field].trim() === '') continue;
    const parsed = parseAmountInput(v[field], lang);
    if (!parsed.ok) errors[field] = { key: parsed.key, values: parsed.values };
  }
  v.chargeCodes.forEach((c, i) => {
    if (!c.code.trim()) errors[`chargeCodes.${i}.code`] = { key: 'validation.requiredField' };
    if (!c.name.trim()) errors[`chargeCodes.${i}.name`] = { key: 'validation.requiredField' };
  });
  return errors;
}

/** The patch of the form's (valid) values. */
function patchOf(v: CompanyFormValues, s: CompanySettings, lang: 'en' | 'fr'): CompanyPatch {
  const amount = (text: string): number | null => {
    const parsed = parseAmountInput(text, lang);
    return parsed.ok ? fromCents(parsed.cents) : null;
  };
  const yn = (b: boolean): YesNo => (b ? 'YES' : 'NO');
  const hasCard = v.cardEnabled || CARD_FIELDS.some((f) => v[f].trim() !== '');
  const patch: CompanyPatch = {
    overpaymentAllowed: yn(v.overpaymentAllowed),
    manageBalance: yn(v.manageBalance),
    onlyPMPaymentAllowed: yn(v.onlyPMPaymentAllowed),
    blockPartialPayments: v.blockPartialPayments,
    enforceCustomAmount: v.enforceCustomAmount,
    softMaximumPaymentAmount: amount(v.softMaximumPaymentAmount),
    acceptedPaymentTypes: v.acceptedPaymentTypes,
    chargeCodes: v.chargeCodes,
    displayChargeCodes: v.displayChargeCodes,
    lateFeeAmount: amount(v.lateFeeAmount),
    lateFeeDays: Number(v.lateFeeDays),
    nsfFeeAmount: amount(v.nsfFeeAmount),
    serviceCreditReporting: v.serviceCreditReporting,
    insuranceIntegration: Object.fromEntries(INSURANCE_KEYS.map((k) => [k, { enabled: v.insuranceIntegration[k] }])),
    microlendingEnabled: v.microlendingEnabled,
    conciergeEnabled: v.conciergeEnabled,
    neobankPromotionEnabled: v.neobankPromotionEnabled,
    customCard: hasCard
      ? { enabled: v.cardEnabled, ...(Object.fromEntries(CARD_FIELDS.map((f) => [f, v[f]])) as Record<CardField, string>) }
      : null,
  };
  // sent only when changed: the platform's schedule (null) is not the company's to change
  if (s.cardFeesPaidByCompany !== null && v.cardFeesPaidByCompany !== s.cardFeesPaidByCompany) {
    patch.cardFeesPaidByCompany = v.cardFeesPaidByCompany;
  }
  return patch;
}

type Path = FormPath<CompanyFormValues>;

/** The server's field name → the form's field that shows its message (null: no field; the summary says it). */
function fieldOf(server: string, v: CompanyFormValues): Path | null {
  const [head = '', at, prop] = server.split('.');
  if (head === 'customCard') return (CARD_FIELDS as readonly string[]).includes(at ?? '') ? (at as CardField) : null;
  if ((GROUPS as readonly string[]).includes(head)) return head as Path;
  if (head === 'chargeCodes') {
    if (at === undefined) return 'chargeCodes';
    const i = Number(at);
    return Number.isInteger(i) && i < v.chargeCodes.length && (prop === 'code' || prop === 'name')
      ? `chargeCodes.${i}.${prop}`
      : 'chargeCodes';
  }
  if (at === undefined && ([...SWITCHES, ...AMOUNT_FIELDS, 'lateFeeDays'] as readonly string[]).includes(head))
    return head as Path;
  return null;
}

export interface CompanySettingsFormProps {
  settings: CompanySettings;
  onSave: (patch: CompanyPatch) => Promise<unknown>;
}

export function CompanySettingsForm({ settings, onSave }: CompanySettingsFormProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const form = useForm<CompanyFormValues>({
    initialValues: () => valuesOf(settings, lang),
    validate: (v) => companyFormErrors(v, lang),
    focusFallbacks: FOCUS_FALLBACKS,
  });
  // the save's outcome, shown until the values change
  const [outcome, setOutcome] = useState<{ values: CompanyFormValues; saved: boolean; text?: string } | null>(null);
  const shown = outcome?.values === form.values ? outcome : null;
  const codes = form.list('chargeCodes');
  const err = (path: Path) => messageText(t, form.error(path));

  const submit = form.handleSubmit(async (v) => {
    setOutcome(null);
    try {
      await onSave(patchOf(v, settings, lang));
      form.reset();
      setOutcome({ values: v, saved: true });
    } catch (e) {
      const fieldErrors = e instanceof ApiError ? e.fieldErrors : [];
      const unplaced = form.showServerErrors(fieldErrors, (f) => fieldOf(f, v));
      const text =
        fieldErrors.length === 0 ? (e instanceof Error ? e.message : t('admin.company.saveFailed')) : unplaced.join(' ');
      setOutcome({ values: v, saved: false, text: text || undefined });
      if (fieldErrors.length === 0) form.focusInvalid();
    }
  });

  const toggle = (key: (typeof SWITCHES)[number], label: string, description?: string) => (
    <Switch
      name={key}
      label={label}
      description={description}
      checked={form.values[key]}
      onChange={(e) => form.setValue(key, e.currentTarget.checked)}
      error={err(key)}
      aria-invalid={err(key) ? true : undefined}
    />
  );
  const amount = (field: (typeof AMOUNT_FIELDS)[number], label: string, description: string, width: object) => {
    const bound = form.bind(field);
    return (
      <AmountInput
        name={bound.name}
        label={label}
        description={description}
        value={bound.value}
        onChange={bound.onChange}
        onBlur={bound.onRevalidate}
        error={messageText(t, bound.error)}
        {...width}
      />
    );
  };
  /** A group of checkboxes; its message marks the first box invalid, so the focus rule reaches the group. */
  const group = (
    field: (typeof GROUPS)[number],
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
      <FormInput
        {...form.bind(field)}
        title={label}
        {...(field === 'buttonUrl' ? { inputMode: 'url' as const, placeholder: 'https://' } : {})}
      />
    );
  const errorCount = Object.keys(form.shownErrors).length;
  const refused = errorCount > 0 || (shown !== null && !shown.saved);

  return (
    <form ref={form.formRef} onSubmit={(e) => void submit(e)} noValidate aria-label={t('admin.company.formLabel')}>
      <Stack gap="lg">
        <Fieldset legend={t('admin.company.sections.payments')}>
          <Stack gap="sm">
            {toggle('overpaymentAllowed', t('admin.company.overpaymentAllowed'), t('admin.company.overpaymentAllowedHelp'))}
            {toggle('manageBalance', t('admin.company.manageBalance'), t('admin.company.manageBalanceHelp'))}
            {toggle('onlyPMPaymentAllowed', t('admin.company.onlyPMPaymentAllowed'), t('admin.company.onlyPMPaymentAllowedHelp'))}
            {toggle('blockPartialPayments', t('admin.company.blockPartialPayments'))}
            {toggle('enforceCustomAmount', t('admin.company.enforceCustomAmount'), t('admin.company.enforceCustomAmountHelp'))}
            {amount('softMaximumPaymentAmount', t('admin.company.softMaximumPaymentAmount'), t('admin.company.emptyForNone'), {
              maw: 260,
            })}
            {group(
              'acceptedPaymentTypes',
              t('admin.company.acceptedPaymentTypes'),
              form.values.acceptedPaymentTypes,
              (v) => form.setValue('acceptedPaymentTypes', v),
              PAYMENT_METHOD_TYPES.map((type) => ({ value: type, label: t(`admin.company.paymentTypes.${type}`) })),
            )}
          </Stack>
        </Fieldset>

        <Fieldset legend={t('admin.company.sections.chargeCodes')}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('admin.company.chargeCodesHelp')}
            </Text>
            {codes.keys.map((key, i) => (
              <Group key={key} align="flex-start" gap="xs" wrap="wrap">
                <FormInput {...codes.bind(i, 'code')} title={t('admin.company.code')} w={160} />
                <FormInput {...codes.bind(i, 'name')} title={t('admin.company.codeName')} style={{ flex: '1 1 160px' }} />
                <Button
                  variant="subtle"
                  color="red"
                  mt={24}
                  onClick={() => codes.remove(i)}
                  aria-label={t('admin.company.removeCode', { code: codes.items[i]?.code || String(i + 1) })}
                >
                  {t('admin.company.remove')}
                </Button>
              </Group>
            ))}
            {err('chargeCodes') && (
              <Text c="red" size="sm">
                {err('chargeCodes')}
              </Text>
            )}
            <Group gap="xs">
              <Button variant="light" onClick={() => codes.append({ code: '', name: '' })}>
                {t('admin.company.addCode')}
              </Button>
              {codes.items.length === 0 && (
                <Button variant="subtle" onClick={() => form.setValue('chargeCodes', settings.defaultChargeCodes)}>
                  {t('admin.company.startFromDefaults')}
                </Button>
              )}
            </Group>
            {toggle('displayChargeCodes', t('admin.company.displayChargeCodes'))}
          </Stack>
        </Fieldset>

        <Fieldset legend={t('admin.company.sections.fees')}>
          <Stack gap="sm">
            <Group align="flex-start" gap="sm" wrap="wrap">
              {amount('lateFeeAmount', t('admin.company.lateFeeAmount'), t('admin.company.lateFeeOff'), { w: 220 })}
              <NumberInput
                name="lateFeeDays"
                label={t('admin.company.lateFeeDays')}
                description={t('admin.company.lateFeeDaysHelp')}
                min={1}
                max={31}
                allowDecimal={false}
                value={form.values.lateFeeDays}
                onChange={(v) => form.setValue('lateFeeDays', v)}
                error={err('lateFeeDays')}
                w={220}
              />
            </Group>
            {amount('nsfFeeAmount', t('admin.company.nsfFeeAmount'), t('admin.company.nsfFeeHelp'), { maw: 260 })}
            {settings.cardFeesPaidByCompany !== null &&
              toggle(
                'cardFeesPaidByCompany',
                t('admin.company.cardFeesPaidByCompany'),
                t('admin.company.cardFeesPaidByCompanyHelp'),
              )}
            <FeeSchedule settings={settings} />
          </Stack>
        </Fieldset>

        <Fieldset legend={t('admin.company.sections.services')}>
          <Stack gap="sm">
            {group(
              'serviceCreditReporting',
              t('admin.company.creditReporting'),
              CATEGORIES.filter((c) => form.values.serviceCreditReporting[c]),
              (v) => form.setValue('serviceCreditReporting', Object.fromEntries(CATEGORIES.map((c) => [c, v.includes(c)]))),
              CATEGORIES.map((c) => ({ value: c, label: t(`admin.company.categories.${c}`) })),
            )}
            {group(
              'insuranceIntegration',
              t('admin.company.insurance'),
              INSURANCE_KEYS.filter((k) => form.values.insuranceIntegration[k]),
              (v) => form.setValue('insuranceIntegration', Object.fromEntries(INSURANCE_KEYS.map((k) => [k, v.includes(k)]))),
              INSURANCE_KEYS.map((k) => ({ value: k, label: t(`admin.company.insurancePartners.${k}`) })),
            )}
            {toggle('microlendingEnabled', t('admin.company.microlending'))}
            {toggle('conciergeEnabled', t('admin.company.concierge'))}
            {toggle('neobankPromotionEnabled', t('admin.company.neobank'), t('admin.company.neobankHelp'))}
          </Stack>
        </Fieldset>

        <Fieldset legend={t('admin.company.sections.customCard')}>
          <Stack gap="sm">
            {toggle('cardEnabled', t('admin.company.cardEnabled'))}
            <Group align="flex-start" gap="md" grow wrap="wrap">
              <Stack gap="xs" miw={240}>
                <Text fw={600} size="sm">
                  {t('admin.company.english')}
                </Text>
                {cardInput('cardTitle', t('admin.company.cardTitle'))}
                {cardInput('cardText', t('admin.company.cardText'), true)}
                {cardInput('buttonCaption', t('admin.company.buttonCaption'))}
              </Stack>
              <Stack gap="xs" miw={240} lang="fr">
                <Text fw={600} size="sm">
                  {t('admin.company.french')}
                </Text>
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
          {shown?.saved && (
            <Alert color="green" title={t('admin.company.saved')}>
              {t('admin.company.savedHelp')}
            </Alert>
          )}
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
            {t('admin.company.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The fee schedule that prices the company's tenants' payments (its own profiles, else the platform's): read-only. */
function FeeSchedule({ settings }: { settings: CompanySettings }) {
  const { t } = useTranslation();
  const { source, records } = settings.feeSchedule;
  const lang = useLang();
  const percent = new Intl.NumberFormat(lang === 'fr' ? 'fr-CA' : 'en-CA', { style: 'percent', maximumFractionDigits: 2 });
  // spec 1 §3 Fee profile: PERCENT rates are percentages, FLAT ones an amount in the company's currency
  const rate = (r: (typeof records)[number]) =>
    r.rateType === 'PERCENT'
      ? percent.format(r.feeRate / 100)
      : formatAmount(r.feeRate, currencyForCountry(settings.country), lang);
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {t('admin.company.feeSchedule')}
      </Text>
      <Text size="sm" c="dimmed">
        {t(source === 'COMPANY' ? 'admin.company.feeScheduleOwn' : 'admin.company.feeSchedulePlatform')}
      </Text>
      <ScrollRegion label={t('admin.company.feeSchedule')}>
        <Table striped withTableBorder data-testid="fee-schedule">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('admin.company.feePaymentType')}</Table.Th>
              <Table.Th>{t('admin.company.feeDetail')}</Table.Th>
              <Table.Th>{t('admin.company.feeRate')}</Table.Th>
              <Table.Th>{t('admin.company.feePaidBy')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{t(`admin.company.paymentTypes.${r.paymentType}`)}</Table.Td>
                <Table.Td>
                  {[r.cardType, r.cardBrand, r.walletType, r.padSchedule ? 'PAD' : null].filter(Boolean).join(' · ') || '—'}
                </Table.Td>
                <Table.Td>{rate(r)}</Table.Td>
                <Table.Td>{t(r.paidByCompany ? 'admin.company.paidByCompany' : 'admin.company.paidByTenant')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollRegion>
    </Stack>
  );
}
