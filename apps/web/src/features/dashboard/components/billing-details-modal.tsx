import { Button, Group, Modal, Table, Text } from '@mantine/core';
import { currencyForCountry, formatMoney, sumCents, toCents } from '@portal/domain/money';
import { useId } from 'react';
import type { PropertyLease } from '../../../api/types';
import { PendingPayments } from '../../../components/pending-payments';
import { chargeName } from '../../../lib/charge-name';
import { formatAmount, formatDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useLang } from '../lib/locale';
import { getLeasePaymentAvailability, requestLeasePayment } from './lease-payment-state';

interface Props {
  lease: PropertyLease;
  leaseName: string;
  opened: boolean;
  onClose: () => void;
}

/** spec 1 §2: billing-details modal — open charges (name, due date, balance), a total, and a make-payment button. */
export function BillingDetailsModal({ lease, leaseName, opened, onClose }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const currency = currencyForCountry(lease.joins.company?.country);
  const totalCents = sumCents(lease.openCharges.map((c) => toCents(c.balance)));
  const payment = getLeasePaymentAvailability(lease);
  const reasonId = useId();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('dashboard.billing.title', { lease: leaseName })}
      size="lg"
      closeButtonProps={{ 'aria-label': t('dashboard.close') }}
    >
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('dashboard.billing.charge')}</Table.Th>
            <Table.Th scope="col">{t('dashboard.billing.dueDate')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('dashboard.billing.balance')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lease.openCharges.map((charge) => (
            <Table.Tr key={charge.id}>
              <Table.Td>{chargeName(t, charge)}</Table.Td>
              <Table.Td>{formatDate(charge.dueDate, lang)}</Table.Td>
              <Table.Td ta="right">{formatAmount(charge.balance, currency, lang)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row" colSpan={2}>
              {t('dashboard.billing.total')}
            </Table.Th>
            <Table.Th ta="right" data-testid="billing-total">
              {formatMoney(totalCents, currency, lang)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      {lease.openCharges.length === 0 && <Text c="dimmed">{t('dashboard.billing.empty')}</Text>}
      {/* issue 21 §1: what a payment waiting at the provider holds is shown apart from the balances above */}
      <PendingPayments lease={lease} currency={currency} counted testId="billing-pending" />
      {payment.reasonKey && (
        <Text size="sm" c="dimmed" mt="md" id={reasonId}>
          {t(payment.reasonKey)}
        </Text>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('dashboard.close')}
        </Button>
        {/* closes billing details and opens the payment modal of this lease (lease-payment-actions.tsx) */}
        <Button
          disabled={payment.disabled}
          aria-describedby={payment.reasonKey ? reasonId : undefined}
          onClick={() => {
            onClose();
            requestLeasePayment(lease.id);
          }}
        >
          {t('dashboard.payActions.makePayment')}
        </Button>
      </Group>
    </Modal>
  );
}
