// spec 1 §2: delete a listed document (the tenant's or the manager's) after a confirmation.
import { mapErrorCodeAlert } from '@portal/domain/errors';
import type { MessageRef } from '@portal/domain/rule';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { notifySuccess } from '../../../components/notify';
import { ApiError } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { useDeleteDocument } from '../api/delete-document';

export interface DocumentToDelete {
  id: string;
  name: string;
}

export function DeleteDocumentModal({ document, onClose }: { document: DocumentToDelete | null; onClose: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteDocument();
  const [error, setError] = useState<MessageRef | null>(null);

  const close = () => {
    setError(null);
    remove.reset();
    onClose();
  };

  const confirm = async () => {
    if (!document) return;
    setError(null);
    try {
      await remove.mutateAsync(document.id);
      notifySuccess(t('account.documents.deleted'));
      close();
    } catch (err) {
      // spec 2 §8: a document delete error shows the errorCode
      setError(mapErrorCodeAlert({ errorCode: err instanceof ApiError ? err.errorCode : 'RM_ERROR_SYSTEM' }));
    }
  };

  return (
    <ConfirmDialog
      opened={!!document}
      title={t('account.documents.deleteTitle')}
      confirmLabel={t('account.documents.confirmDelete')}
      danger
      loading={remove.isPending}
      error={error ? t(error.key, error.values) : null}
      onConfirm={confirm}
      onCancel={close}
    >
      {t('account.documents.deleteText', { name: document?.name ?? '' })}
    </ConfirmDialog>
  );
}
