// The lease's settings form (issue 23 "Leases"; spec 1 §3 Property lease, spec 2 §5 dates and due day, spec 2 §6 the
// manager's blocks), for a new lease and for the lease page. Amounts are typed in the user's language and read by the
// domain's one amount parser (AmountInput); a refused save focuses the first invalid field (issue 21 §3).
import { Alert, Button, Checkbox, Fieldset, Group, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { isValidIsoDate } from '@portal/domain/dates';
import { formatAmountInput, parseAmountInput } from '@portal/domain/money-input';
import { type FormEvent, useRef, useState } from 'react';
import { AmountInput } from '../../../components/amount-input';
import { focusFirstInvalid } from '../../../components/form/focus-first-invalid';
import { ApiError } from '../../../lib/api-client';
import { formatIsoDateInput } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { BLOCK_TYPES, type BlockType, type ConsoleLease, type LeaseProperty, type LeaseSettingsBody } from './api/leases';

/** At most this many recurring lines (the server's limit). */
const LINES_MAX = 20;
/** A line at most $100,000.00 (the server's limit). */
const LINE_MAX_CENTS = 10_000_000;
const UNIT_MAX = 20;

export interface LeaseFormValues {
  propertyId: string;
  unit: string;
  startDate: string;
  endDate: string;
  dueDay: string;
  charges: { key: number; code: string; amount: string }[];
  requireAutoPay: boolean;
  blocked: Record<BlockType, boolean>;
  blockedSplit: boolean;
  blockPartialPayments: boolean;
  /** 'property' | 'on' | 'off' */
  payByText: string;
  tenantNotes: string;
}

type Errors = Partial<Record<string, string>>;

let nextKey = 1;

export function initialLeaseValues(lease: ConsoleLease | null, lang: 'en' | 'fr', propertyId = ''): LeaseFormValues {
  return {
    propertyId: lease?.propertyId ?? propertyId,
    unit: lease?.unit ?? '',
    startDate: lease?.startDate ?? '',
    endDate: lease?.endDate ?? '',
    dueDay: String(lease?.monthlyPaymentDueDay ?? 1),
    charges: (lease?.charges.length ? lease.charges : [{ code: 'Rent', amount: Number.NaN }]).map((c) => ({
      key: nextKey++,
      code: c.code,
      amount: Number.isNaN(c.amount) ? '' : formatAmountInput(Math.round(c.amount * 100), lang),
    })),
    requireAutoPay: lease?.requireAutoPay ?? false,
    blocked: Object.fromEntries(BLOCK_TYPES.map((type) => [type, !!lease?.blockPayments[type]?.blocked])) as Record<
      BlockType,
      boolean
    >,
    blockedSplit: !!lease?.blockPayments.TYPE_CREDIT_CARD?.blockedSplit,
    blockPartialPayments: lease?.blockPartialPayments ?? false,
    payByText: lease?.payByTextEnabled == null ? 'property' : lease.payByTextEnabled ? 'on' : 'off',
    tenantNotes: lease?.tenantNotes ?? '',
  };
}

/** The form's check, the server's rules (the server checks again and names the field it refuses). */
export function validateLease(v: LeaseFormValues, lang: 'en' | 'fr', needsProperty: boolean): Errors {
  const e: Errors = {};
  if (needsProperty && !v.propertyId) e.propertyId = 'validation.requiredField';
  if (v.unit.trim().length > UNIT_MAX) e.unit = 'admin.leases.form.unitTooLong';
  if (!v.startDate) e.startDate = 'validation.requiredField';
  else if (!isValidIsoDate(v.startDate)) e.startDate = 'validation.date.invalid';
  if (v.endDate && !isValidIsoDate(v.endDate)) e.endDate = 'validation.date.invalid';
  else if (v.endDate && isValidIsoDate(v.startDate) && v.endDate < v.startDate) e.endDate = 'validation.date.endBeforeStart';
  const day = Number(v.dueDay);
  if (!Number.isInteger(day) || day < 1 || day > 31) e.dueDay = 'validation.signup.dueDayInvalid';
  v.charges.forEach((line, i) => {
    if (!line.code) e[`charges.${i}.code`] = 'validation.requiredField';
    const parsed = parseAmountInput(line.amount, lang);
    if (!parsed.ok) e[`charges.${i}.amount`] = parsed.refusal === 'empty' ? 'validation.requiredField' : parsed.key;
    else if (parsed.cents <= 0) e[`charges.${i}.amount`] = 'validation.currency.invalid';
    else if (parsed.cents > LINE_MAX_CENTS) e[`charges.${i}.amount`] = 'admin.leases.form.lineTooLarge';
  });
  if (v.charges.length === 0) e.charges = 'validation.charges.atLeastOne';
  return e;
}

export function toLeaseBody(v: LeaseFormValues, lang: 'en' | 'fr'): LeaseSettingsBody {
  const blockPayments: LeaseSettingsBody['blockPayments'] = {};
  for (const type of BLOCK_TYPES) {
    blockPayments[type] =
      type === 'TYPE_CREDIT_CARD' ? { blocked: v.blocked[type], blockedSplit: v.blockedSplit } : { blocked: v.blocked[type] };
  }
  return {
    unit: v.unit.trim() || null,
    startDate: v.startDate,
    endDate: v.endDate || null,
    monthlyPaymentDueDay: Number(v.dueDay),
    charges: v.charges.map((c) => {
      const parsed = parseAmountInput(c.amount, lang);
      // cents → the API's decimal dollars (an integer division by 100 is exact for the API's two decimals)
      return { code: c.code, amount: parsed.ok ? parsed.cents / 100 : 0 };
    }),
    requireAutoPay: v.requireAutoPay,
    blockPayments,
    blockPartialPayments: v.blockPartialPayments,
    payByTextEnabled: v.payByText === 'property' ? null : v.payByText === 'on',
    tenantNotes: v.tenantNotes.trim() || null,
  };
}

/** The server's field names → the form's. */
const SERVER_FIELD: Record<string, string> = { monthlyPaymentDueDay: 'dueDay' };

interface LeaseFormProps {
  lease: ConsoleLease | null;
  properties?: LeaseProperty[];
  chargeCodes: { code: string; name: string }[];
  /** Pre-selected property (?propertyId=). */
  propertyId?: string;
  onPropertyChange?: (propertyId: string) => void;
  readOnly?: boolean;
  submitLabel: string;
  onSubmit: (body: LeaseSettingsBody & { propertyId: string }) => Promise<unknown>;
}

export function LeaseForm({
  lease,
  properties,
  chargeCodes,
  propertyId,
  onPropertyChange,
  readOnly = false,
  submitLabel,
  onSubmit,
}: LeaseFormProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const [values, setValues] = useState(() => initialLeaseValues(lease, lang, propertyId));
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const errors = submitted ? { ...validateLease(values, lang, !lease), ...serverErrors } : serverErrors;
  const err = (name: string) => {
    const key = errors[name];
    if (!key) return undefined;
    return key.startsWith('server:') ? key.slice(7) : t(key);
  };
  const set = <K extends keyof LeaseFormValues>(name: K, value: LeaseFormValues[K]) => {
    setSaved(false);
    setValues((v) => ({ ...v, [name]: value }));
    setServerErrors((s) => ({ ...s, [name]: undefined }));
  };
  const setLine = (i: number, patch: Partial<LeaseFormValues['charges'][number]>) => {
    setSaved(false);
    setValues((v) => ({ ...v, charges: v.charges.map((c, j) => (j === i ? { ...c, ...patch } : c)) }));
    setServerErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    const found = validateLease(values, lang, !lease);
    if (Object.values(found).some(Boolean)) {
      requestAnimationFrame(() => focusFirstInvalid(formRef.current, ['[role="alert"]']));
      return;
    }
    setSaving(true);
    try {
      await onSubmit({ ...toLeaseBody(values, lang), propertyId: values.propertyId });
      setSaved(true);
      setSubmitted(false);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors.length) {
        const next: Errors = {};
        for (const f of error.fieldErrors) next[SERVER_FIELD[f.field] ?? f.field] = `server:${f.message}`;
        setServerErrors(next);
        requestAnimationFrame(() => focusFirstInvalid(formRef.current, ['[role="alert"]']));
      }
      setFailure(error instanceof Error ? error.message : t('admin.leases.form.saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  const codeOptions = chargeCodes.map((c) => ({ value: c.code, label: c.name === c.code ? c.code : `${c.name} (${c.code})` }));

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-label={submitLabel}>
      <fieldset disabled={readOnly || saving} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="md">
          {!lease && (
            <NativeSelect
              label={t('admin.leases.form.property')}
              required
              value={values.propertyId}
              onChange={(e) => {
                set('propertyId', e.currentTarget.value);
                onPropertyChange?.(e.currentTarget.value);
              }}
              error={err('propertyId')}
              aria-invalid={!!err('propertyId')}
              data={[
                { value: '', label: t('admin.leases.form.chooseProperty') },
                ...(properties ?? []).map((p) => ({ value: p.id, label: `${p.propertyName} — ${p.city}` })),
              ]}
            />
          )}
          <Group grow align="flex-start" wrap="wrap" gap="md">
            <TextInput
              label={t('admin.leases.form.unit')}
              value={values.unit}
              maxLength={UNIT_MAX + 5}
              onChange={(e) => set('unit', e.currentTarget.value)}
              error={err('unit')}
              aria-invalid={!!err('unit')}
              miw={140}
            />
            <TextInput
              label={t('admin.leases.form.dueDay')}
              description={t('admin.leases.form.dueDayHint')}
              required
              inputMode="numeric"
              value={values.dueDay}
              onChange={(e) => set('dueDay', e.currentTarget.value.replace(/\D/g, '').slice(0, 2))}
              error={err('dueDay')}
              aria-invalid={!!err('dueDay')}
              miw={140}
            />
          </Group>
          <Group grow align="flex-start" wrap="wrap" gap="md">
            <TextInput
              label={t('admin.leases.form.startDate')}
              placeholder="yyyy-mm-dd"
              required
              inputMode="numeric"
              value={values.startDate}
              onChange={(e) => set('startDate', formatIsoDateInput(e.currentTarget.value))}
              error={err('startDate')}
              aria-invalid={!!err('startDate')}
              miw={140}
            />
            <TextInput
              label={t('admin.leases.form.endDate')}
              description={t('admin.leases.form.endDateHint')}
              placeholder="yyyy-mm-dd"
              inputMode="numeric"
              value={values.endDate}
              onChange={(e) => set('endDate', formatIsoDateInput(e.currentTarget.value))}
              error={err('endDate')}
              aria-invalid={!!err('endDate')}
              miw={140}
            />
          </Group>

          <Fieldset legend={t('admin.leases.form.charges')} variant="unstyled">
            <Stack gap="xs">
              <Text size="xs" c="dimmed">
                {t('admin.leases.form.chargesHint')}
              </Text>
              {values.charges.map((line, i) => (
                <Group key={line.key} align="flex-start" wrap="wrap" gap="xs">
                  <NativeSelect
                    label={t('admin.leases.form.chargeCode', { n: i + 1 })}
                    value={line.code}
                    onChange={(e) => setLine(i, { code: e.currentTarget.value })}
                    data={[{ value: '', label: '—' }, ...codeOptions]}
                    error={err(`charges.${i}.code`)}
                    aria-invalid={!!err(`charges.${i}.code`)}
                    style={{ flex: '1 1 160px' }}
                  />
                  <AmountInput
                    label={t('admin.leases.form.chargeAmount', { n: i + 1 })}
                    value={line.amount}
                    onChange={(text) => setLine(i, { amount: text })}
                    error={err(`charges.${i}.amount`)}
                    aria-invalid={!!err(`charges.${i}.amount`)}
                    style={{ flex: '1 1 140px' }}
                  />
                  <Button
                    variant="subtle"
                    color="red"
                    mt={{ base: 0, xs: 24 }}
                    disabled={values.charges.length <= 1}
                    aria-label={t('admin.leases.form.removeLine', { n: i + 1 })}
                    onClick={() =>
                      set(
                        'charges',
                        values.charges.filter((_, j) => j !== i),
                      )
                    }
                  >
                    {t('admin.leases.form.remove')}
                  </Button>
                </Group>
              ))}
              {err('charges') && (
                <Text c="red" size="sm" role="alert">
                  {err('charges')}
                </Text>
              )}
              <Group>
                <Button
                  variant="light"
                  size="xs"
                  disabled={values.charges.length >= LINES_MAX}
                  onClick={() => set('charges', [...values.charges, { key: nextKey++, code: '', amount: '' }])}
                >
                  {t('admin.leases.form.addLine')}
                </Button>
              </Group>
            </Stack>
          </Fieldset>

          <Fieldset legend={t('admin.leases.form.payments')} variant="unstyled">
            <Stack gap="xs">
              <Checkbox
                label={t('admin.leases.form.requireAutoPay')}
                checked={values.requireAutoPay}
                onChange={(e) => set('requireAutoPay', e.currentTarget.checked)}
              />
              <Checkbox
                label={t('admin.leases.form.blockPartialPayments')}
                checked={values.blockPartialPayments}
                onChange={(e) => set('blockPartialPayments', e.currentTarget.checked)}
              />
              {BLOCK_TYPES.map((type) => (
                <Checkbox
                  key={type}
                  label={t(`admin.leases.form.block.${type}`)}
                  checked={values.blocked[type]}
                  onChange={(e) => set('blocked', { ...values.blocked, [type]: e.currentTarget.checked })}
                />
              ))}
              <Checkbox
                label={t('admin.leases.form.blockSplit')}
                checked={values.blockedSplit}
                onChange={(e) => set('blockedSplit', e.currentTarget.checked)}
              />
              <NativeSelect
                label={t('admin.leases.form.payByText')}
                value={values.payByText}
                onChange={(e) => set('payByText', e.currentTarget.value)}
                data={[
                  { value: 'property', label: t('admin.leases.form.payByTextProperty') },
                  { value: 'on', label: t('admin.leases.form.payByTextOn') },
                  { value: 'off', label: t('admin.leases.form.payByTextOff') },
                ]}
                maw={360}
              />
            </Stack>
          </Fieldset>

          <Textarea
            label={t('admin.leases.form.tenantNotes')}
            description={t('admin.leases.form.tenantNotesHint')}
            rows={3}
            maxLength={2000}
            value={values.tenantNotes}
            onChange={(e) => set('tenantNotes', e.currentTarget.value)}
          />

          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          {saved && (
            <Text c="teal.8" size="sm" role="status">
              {t('admin.leases.form.saved')}
            </Text>
          )}
          {!readOnly && (
            <Group>
              <Button type="submit" loading={saving}>
                {submitLabel}
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
