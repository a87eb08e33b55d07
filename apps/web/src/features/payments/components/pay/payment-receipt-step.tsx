// spec 1 §4 / §9: the receipt of the payment just made (or of the cancelled attempt): the receipt every past payment
// has (components/receipt), with print and close.
import { Alert, Stack } from '@mantine/core';
import type { PaymentResult } from '@portal/domain/payment-shapes';
import type { PropertyLease } from '../../../../api/types';
import { ReceiptDetails } from '../../../../components/receipt/receipt-details';
import { useTranslation } from '../../../../lib/i18n';

export function PaymentReceiptStep({
  lease,
  result,
  onClose,
}: {
  lease: PropertyLease;
  result: PaymentResult;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {result.status === 'CANCELLED' && (
        <Alert color="blue" variant="light" role="status">
          {t('payments.receipt.cancelled')}
        </Alert>
      )}
      {result.status === 'PENDING' && result.paymentMethodType === 'TYPE_BANK_ACCOUNT' && (
        <Alert color="blue" variant="light" role="status">
          {t('payments.receipt.bankPending')}
        </Alert>
      )}
      <ReceiptDetails
        tx={result}
        propertyName={lease.joins.property?.propertyName}
        paidTo={lease.joins.company?.name}
        onClose={onClose}
      />
    </Stack>
  );
}
