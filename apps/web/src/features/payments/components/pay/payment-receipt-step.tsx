// spec 1 §4 / §9: the receipt of the payment just made: the receipt every past payment has (components/receipt), with
// print and close. issue 20: a cancelled attempt (the soft-maximum Cancel) moved no money and is not a receipt: a short
// "cancelled, nothing was charged" view instead, without fees or a total.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { formatMoney, toCents } from '@portal/domain/money';
import type { PaymentResult } from '@portal/domain/payment-shapes';
import { isCancelledAttempt } from '@portal/domain/receipt';
import type { PropertyLease } from '../../../../api/types';
import { ReceiptDetails } from '../../../../components/receipt/receipt-details';
import { useTranslation } from '../../../../lib/i18n';
import { useLang } from '../../../../lib/locale';

function CancelledAttempt({ result, onClose }: { result: PaymentResult; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Stack gap="md" data-testid="payment-cancelled">
      <Alert color="blue" variant="light" role="status">
        {t('payments.cancelled.text', { amount: formatMoney(toCents(result.amount), result.currency, lang) })}
      </Alert>
      <Text size="sm">{t('payments.cancelled.balance')}</Text>
      <Group justify="flex-end">
        <Button onClick={onClose}>{t('common.close')}</Button>
      </Group>
    </Stack>
  );
}

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
  if (isCancelledAttempt(result.status)) return <CancelledAttempt result={result} onClose={onClose} />;
  return (
    <Stack gap="md">
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
