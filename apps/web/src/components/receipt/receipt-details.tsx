// spec 1 §9: the body of every receipt (a past payment on the dashboard, a payment just made in the payment flow): the
// receipt fields in their order, the fee row and total rules, the status display of spec 1 §4 (icon, FAILED 'payment
// pending' with the parsed error as a tooltip, ONHOLD's funds tooltip, COMPLETE's success message), the charges, and
// Print / Close. Printing prints only the receipt (receipt-print.css): the modal's content carries RECEIPT_PRINTABLE.
import { ActionIcon, Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { receiptStatusNotice, transactionStatusIcon } from '@portal/domain/display';
import { formatMoney } from '@portal/domain/money';
import { getReceiptAmounts, RECEIPT_FIELDS, type ReceiptField } from '@portal/domain/receipt';
import { receipt } from '@portal/i18n/locales/en.json?lazy';
import { type ReactNode, useId } from 'react';
import type { PaymentTransaction } from '../../api/types';
import { chargeName } from '../../lib/charge-name';
import { formatAmount, formatDate } from '../../lib/format';
import { addEnglish, toLang, useTranslation } from '../../lib/i18n';
import { printWithBodyClass } from '../../lib/print';
import { FieldTable } from '../field-table';
import { Tooltip } from '../tooltip';
import './receipt-print.css';
import { StatusIcon } from './status-icon';
import { failedTooltipText, methodText, statusText, typeText } from './transaction-texts';

addEnglish({ receipt });

/** Class names for the Modal that shows a receipt: its content is what prints; the close button does not print. */
export const RECEIPT_MODAL_CLASSES = { content: 'receipt-printable receipt-print-content', close: 'receipt-no-print' };

const PRINTING_CLASS = 'printing-receipt';

/** Prints only the receipt: the print stylesheet applies while the body carries PRINTING_CLASS. */
export function printReceipt() {
  printWithBodyClass(PRINTING_CLASS);
}

/** What a receipt shows: a ledger transaction (a search record or a payment call's answer), without its joins. */
export type ReceiptTransactionRecord = Omit<PaymentTransaction, 'joins'>;

export interface ReceiptDetailsProps {
  tx: ReceiptTransactionRecord;
  /** The property's name (joins.property, or the lease's property in the payment flow). */
  propertyName: string | null | undefined;
  /** 'Paid to': the company's name. */
  paidTo: string | null | undefined;
  onClose: () => void;
}

/** An info button whose tooltip (hover, keyboard focus or tap) is also its accessible name. */
function InfoTip({ label }: { label: string }) {
  return (
    <Tooltip label={label} asLabel align="end" width={280} className="receipt-no-print">
      {(trigger) => (
        <ActionIcon variant="subtle" size="sm" radius="xl" {...trigger}>
          <svg
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
            focusable="false"
          >
            <circle cx="12" cy="12" r="9" />
            <path d="M12 11v6M12 7.5v.5" strokeLinecap="round" />
          </svg>
        </ActionIcon>
      )}
    </Tooltip>
  );
}

export function ReceiptDetails({ tx, propertyName, paidTo, onClose }: ReceiptDetailsProps) {
  const { t, i18n } = useTranslation();
  const lang = toLang(i18n.language);
  const chargesId = useId();
  const amounts = getReceiptAmounts(tx);
  const notice = receiptStatusNotice(tx.status);
  const money = (cents: number) => formatMoney(cents, tx.currency, lang);
  const none = t('receipt.none');

  const statusValue = (): ReactNode => {
    const icon = <StatusIcon icon={transactionStatusIcon(tx.status)} />;
    if (notice?.tooltip === 'error') {
      // spec 1 §4: FAILED shows 'payment pending' with the error as a tooltip
      return (
        <Group gap={4} wrap="nowrap">
          {icon}
          <span>{t(notice.key)}</span>
          {tx.error && <InfoTip label={failedTooltipText(t, tx)} />}
        </Group>
      );
    }
    return (
      <Group gap={4} wrap="nowrap">
        {icon}
        <span>{statusText(t, tx.status)}</span>
        {notice?.tooltip === 'onHold' && <InfoTip label={t(notice.key)} />}
      </Group>
    );
  };

  const values: Record<ReceiptField | 'amount', ReactNode> = {
    confirmationId: tx.confirmationId ?? none,
    transactionId: tx.id,
    date: formatDate(tx.createDate, lang),
    property: propertyName || none,
    method: methodText(t, tx) || none,
    type: typeText(t, tx.transactionType),
    status: statusValue(),
    source: tx.source ? (tx.source === 'PAD' ? t('receipt.sourcePad') : tx.source) : none,
    note: tx.note || none,
    paidTo: paidTo || none,
    amount: money(amounts.amountCents),
    fees: money(amounts.feeCents),
    total: money(amounts.totalCents),
  };
  // spec 1 §9: the fee row shows unless the company pays it or feeType is SUBTRACT
  const rows: (ReceiptField | 'amount')[] = RECEIPT_FIELDS.flatMap((field) =>
    field === 'fees' ? (amounts.showFeeRow ? (['amount', 'fees'] as const) : (['amount'] as const)) : [field],
  );

  return (
    <div data-testid="receipt">
      <Stack gap="md">
        {notice && !notice.tooltip && (
          <Alert color="green" variant="light" role="status">
            {t(notice.key)}
          </Alert>
        )}
        <FieldTable rows={rows.map((field) => [field, t(`receipt.fields.${field}`), values[field]])} boldField="total" />
        {tx.charges.length > 0 && (
          <div>
            <Text fw={600} mb={4} id={chargesId}>
              {t('receipt.charges')}
            </Text>
            <Table aria-labelledby={chargesId}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('receipt.chargeName')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('receipt.chargeAmount')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {tx.charges.map((charge, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a charge code may repeat; the list is read-only
                  <Table.Tr key={`${charge.code ?? charge.name}-${i}`}>
                    <Table.Td>{chargeName(t, charge)}</Table.Td>
                    <Table.Td ta="right">{formatAmount(charge.amount, tx.currency, lang)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
        <Group justify="flex-end" className="receipt-no-print">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
          <Button onClick={printReceipt}>{t('receipt.print')}</Button>
        </Group>
      </Stack>
    </div>
  );
}
