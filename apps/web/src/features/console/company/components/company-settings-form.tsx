// issue 23 "Company settings": every flag a company sets (spec 1 §3 Company, §6; spec 2 §6), in sections. The server
// checks every rule and names the fields it refuses; those errors show on their fields (announced), and focus goes to
// the first one, as the tenant forms do (components/form/focus-first-invalid.ts).
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { PAYMENT_METHOD_TYPES } from '@portal/domain/entities';
import { currencyForCountry } from '@portal/domain/money';
import { formatAmountInput, parseAmountInput } from '@portal/domain/money-input';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { AmountInput } from '../../../../components/amount-input';
import { focusFirstInvalid } from '../../../../components/form/focus-first-invalid';
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

interface Draft {
  overpaymentAllowed: boolean;
  manageBalance: boolean;
  onlyPMPaymentAllowed: boolean;
  blockPartialPayments: boolean;
  enforceCustomAmount: boolean;
  softMaximumPaymentAmount: string;
  acceptedPaymentTypes: string[];
  chargeCodes: ChargeCode[];
  displayChargeCodes: boolean;
  lateFeeAmount: string;
  lateFeeDays: number | string;
  nsfFeeAmount: string;
  cardFeesPaidByCompany: boolean;
  serviceCreditReporting: Record<string, boolean>;
  insuranceIntegration: Record<string, boolean>;
  microlendingEnabled: boolean;
  conciergeEnabled: boolean;
  neobankPromotionEnabled: boolean;
  cardEnabled: boolean;
  card: Record<CardField, string>;
}

function draftOf(s: CompanySettings, lang: 'en' | 'fr'): Draft {
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
    card: Object.fromEntries(CARD_FIELDS.map((f) => [f, card?.[f] ?? ''])) as Record<CardField, string>,
  };
}

type Errors = Record<string, string>;

/** The patch of a draft, or the fields whose amount cannot be read (the AmountInput shows why). */
function patchOf(
  d: Draft,
  s: CompanySettings,
  lang: 'en' | 'fr',
  t: (k: string) => string,
): { patch: CompanyPatch; errors: Errors } {
  const errors: Errors = {};
  const amount = (field: string, text: string): number | null => {
    if (text.trim() === '') return null;
    const parsed = parseAmountInput(text, lang);
    if (!parsed.ok) {
      errors[field] = t('admin.company.amountInvalid');
      return null;
    }
    return parsed.cents / 100;
  };
  const yn = (b: boolean): YesNo => (b ? 'YES' : 'NO');
  const hasCard = d.cardEnabled || CARD_FIELDS.some((f) => d.card[f].trim() !== '');
  const patch: CompanyPatch = {
    overpaymentAllowed: yn(d.overpaymentAllowed),
    manageBalance: yn(d.manageBalance),
    onlyPMPaymentAllowed: yn(d.onlyPMPaymentAllowed),
    blockPartialPayments: d.blockPartialPayments,
    enforceCustomAmount: d.enforceCustomAmount,
    softMaximumPaymentAmount: amount('softMaximumPaymentAmount', d.softMaximumPaymentAmount),
    acceptedPaymentTypes: d.acceptedPaymentTypes,
    chargeCodes: d.chargeCodes,
    displayChargeCodes: d.displayChargeCodes,
    lateFeeAmount: amount('lateFeeAmount', d.lateFeeAmount),
    lateFeeDays: Number(d.lateFeeDays),
    nsfFeeAmount: amount('nsfFeeAmount', d.nsfFeeAmount),
    serviceCreditReporting: d.serviceCreditReporting,
    insuranceIntegration: Object.fromEntries(INSURANCE_KEYS.map((k) => [k, { enabled: d.insuranceIntegration[k] }])),
    microlendingEnabled: d.microlendingEnabled,
    conciergeEnabled: d.conciergeEnabled,
    neobankPromotionEnabled: d.neobankPromotionEnabled,
    customCard: hasCard ? { enabled: d.cardEnabled, ...d.card } : null,
  };
  // sent only when changed: the platform's schedule (null) is not the company's to change
  if (s.cardFeesPaidByCompany !== null && d.cardFeesPaidByCompany !== s.cardFeesPaidByCompany) {
    patch.cardFeesPaidByCompany = d.cardFeesPaidByCompany;
  }
  return { patch, errors };
}

export interface CompanySettingsFormProps {
  settings: CompanySettings;
  onSave: (patch: CompanyPatch) => Promise<unknown>;
}

export function CompanySettingsForm({ settings, onSave }: CompanySettingsFormProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [draft, setDraft] = useState(() => draftOf(settings, lang));
  const [errors, setErrors] = useState<Errors>({});
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
  const err = (field: string) => errors[field];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { patch, errors: local } = patchOf(draft, settings, lang, t);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setStatus('refused');
      setFocusRequest((n) => n + 1);
      return;
    }
    setStatus('saving');
    try {
      await onSave(patch);
      setErrors({});
      setStatus('saved');
    } catch (e) {
      const fieldErrors = e instanceof ApiError ? e.fieldErrors : [];
      const found: Errors = {};
      for (const f of fieldErrors) found[f.field] ??= f.message;
      if (fieldErrors.length === 0) found._form = e instanceof Error ? e.message : t('admin.company.saveFailed');
      setErrors(found);
      setStatus('refused');
      setFocusRequest((n) => n + 1);
    }
  };

  const toggle = (key: keyof Draft, label: string, description?: string) => (
    <Switch
      label={label}
      description={description}
      checked={draft[key] as boolean}
      onChange={(e) => set(key, e.currentTarget.checked as never)}
    />
  );
  const cardInput = (field: CardField, label: string, long = false) => {
    const Input = long ? Textarea : TextInput;
    return (
      <Input
        label={label}
        value={draft.card[field]}
        error={err(`customCard.${field}`)}
        onChange={(e) => set('card', { ...draft.card, [field]: e.currentTarget.value })}
        {...(field === 'buttonUrl' ? { type: 'url', placeholder: 'https://' } : {})}
      />
    );
  };
  const codeErrors = Object.entries(errors).filter(([k]) => k === 'chargeCodes');
  const errorCount = Object.keys(errors).filter((k) => k !== '_form').length;

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={t('admin.company.formLabel')}>
      <Stack gap="lg">
        <Fieldset legend={t('admin.company.sections.payments')}>
          <Stack gap="sm">
            {toggle('overpaymentAllowed', t('admin.company.overpaymentAllowed'), t('admin.company.overpaymentAllowedHelp'))}
            {toggle('manageBalance', t('admin.company.manageBalance'), t('admin.company.manageBalanceHelp'))}
            {toggle('onlyPMPaymentAllowed', t('admin.company.onlyPMPaymentAllowed'), t('admin.company.onlyPMPaymentAllowedHelp'))}
            {toggle('blockPartialPayments', t('admin.company.blockPartialPayments'))}
            {toggle('enforceCustomAmount', t('admin.company.enforceCustomAmount'), t('admin.company.enforceCustomAmountHelp'))}
            <AmountInput
              label={t('admin.company.softMaximumPaymentAmount')}
              description={t('admin.company.emptyForNone')}
              value={draft.softMaximumPaymentAmount}
              onChange={(v) => set('softMaximumPaymentAmount', v)}
              error={err('softMaximumPaymentAmount')}
              maw={260}
            />
            <Checkbox.Group
              label={t('admin.company.acceptedPaymentTypes')}
              value={draft.acceptedPaymentTypes}
              onChange={(v) => set('acceptedPaymentTypes', v)}
              error={Object.entries(errors).find(([k]) => k.startsWith('acceptedPaymentTypes'))?.[1]}
            >
              <Group gap="sm" mt={4}>
                {PAYMENT_METHOD_TYPES.map((type) => (
                  <Checkbox key={type} value={type} label={t(`admin.company.paymentTypes.${type}`)} />
                ))}
              </Group>
            </Checkbox.Group>
          </Stack>
        </Fieldset>

        <Fieldset legend={t('admin.company.sections.chargeCodes')}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('admin.company.chargeCodesHelp')}
            </Text>
            {draft.chargeCodes.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place; the index is the row
              <Group key={i} align="flex-start" gap="xs" wrap="wrap">
                <TextInput
                  label={t('admin.company.code')}
                  value={c.code}
                  error={err(`chargeCodes.${i}.code`)}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    set(
                      'chargeCodes',
                      draft.chargeCodes.map((x, j) => (j === i ? { ...x, code: v } : x)),
                    );
                  }}
                  w={160}
                />
                <TextInput
                  label={t('admin.company.codeName')}
                  value={c.name}
                  error={err(`chargeCodes.${i}.name`)}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    set(
                      'chargeCodes',
                      draft.chargeCodes.map((x, j) => (j === i ? { ...x, name: v } : x)),
                    );
                  }}
                  style={{ flex: '1 1 160px' }}
                />
                <Button
                  variant="subtle"
                  color="red"
                  mt={24}
                  onClick={() =>
                    set(
                      'chargeCodes',
                      draft.chargeCodes.filter((_, j) => j !== i),
                    )
                  }
                  aria-label={t('admin.company.removeCode', { code: c.code || String(i + 1) })}
                >
                  {t('admin.company.remove')}
                </Button>
              </Group>
            ))}
            {codeErrors.map(([k, m]) => (
              <Text key={k} c="red" size="sm">
                {m}
              </Text>
            ))}
            <Group gap="xs">
              <Button variant="light" onClick={() => set('chargeCodes', [...draft.chargeCodes, { code: '', name: '' }])}>
                {t('admin.company.addCode')}
              </Button>
              {draft.chargeCodes.length === 0 && (
                <Button variant="subtle" onClick={() => set('chargeCodes', settings.defaultChargeCodes)}>
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
              <AmountInput
                label={t('admin.company.lateFeeAmount')}
                description={t('admin.company.lateFeeOff')}
                value={draft.lateFeeAmount}
                onChange={(v) => set('lateFeeAmount', v)}
                error={err('lateFeeAmount')}
                w={220}
              />
              <NumberInput
                label={t('admin.company.lateFeeDays')}
                description={t('admin.company.lateFeeDaysHelp')}
                min={1}
                max={31}
                allowDecimal={false}
                value={draft.lateFeeDays}
                onChange={(v) => set('lateFeeDays', v)}
                error={err('lateFeeDays')}
                w={220}
              />
            </Group>
            <AmountInput
              label={t('admin.company.nsfFeeAmount')}
              description={t('admin.company.nsfFeeHelp')}
              value={draft.nsfFeeAmount}
              onChange={(v) => set('nsfFeeAmount', v)}
              error={err('nsfFeeAmount')}
              maw={260}
            />
            {settings.cardFeesPaidByCompany !== null && (
              <Switch
                label={t('admin.company.cardFeesPaidByCompany')}
                description={t('admin.company.cardFeesPaidByCompanyHelp')}
                checked={draft.cardFeesPaidByCompany}
                onChange={(e) => set('cardFeesPaidByCompany', e.currentTarget.checked)}
                error={err('cardFeesPaidByCompany')}
              />
            )}
            <FeeSchedule settings={settings} />
          </Stack>
        </Fieldset>

        <Fieldset legend={t('admin.company.sections.services')}>
          <Stack gap="sm">
            <Checkbox.Group
              label={t('admin.company.creditReporting')}
              value={CATEGORIES.filter((c) => draft.serviceCreditReporting[c])}
              onChange={(v) => set('serviceCreditReporting', Object.fromEntries(CATEGORIES.map((c) => [c, v.includes(c)])))}
              error={Object.entries(errors).find(([k]) => k.startsWith('serviceCreditReporting'))?.[1]}
            >
              <Group gap="sm" mt={4}>
                {CATEGORIES.map((c) => (
                  <Checkbox key={c} value={c} label={t(`admin.company.categories.${c}`)} />
                ))}
              </Group>
            </Checkbox.Group>
            <Checkbox.Group
              label={t('admin.company.insurance')}
              value={INSURANCE_KEYS.filter((k) => draft.insuranceIntegration[k])}
              onChange={(v) => set('insuranceIntegration', Object.fromEntries(INSURANCE_KEYS.map((k) => [k, v.includes(k)])))}
              error={Object.entries(errors).find(([k]) => k.startsWith('insuranceIntegration'))?.[1]}
            >
              <Group gap="sm" mt={4}>
                {INSURANCE_KEYS.map((k) => (
                  <Checkbox key={k} value={k} label={t(`admin.company.insurancePartners.${k}`)} />
                ))}
              </Group>
            </Checkbox.Group>
            {toggle('microlendingEnabled', t('admin.company.microlending'))}
            {toggle('conciergeEnabled', t('admin.company.concierge'))}
            <Switch
              label={t('admin.company.neobank')}
              description={t('admin.company.neobankHelp')}
              checked={draft.neobankPromotionEnabled}
              onChange={(e) => set('neobankPromotionEnabled', e.currentTarget.checked)}
              error={err('neobankPromotionEnabled')}
              aria-invalid={err('neobankPromotionEnabled') ? true : undefined}
            />
          </Stack>
        </Fieldset>

        <Fieldset legend={t('admin.company.sections.customCard')}>
          <Stack gap="sm">
            <Switch
              label={t('admin.company.cardEnabled')}
              checked={draft.cardEnabled}
              onChange={(e) => set('cardEnabled', e.currentTarget.checked)}
            />
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
          {status === 'saved' && (
            <Alert color="green" title={t('admin.company.saved')}>
              {t('admin.company.savedHelp')}
            </Alert>
          )}
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
