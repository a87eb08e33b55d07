// spec 1 §5 "With charge codes": each charge has a code and an amount; at least one row; rows removable when more than one.
import { ActionIcon, Button, Fieldset, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { formatMoney, type MoneyDisplay } from '@portal/domain/money';
import { type ChargeCode, canRemoveChargeRow, chargeRowsTotalCents } from '@portal/domain/payment-amounts';
import { AmountInput } from '../../../../components/amount-input';
import { chargeName } from '../../../../lib/charge-name';
import { useTranslation } from '../../../../lib/i18n';
import { addRow, type PaymentFormErrors, type PaymentFormValues, removeRow, setRow } from '../../forms/payment-form';

interface ChargeRowsProps {
  values: PaymentFormValues;
  onChange: (update: (values: PaymentFormValues) => PaymentFormValues) => void;
  codes: readonly ChargeCode[];
  errors: PaymentFormErrors['rows'];
  display: MoneyDisplay;
}

function RemoveIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
    </svg>
  );
}

export function ChargeRows({ values, onChange, codes, errors, display }: ChargeRowsProps) {
  const { t } = useTranslation();
  const removable = canRemoveChargeRow(values.rows);
  const options = [
    { value: '', label: t('payments.flow.charges.choose'), disabled: true },
    ...codes.map((c) => ({ value: c.code, label: chargeName(t, c) })),
  ];
  const totalCents = chargeRowsTotalCents(values.rows, display.locale);
  return (
    <Fieldset legend={t('payments.flow.charges.legend')} variant="unstyled">
      <Stack gap="sm">
        {values.rows.map((row, index) => {
          const n = index + 1;
          const rowErrors = errors?.[row.id];
          return (
            <Group key={row.id} align="flex-start" gap="xs" wrap="nowrap" data-testid="charge-row">
              <NativeSelect
                style={{ flex: 3, minWidth: 0 }}
                label={t('payments.flow.charges.code', { n })}
                data={options}
                value={row.code}
                onChange={(e) => {
                  const code = e.currentTarget.value;
                  onChange((v) => setRow(v, row.id, { code }));
                }}
                error={rowErrors?.code && t(rowErrors.code.key, rowErrors.code.values)}
              />
              <AmountInput
                style={{ flex: 2, minWidth: 0 }}
                label={t('payments.flow.charges.amount', { n })}
                value={row.amount}
                onChange={(amount) => onChange((v) => setRow(v, row.id, { amount }))}
                error={rowErrors?.amount && t(rowErrors.amount.key, rowErrors.amount.values)}
              />
              {removable && (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  mt={26}
                  aria-label={t('payments.flow.charges.remove', { n })}
                  onClick={() => onChange((v) => removeRow(v, row.id))}
                >
                  <RemoveIcon />
                </ActionIcon>
              )}
            </Group>
          );
        })}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Button variant="light" size="compact-sm" onClick={() => onChange((v) => addRow(v, codes))}>
            {t('payments.flow.charges.add')}
          </Button>
          <Text size="sm" fw={600} aria-live="polite" data-testid="charges-total">
            {t('payments.flow.charges.total', { amount: formatMoney(totalCents, display.currency, display.locale) })}
          </Text>
        </Group>
      </Stack>
    </Fieldset>
  );
}
