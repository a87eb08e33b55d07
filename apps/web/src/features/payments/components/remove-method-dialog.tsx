// spec 1 §5 / §8: removing a payment method needs confirmation; refusals are mapped by mapDeletePaymentMethodError.
import { mapDeletePaymentMethodError } from '@portal/domain/errors';
import type { MessageRef } from '@portal/domain/rule';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifySuccess } from '../../../components/notify';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { type PaymentMethodToDelete, useDeletePaymentMethod } from '../api/delete-payment-method';

export interface MethodToRemove extends PaymentMethodToDelete {
  label: string;
}

interface RemoveMethodDialogProps {
  method: MethodToRemove | null;
  onClose: () => void;
  /** The method is gone (the list is already refetched). */
  onRemoved: (method: MethodToRemove) => void;
  /** spec 1 §8: a method in use (autopay, credit reporting) closes the dialog and the message shows on the page. */
  onRefused: (message: MessageRef) => void;
}

export function RemoveMethodDialog({ method, onClose, onRemoved, onRefused }: RemoveMethodDialogProps) {
  const { t } = useTranslation();
  const remove = useDeletePaymentMethod();
  const [error, setError] = useState<MessageRef | null>(null);
  // the text stays while the dialog closes (its transition) after `method` became null
  const shown = useRef(method);
  if (method) shown.current = method;

  const close = () => {
    setError(null);
    remove.reset();
    onClose();
  };

  const confirm = async () => {
    if (!method) return;
    setError(null);
    try {
      await remove.mutateAsync({ id: method.id, type: method.type });
      notifySuccess(t('payments.methods.removed', { label: method.label }));
      close();
      onRemoved(method);
    } catch (err) {
      const outcome = mapDeletePaymentMethodError(
        err instanceof ApiError ? { errorCode: err.errorCode, message: err.message } : { errorCode: 'RM_ERROR_SYSTEM' },
      );
      const message: MessageRef = { key: outcome.key, values: outcome.values };
      if (outcome.closeDialog) {
        close();
        onRefused(message);
      } else {
        setError(message);
      }
    }
  };

  return (
    <ConfirmDialog
      opened={!!method}
      title={t('payments.methods.removeTitle')}
      confirmLabel={t('payments.methods.confirmRemove')}
      danger
      loading={remove.isPending}
      error={error ? t(error.key, error.values) : null}
      onConfirm={confirm}
      onCancel={close}
    >
      {/* issue 21 §1: a split-pay plan is removed only once paid in full (the server refuses it before, saying why) */}
      {t(shown.current?.type === 'TYPE_INSTALLMENT_PAY' ? 'payments.methods.removePlanText' : 'payments.methods.removeText', {
        label: shown.current?.label ?? '',
      })}
    </ConfirmDialog>
  );
}
