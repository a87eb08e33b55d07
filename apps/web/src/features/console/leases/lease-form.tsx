// The lease's settings form (issue 23 "Leases"; spec 1 §3 Property lease, spec 2 §5 dates and due day, spec 2 §6 the
// manager's blocks), for a new lease and for the lease page, in the house form state (components/form/use-form.ts,
// issue 21 §3): the recurring charge lines are a list field, each line's code and amount with its own message
// ('charges.1.amount', as the server names it). Amounts are typed in the user's language and read by the domain's one
// amount parser (AmountInput), dates in the console's DateField (yyyy-mm-dd, spelled back); a refused save focuses the
// first invalid field, a line's field included.
import { Alert, Button, Checkbox, Fieldset, Group, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { isValidIsoDate } from '@portal/domain/dates';
import { fromCents } from '@portal/domain/money';
import { formatAmountInput, parseAmountInput } from '@portal/domain/money-input';
import { useMemo, useRef, useState } from 'react';
import { AmountInput } from '../../../components/amount-input';
import { DateField } from '../../../components/date-field';
import { Dropdown } from '../../../components/form/dropdown';
import { FormInput } from '../../../components/form/form-input';
import { type FormErrors, type FormPath, messageText, useForm } from '../../../components/form/use-form';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../../../lib/locale';
import { BLOCK_TYPES, type BlockType, type ConsoleLease, type LeaseProperty, type LeaseSettingsBody } from './api/leases';

/** At most this many recurring lines (the server's limit). */
const LINES_MAX = 20;
/** A line at most $100,000.00 (the server's limit). */
const LINE_MAX_CENTS = 10_000_000;
const UNIT_MAX = 20;
const FOCUS_FALLBACKS = ['[role="alert"]'];

export interface LeaseChargeLine {
  code: string;
  /** As typed (read in the user's language). */
  amount: string;
}

export interface LeaseFormValues {
  propertyId: string;
  unit: string;
  startDate: string;
  endDate: string;
  dueDay: string;
  charges: LeaseChargeLine[];
  requireAutoPay: boolean;
  blocked: Record<BlockType, boolean>;
  blockedSplit: boolean;
  blockPartialPayments: boolean;
  /** 'property' | 'on' | 'off' */
  payByText: string;
  tenantNotes: string;
}
type Path = FormPath<LeaseFormValues>;

export function initialLeaseValues(lease: ConsoleLease | null, lang: 'en' | 'fr', propertyId = ''): LeaseFormValues {
  return {
    propertyId: lease?.propertyId ?? propertyId,
    unit: lease?.unit ?? '',
    startDate: lease?.startDate ?? '',
    endDate: lease?.endDate ?? '',
    dueDay: String(lease?.monthlyPaymentDueDay ?? 1),
    charges: lease?.charges.length
      ? lease.charges.map((c) => ({ code: c.code, amount: formatAmountInput(Math.round(c.amount * 100), lang) }))
      : [{ code: 'Rent', amount: '' }],
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
export function validateLease(v: LeaseFormValues, lang: 'en' | 'fr', needsProperty: boolean): FormErrors<LeaseFormValues> {
  const e: FormErrors<LeaseFormValues> = {};
  const required = { key: 'validation.requiredField' };
  if (needsProperty && !v.propertyId) e.propertyId = required;
  if (v.unit.trim().length > UNIT_MAX) e.unit = { key: 'admin.leases.form.unitTooLong' };
  if (!v.startDate) e.startDate = required;
  else if (!isValidIsoDate(v.startDate)) e.startDate = { key: 'validation.date.invalid' };
  if (v.endDate && !isValidIsoDate(v.endDate)) e.endDate = { key: 'validation.date.invalid' };
  else if (v.endDate && isValidIsoDate(v.startDate) && v.endDate < v.startDate)
    e.endDate = { key: 'validation.date.endBeforeStart' };
  const day = Number(v.dueDay);
  if (!v.dueDay || !Number.isInteger(day) || day < 1 || day > 31) e.dueDay = { key: 'validation.signup.dueDayInvalid' };
  v.charges.forEach((line, i) => {
    if (!line.code) e[`charges.${i}.code`] = required;
    const parsed = parseAmountInput(line.amount, lang);
    if (!parsed.ok) e[`charges.${i}.amount`] = parsed.refusal === 'empty' ? required : { key: parsed.key, values: parsed.values };
    else if (parsed.cents <= 0) e[`charges.${i}.amount`] = { key: 'validation.currency.invalid' };
    else if (parsed.cents > LINE_MAX_CENTS) e[`charges.${i}.amount`] = { key: 'admin.leases.form.lineTooLarge' };
  });
  if (v.charges.length === 0) e.charges = { key: 'validation.charges.atLeastOne' };
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
      // cents → the API's decimal amount (the domain's conversion)
      return { code: c.code, amount: parsed.ok ? fromCents(parsed.cents) : 0 };
    }),
    requireAutoPay: v.requireAutoPay,
    blockPayments,
    blockPartialPayments: v.blockPartialPayments,
    payByTextEnabled: v.payByText === 'property' ? null : v.payByText === 'on',
    tenantNotes: v.tenantNotes.trim() || null,
  };
}

const FIELDS: readonly string[] = ['propertyId', 'unit', 'startDate', 'endDate', 'dueDay', 'tenantNotes'];
/** The server's field names → the form's. */
const SERVER_FIELD: Record<string, string> = { monthlyPaymentDueDay: 'dueDay', payByTextEnabled: 'payByText' };

/** The server's field name → the form's field that shows its message (null: no field; the alert says it). */
function fieldOf(server: string, v: LeaseFormValues, hasProperty: boolean): Path | null {
  const [head = '', at, prop] = server.split('.');
  if (head === 'charges') {
    if (at === undefined) return 'charges';
    const i = Number(at);
    return Number.isInteger(i) && i < v.charges.length && (prop === 'code' || prop === 'amount')
      ? `charges.${i}.${prop}`
      : 'charges';
  }
  const field = SERVER_FIELD[head] ?? head;
  if (at !== undefined || !(FIELDS.includes(field) || field === 'payByText')) return null;
  // an existing lease's property is not on the form
  if (field === 'propertyId' && hasProperty) return null;
  return field as Path;
}

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
  const form = useForm<LeaseFormValues>({
    initialValues: () => initialLeaseValues(lease, lang, propertyId),
    validate: (v) => validateLease(v, lang, !lease),
    focusFallbacks: FOCUS_FALLBACKS,
  });
  const lines = form.list('charges');
  // the save's outcome, shown until the values change
  const [outcome, setOutcome] = useState<{ values: LeaseFormValues; saved: boolean; text?: string } | null>(null);
  const shown = outcome?.values === form.values ? outcome : null;
  const addRef = useRef<HTMLButtonElement>(null);
  const err = (path: Path) => messageText(t, form.error(path));

  const submit = form.handleSubmit(async (v) => {
    setOutcome(null);
    try {
      await onSubmit({ ...toLeaseBody(v, lang), propertyId: v.propertyId });
      form.reset();
      setOutcome({ values: v, saved: true });
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : [];
      const unplaced = form.showServerErrors(fieldErrors, (f) => fieldOf(f, v, !!lease));
      const text =
        fieldErrors.length === 0
          ? error instanceof Error
            ? error.message
            : t('admin.leases.form.saveFailed')
          : unplaced.join(' ');
      setOutcome({ values: v, saved: false, text: text || undefined });
      if (fieldErrors.length === 0) form.focusInvalid();
    }
  });

  const codeItems = useMemo(
    () => chargeCodes.map((c) => ({ value: c.code, label: c.name === c.code ? c.code : `${c.name} (${c.code})` })),
    [chargeCodes],
  );

  return (
    <form ref={form.formRef} onSubmit={(e) => void submit(e)} noValidate aria-label={submitLabel}>
      <fieldset disabled={readOnly || form.submitting} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="md">
          {!lease && (
            <Dropdown
              type="properties"
              {...form.bind('propertyId')}
              onChange={(value) => {
                form.setValue('propertyId', value);
                onPropertyChange?.(value);
              }}
              title={t('admin.leases.form.property')}
              required
              placeholder={t('admin.leases.form.chooseProperty')}
              items={(properties ?? []).map((p) => ({ value: p.id, label: `${p.propertyName} — ${p.city}` }))}
            />
          )}
          <Group grow align="flex-start" wrap="wrap" gap="md">
            <FormInput {...form.bind('unit')} title={t('admin.leases.form.unit')} maxLength={UNIT_MAX + 5} miw={140} />
            <FormInput
              {...form.bind('dueDay')}
              title={t('admin.leases.form.dueDay')}
              description={t('admin.leases.form.dueDayHint')}
              required
              type="digits"
              normalize={(raw) => raw.replace(/\D/g, '').slice(0, 2)}
              miw={140}
            />
          </Group>
          <Group grow align="flex-start" wrap="wrap" gap="md">
            <DateField {...form.bind('startDate')} title={t('admin.leases.form.startDate')} required miw={140} />
            <DateField
              {...form.bind('endDate')}
              title={t('admin.leases.form.endDate')}
              description={t('admin.leases.form.endDateHint')}
              miw={140}
            />
          </Group>

          <Fieldset legend={t('admin.leases.form.charges')} variant="unstyled">
            <Stack gap="xs">
              <Text size="xs" c="dimmed">
                {t('admin.leases.form.chargesHint')}
              </Text>
              {lines.keys.map((key, i) => {
                const amount = lines.bind(i, 'amount');
                return (
                  <Group key={key} align="flex-start" wrap="wrap" gap="xs">
                    <Dropdown
                      type="chargeCodes"
                      {...lines.bind(i, 'code')}
                      title={t('admin.leases.form.chargeCode', { n: i + 1 })}
                      items={codeItems}
                      placeholder="—"
                      style={{ flex: '1 1 160px' }}
                    />
                    <AmountInput
                      name={amount.name}
                      label={t('admin.leases.form.chargeAmount', { n: i + 1 })}
                      value={amount.value}
                      onChange={amount.onChange}
                      onBlur={amount.onRevalidate}
                      error={messageText(t, amount.error)}
                      style={{ flex: '1 1 140px' }}
                    />
                    <Button
                      variant="subtle"
                      color="red"
                      mt={{ base: 0, xs: 24 }}
                      disabled={lines.items.length <= 1}
                      aria-label={t('admin.leases.form.removeLine', { n: i + 1 })}
                      onClick={() => {
                        lines.remove(i);
                        // the button goes with its line: the keyboard stays in the list
                        requestAnimationFrame(() => addRef.current?.focus());
                      }}
                    >
                      {t('admin.leases.form.remove')}
                    </Button>
                  </Group>
                );
              })}
              {err('charges') && (
                <Text c="red" size="sm" role="alert" tabIndex={-1}>
                  {err('charges')}
                </Text>
              )}
              <Group>
                <Button
                  ref={addRef}
                  variant="light"
                  size="xs"
                  disabled={lines.items.length >= LINES_MAX}
                  onClick={() => lines.append({ code: '', amount: '' })}
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
                checked={form.values.requireAutoPay}
                onChange={(e) => form.setValue('requireAutoPay', e.currentTarget.checked)}
              />
              <Checkbox
                label={t('admin.leases.form.blockPartialPayments')}
                checked={form.values.blockPartialPayments}
                onChange={(e) => form.setValue('blockPartialPayments', e.currentTarget.checked)}
              />
              {BLOCK_TYPES.map((type) => (
                <Checkbox
                  key={type}
                  label={t(`admin.leases.form.block.${type}`)}
                  checked={form.values.blocked[type]}
                  onChange={(e) => form.setValue('blocked', { ...form.values.blocked, [type]: e.currentTarget.checked })}
                />
              ))}
              <Checkbox
                label={t('admin.leases.form.blockSplit')}
                checked={form.values.blockedSplit}
                onChange={(e) => form.setValue('blockedSplit', e.currentTarget.checked)}
              />
              <NativeSelect
                name="payByText"
                label={t('admin.leases.form.payByText')}
                value={form.values.payByText}
                onChange={(e) => form.setValue('payByText', e.currentTarget.value)}
                error={err('payByText')}
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
            name="tenantNotes"
            label={t('admin.leases.form.tenantNotes')}
            description={t('admin.leases.form.tenantNotesHint')}
            rows={3}
            maxLength={2000}
            value={form.values.tenantNotes}
            onChange={(e) => form.setValue('tenantNotes', e.currentTarget.value)}
            error={err('tenantNotes')}
          />

          {shown && !shown.saved && shown.text && (
            <Alert color="red" variant="light" role="alert" tabIndex={-1}>
              {shown.text}
            </Alert>
          )}
          {shown?.saved && (
            <Text c="teal.8" size="sm" role="status">
              {t('admin.leases.form.saved')}
            </Text>
          )}
          {!readOnly && (
            <Group>
              <Button type="submit" loading={form.submitting}>
                {submitLabel}
              </Button>
            </Group>
          )}
        </Stack>
      </fieldset>
    </form>
  );
}
