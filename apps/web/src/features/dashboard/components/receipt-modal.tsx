import { Modal } from '@mantine/core';
import type { PaymentTransaction } from '../../../api/types';
import { RECEIPT_MODAL_CLASSES, ReceiptDetails } from '../../../components/receipt/receipt-details';
import { useTranslation } from '../../../lib/i18n';

/** spec 1 §9: the receipt of a past payment with every receipt field, its fee and total rules, print and close. */
export function ReceiptModal({ transaction, onClose }: { transaction: PaymentTransaction | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={transaction !== null}
      onClose={onClose}
      title={t('receipt.title')}
      size="lg"
      classNames={RECEIPT_MODAL_CLASSES}
      closeButtonProps={{ 'aria-label': t('dashboard.close') }}
    >
      {transaction && (
        <ReceiptDetails
          tx={transaction}
          propertyName={transaction.joins.property?.propertyName}
          paidTo={transaction.joins.company?.name}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
