// spec 1 §2 "Payment flow modals": the cash slip with its QR code (qrcode.react, ARCHITECTURE), the 16-digit number in
// groups of 4 as the store scans or types it, the amount and the lease. Printing prints only this card.
import { Card, Group, Stack, Text } from '@mantine/core';
import { toCents } from '@portal/domain/money';
import type { CashSlip } from '@portal/domain/payment-shapes';
import { QRCodeSVG } from 'qrcode.react';
import type { PropertyLease } from '../../../../api/types';
import { formatDate } from '../../../../lib/format';
import { useTranslation } from '../../../../lib/i18n';
import { printWithBodyClass } from '../../../../lib/print';
import { useLeaseMoney } from './mode-support';
import { groupSlipNumber, useLeaseLabel } from './slip-format';
import './cash-slip-print.css';

/** The class of what prints (cash-slip-print.css). */
export const CASH_SLIP_PRINTABLE = 'cash-slip-printable';
const PRINTING_CLASS = 'printing-cash-slip';

/** Prints only the slip: the print stylesheet applies while the body carries PRINTING_CLASS. */
export function printCashSlip() {
  printWithBodyClass(PRINTING_CLASS);
}

export function CashSlipCard({ slip, lease }: { slip: CashSlip; lease: PropertyLease }) {
  const { t } = useTranslation();
  const { money, lang } = useLeaseMoney(lease);
  const leaseLabel = useLeaseLabel();
  const number = groupSlipNumber(slip.token);
  const rows: [string, string][] = [
    [t('payments.cashSlip.amount'), money(toCents(slip.amount))],
    [t('payments.cashSlip.lease'), leaseLabel(lease)],
    [t('payments.cashSlip.created'), formatDate(slip.createDate, lang)],
  ];
  return (
    <Card withBorder radius="md" padding="md" className={CASH_SLIP_PRINTABLE} data-testid="cash-slip">
      <Stack gap="sm" align="center">
        <Text fw={700} size="lg">
          {t('payments.cashSlip.slipHeading')}
        </Text>
        <QRCodeSVG
          value={slip.token}
          size={168}
          marginSize={2}
          role="img"
          aria-label={t('payments.cashSlip.qrLabel', { number })}
          title={t('payments.cashSlip.qrLabel', { number })}
        />
        <Stack gap={0} align="center">
          <Text size="sm" c="dimmed">
            {t('payments.cashSlip.slipNumber')}
          </Text>
          <Text ff="monospace" fw={700} fz={{ base: 'lg', xs: 'xl' }} style={{ letterSpacing: 1 }} data-testid="cash-slip-number">
            {number}
          </Text>
        </Stack>
        <Stack gap={4} w="100%" component="dl" m={0}>
          {rows.map(([name, value]) => (
            <Group key={name} justify="space-between" wrap="nowrap" gap="sm">
              <Text component="dt" size="sm" c="dimmed">
                {name}
              </Text>
              <Text component="dd" m={0} size="sm" fw={600} ta="right" style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </Group>
          ))}
        </Stack>
        <Text size="xs" ta="center">
          {t('payments.cashSlip.instructions')}
        </Text>
      </Stack>
    </Card>
  );
}
